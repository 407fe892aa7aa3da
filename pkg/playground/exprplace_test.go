package playground

import (
	"github.com/kubecfg/kubecfg/internal/kubecfg"
	"strings"
	"testing"
)

// TestExprDiagnostics: an error in eval's -e expression is placed in the
// expression (ExprFile, its own line and column), not in line 1 of the
// input, whose name the wrapper has; the error text stays kubecfg's.
// Places in the wrapper outside the expression are marked, never placed.
func TestExprDiagnostics(t *testing.T) {
	app := "{ a: 1, deployment: { spec: {} } }\n"
	for _, tc := range []struct {
		expr, stderr               string
		line, col, endLine, endCol int
		msg                        string
	}{
		{"$.deployment.spec.replicaz", "app.jsonnet:1:61-87", 1, 1, 1, 27, "RUNTIME ERROR: Field does not exist: replicaz"},
		{"$.a + loc", "app.jsonnet:1:67-70 Unknown variable: loc", 1, 7, 1, 10, "Unknown variable: loc"},
		{"$.a +\n  nosuch", "app.jsonnet:2:3-9 Unknown variable: nosuch", 2, 3, 2, 9, "Unknown variable: nosuch"},
		{"$.a +", "Unexpected: \"}\" while parsing terminal", 1, 6, 1, 6, "Unexpected: \"}\" while parsing terminal"},
		// Columns count bytes, as go-jsonnet's do.
		// kubecfg is predefined in front of line 1 (RFC06): the columns still map.
		{"kubecfg.nosuch", "RUNTIME ERROR: Field does not exist: nosuch", 1, 1, 1, 15, "RUNTIME ERROR: Field does not exist: nosuch"},
		{"[$.a, 'é', error 'boom']", "RUNTIME ERROR: boom", 1, 13, 1, 25, "RUNTIME ERROR: boom"},
	} {
		resp := (&Runner{}).Run(Request{Files: map[string]string{"app.jsonnet": app}, Invocation: kubecfg.Invocation{Command: "eval", Features: []string{"eval"}, Entry: "app.jsonnet", Expr: tc.expr}})
		if resp.ExitCode != 1 || len(resp.Diagnostics) != 1 {
			t.Fatalf("-e %q: exit %d, diagnostics %+v", tc.expr, resp.ExitCode, resp.Diagnostics)
		}
		if !strings.Contains(resp.Stderr, tc.stderr) {
			t.Errorf("-e %q: stderr %q lacks %q (kubecfg's text)", tc.expr, resp.Stderr, tc.stderr)
		}
		d := resp.Diagnostics[0]
		if d.File != ExprFile || d.Line != tc.line || d.Column != tc.col || d.EndLine != tc.endLine || d.EndColumn != tc.endCol || d.Message != tc.msg {
			t.Errorf("-e %q: diagnostic %s:%d:%d-%d:%d %q, want %s:%d:%d-%d:%d %q", tc.expr, d.File, d.Line, d.Column, d.EndLine, d.EndColumn, d.Message, ExprFile, tc.line, tc.col, tc.endLine, tc.endCol, tc.msg)
		}
		for _, f := range d.Frames {
			if f.File == "app.jsonnet" && !f.Wrapper {
				t.Errorf("-e %q: frame %+v of the wrapper not marked", tc.expr, f)
			}
		}
		if f := d.Frames[0]; f.Expr == nil || f.Expr.Line != tc.line || f.Expr.Column != tc.col {
			t.Errorf("-e %q: first frame %+v, want its place in the expression", tc.expr, f)
		}
	}
}

// TestExprDiagnosticsInTheFile: an error the expression reaches in the
// input file is placed there, as before.
func TestExprDiagnosticsInTheFile(t *testing.T) {
	resp := (&Runner{}).Run(Request{Files: map[string]string{"app.jsonnet": "{\n  b: error 'in the file',\n}\n"}, Invocation: kubecfg.Invocation{Command: "eval", Features: []string{"eval"}, Entry: "app.jsonnet", Expr: "$.b"}})
	d := resp.Diagnostics[0]
	if d.File != "app.jsonnet" || d.Line != 2 {
		t.Errorf("diagnostic %+v, want app.jsonnet line 2", d)
	}
}
