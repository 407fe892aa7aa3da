package playground

import "testing"

// TestDiagnosticFrames: an error's diagnostic carries every place of its
// trace as data, innermost first, the same places its text names.
func TestDiagnosticFrames(t *testing.T) {
	resp := (&Runner{}).Run(Request{Command: "show", Entry: "app.jsonnet", Files: map[string]string{
		"helpers.libsonnet": "{\n  name(x):: error 'no name for ' + x,\n}\n",
		"app.jsonnet":       "local h = import 'helpers.libsonnet';\n{ a: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: h.name('a') } } }\n",
	}})
	if resp.ExitCode != 1 || len(resp.Diagnostics) != 1 {
		t.Fatalf("exit %d, diagnostics %+v", resp.ExitCode, resp.Diagnostics)
	}
	frames := resp.Diagnostics[0].Frames
	var files []string
	for _, f := range frames {
		if f.File != "" {
			files = append(files, f.File)
		}
	}
	if len(files) < 2 || files[0] != "file:///workspace/helpers.libsonnet" || files[1] != "file:///workspace/app.jsonnet" {
		t.Fatalf("frames %+v, want helpers.libsonnet then app.jsonnet\n%s", frames, resp.Stderr)
	}
	if frames[0].Line != 2 || frames[1].Line != 2 {
		t.Errorf("lines %d, %d, want 2, 2", frames[0].Line, frames[1].Line)
	}
}
