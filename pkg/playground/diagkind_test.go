package playground

import (
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/kubecfg"
)

// TestDiagnosticKinds: an error's diagnostic says what it is (kind, the
// feature a gate asks for) as data, and each of its frames' Text is the
// place as its text names it.
func TestDiagnosticKinds(t *testing.T) {
	for _, tc := range []struct {
		name          string
		req           Request
		kind, feature string
		hint          string
	}{
		{"a gate", Request{Files: map[string]string{"app.jsonnet": "{}"}, Invocation: kubecfg.Invocation{Command: "eval", Entry: "app.jsonnet"}}, "gate", "eval", ""},
		{"a gate an import meets", Request{Files: map[string]string{"app.jsonnet": "importbin 'binary://x'"}, Invocation: kubecfg.Invocation{Command: "show", Entry: "app.jsonnet"}}, "gate", "binary-import", ""},
		{"a static error", Request{Files: map[string]string{"app.jsonnet": "local x = ;\nx\n"}, Invocation: kubecfg.Invocation{Command: "show", Entry: "app.jsonnet"}}, "static", "", ""},
		{"a runtime error", Request{Files: map[string]string{"app.jsonnet": "{ a: error 'x' }"}, Invocation: kubecfg.Invocation{Command: "show", Entry: "app.jsonnet"}}, "runtime", "", ""},
		{"yakl", Request{Files: map[string]string{"app.yakl": "a: 1\na: 2\n"}, Invocation: kubecfg.Invocation{Command: "show", Entry: "app.yakl", Features: []string{"yakl"}}}, "yakl", "", ""},
		{"nesting", Request{Files: map[string]string{"app.jsonnet": strings.Repeat("[", 1001) + strings.Repeat("]", 1001)}, Invocation: kubecfg.Invocation{Command: "show", Entry: "app.jsonnet"}}, "nesting", "", ""},
		{"the stack limit", Request{Files: map[string]string{"app.jsonnet": "local f(n) = 1 + f(n + 1); { a: f(0) }"}, Invocation: kubecfg.Invocation{Command: "show", Entry: "app.jsonnet"}}, "stack-limit", "", "this engine stops at 40 Jsonnet stack frames"},
		{"no data", Request{Files: map[string]string{"app.jsonnet": "{}"}, Invocation: kubecfg.Invocation{Command: "show", Entry: "missing.jsonnet"}}, "", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp := (&Runner{MaxStack: 40}).Run(tc.req)
			if resp.ExitCode != 1 || len(resp.Diagnostics) == 0 {
				t.Fatalf("exit %d, diagnostics %+v", resp.ExitCode, resp.Diagnostics)
			}
			d := resp.Diagnostics[len(resp.Diagnostics)-1]
			if d.Kind != tc.kind || d.Feature != tc.feature {
				t.Errorf("kind %q feature %q, want %q %q\n%s", d.Kind, d.Feature, tc.kind, tc.feature, resp.Stderr)
			}
			if !strings.HasPrefix(d.Hint, tc.hint) || tc.hint == "" && tc.kind == "stack-limit" {
				t.Errorf("hint %q, want %q", d.Hint, tc.hint)
			}
			at := 0
			for _, f := range d.Frames {
				if f.Text == "" {
					continue
				}
				i := strings.Index(resp.Stderr[at:], f.Text)
				if i < 0 {
					t.Fatalf("frame %q is not in the text after %d, in order:\n%s", f.Text, at, resp.Stderr)
				}
				at += i + len(f.Text)
			}
			if tc.kind != "" && tc.kind != "gate" && len(d.Frames) == 0 {
				t.Errorf("no frames:\n%s", resp.Stderr)
			}
		})
	}
}
