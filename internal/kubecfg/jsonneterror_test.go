package kubecfg

import (
	"errors"
	"reflect"
	"testing"

	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/pkg/features"
)

// TestJsonnetErrorFrames: an evaluation error keeps go-jsonnet's text as it
// is and its places as data.
func TestJsonnetErrorFrames(t *testing.T) {
	files := map[string]string{
		"lib.libsonnet": "{\n  f(x):: error 'boom ' + x,\n}\n",
		"app.jsonnet":   "local lib = import 'lib.libsonnet';\n{ a: lib.f('now') }\n",
		"bad.jsonnet":   "local x = ;\nx\n",
		"deep.jsonnet":  "local f(n) = if n == 0 then error 'bottom' else 1 + f(n - 1);\nf(100)\n",
	}
	c := &Config{Gates: features.Defaults(), FS: importer.NewMapFS("/w", files), Cwd: "/w"}
	for _, tc := range []struct {
		input  string
		static bool
		msg    string
		frames []Frame
	}{
		{"app.jsonnet", false, "boom now", []Frame{
			{File: "file:///w/lib.libsonnet", Line: 2, Column: 10, EndLine: 2, EndColumn: 27, Name: "function <anonymous>", Text: "file:///w/lib.libsonnet:2:10-27"},
			{File: "file:///w/app.jsonnet", Line: 2, Column: 6, EndLine: 2, EndColumn: 18, Name: "object <anonymous>", Text: "file:///w/app.jsonnet:2:6-18"},
			{Name: `Field "a"`},
			{Name: "During manifestation"},
		}},
		{"bad.jsonnet", true, `Unexpected: ";" while parsing terminal`, []Frame{{File: "file:///w/bad.jsonnet", Line: 1, Column: 11, EndLine: 1, EndColumn: 12, Text: "file:///w/bad.jsonnet:1:11-12"}}},
		{"deep.jsonnet", false, "bottom", nil},
	} {
		t.Run(tc.input, func(t *testing.T) {
			_, err := c.Show(ShowOptions{Inputs: []string{tc.input}, Format: "yaml"})
			var je *JsonnetError
			if !errors.As(err, &je) {
				t.Fatalf("error %v (%T), want a *JsonnetError inside", err, err)
			}
			if got, want := err.Error(), "error reading "+tc.input+": "+je.Text; got != want {
				t.Errorf("text %q, want %q", got, want)
			}
			if je.Static != tc.static || (tc.msg != "" && je.Msg != tc.msg) {
				t.Errorf("static %v msg %q, want %v %q", je.Static, je.Msg, tc.static, tc.msg)
			}
			if tc.frames == nil {
				// A deep trace: as many frames as the text shows, and the
				// outermost last, as printed.
				if len(je.Frames) != maxFrames || je.Frames[maxFrames-1].Name != "During evaluation" {
					t.Errorf("%d frames, the last %+v; want %d, the last During evaluation", len(je.Frames), je.Frames[len(je.Frames)-1], maxFrames)
				}
				return
			}
			if !reflect.DeepEqual(je.Frames, tc.frames) {
				t.Errorf("frames\n%+v\nwant\n%+v\ntext:\n%s", je.Frames, tc.frames, je.Text)
			}
		})
	}
}

// TestJsonnetErrorCrash: a Go panic that go-jsonnet recovers during an
// evaluation (its INTERNAL ERROR (CRASH) with a goroutine trace) is one
// sentence; std.removeAt's own guard (internal/stdguard) answers with a
// position instead. The panic comes from the unguarded builtin, which
// internal/stdguard keeps under a hidden name.
func TestJsonnetErrorCrash(t *testing.T) {
	files := map[string]string{
		"panic.jsonnet": "{ a: std['$kubecfg:removeAt']([1, 2, 3], 3) }\n",
		"guard.jsonnet": "{ a: std.removeAt([1, 2, 3], 3) }\n",
	}
	c := &Config{Gates: features.Defaults(), FS: importer.NewMapFS("/w", files), Cwd: "/w"}
	_, err := c.Show(ShowOptions{Inputs: []string{"panic.jsonnet"}, Format: "yaml"})
	want := "error reading panic.jsonnet: RUNTIME ERROR: go-jsonnet failed on this program with a Go panic (runtime error: slice bounds out of range [4:3]) and stopped the evaluation\n"
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
	_, err = c.Show(ShowOptions{Inputs: []string{"guard.jsonnet"}, Format: "yaml"})
	var je *JsonnetError
	if !errors.As(err, &je) || je.Msg != "Index 3 out of bounds, not within [0, 3)" {
		t.Fatalf("error %v, want the guard's runtime error", err)
	}
	found := false
	for _, f := range je.Frames {
		found = found || (f.File == "file:///w/guard.jsonnet" && f.Line == 1 && f.Column == 6)
	}
	if !found {
		t.Errorf("frames %+v do not name the call at guard.jsonnet:1:6", je.Frames)
	}
}
