package playground

import (
	"testing"

	"github.com/kubecfg/kubecfg/internal/kubecfg"
)

// TestDiagnosticFrames: an error's diagnostic carries every place of its
// trace as data, innermost first, the same places its text names.
func TestDiagnosticFrames(t *testing.T) {
	resp := (&Runner{}).Run(Request{Files: map[string]string{
		"helpers.libsonnet": "{\n  name(x):: error 'no name for ' + x,\n}\n",
		"app.jsonnet":       "local h = import 'helpers.libsonnet';\n{ a: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: h.name('a') } } }\n",
	}, Invocation: kubecfg.Invocation{Command: "show", Entry: "app.jsonnet"}})
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

// TestDiagnosticOfferEval: show of a value that is not Kubernetes objects
// says so in its diagnostic's hint and marks it for the page's offer of
// eval; any other error does not.
func TestDiagnosticOfferEval(t *testing.T) {
	r := &Runner{}
	resp := r.Run(Request{Files: map[string]string{"app.jsonnet": "{ a: 1 }\n"}, Invocation: kubecfg.Invocation{Command: "show", Entry: "app.jsonnet"}})
	if resp.ExitCode != 1 || len(resp.Diagnostics) != 1 {
		t.Fatalf("exit %d, diagnostics %+v", resp.ExitCode, resp.Diagnostics)
	}
	d := resp.Diagnostics[0]
	want := "hint: show prints Kubernetes objects, and $.a is a number: to print any value, use eval, as in kubecfg --features=eval eval FILE"
	if !d.OfferEval || d.Hint != want {
		t.Errorf("offerEval %v, hint %q; want true, %q", d.OfferEval, d.Hint, want)
	}
	resp = r.Run(Request{Files: map[string]string{"app.jsonnet": "1\n"}, Invocation: kubecfg.Invocation{Command: "show", Entry: "app.jsonnet"}})
	if len(resp.Diagnostics) != 1 || resp.Diagnostics[0].OfferEval {
		t.Errorf("a file whose value is a number (eval fails too): diagnostics %+v, want one without offerEval", resp.Diagnostics)
	}
	resp = r.Run(Request{Files: map[string]string{"app.jsonnet": "{ a: error 'no' }\n"}, Invocation: kubecfg.Invocation{Command: "show", Entry: "app.jsonnet"}})
	if len(resp.Diagnostics) != 1 || resp.Diagnostics[0].OfferEval {
		t.Errorf("another error: diagnostics %+v, want one without offerEval", resp.Diagnostics)
	}
}
