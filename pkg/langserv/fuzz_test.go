package langserv

import (
	"strings"
	"testing"
)

// FuzzServe asks every op about arbitrary text at an arbitrary place, in
// a Jsonnet file, a .yakl file and the Expression box: no answer is an
// internal error (a recovered panic), and a completion's range is a place
// in the text.
func FuzzServe(f *testing.F) {
	for _, s := range []string{
		"local lib = import 'lib.libsonnet';\n{ a: lib. }\n",
		"{ a: self.b, b: super.c, c: $.a, [x]: 1 for x in [] }",
		"local f(a, b=1) = a + b; f(1) { x+: 2 } // lib.\n",
		"'${kubecfg.fold(' ${std.len}}\n&x: ${ |||\n a\n||| }",
		"\"\\u00e9\" @'a''b' /* ${ */ |||",
		"import 'lib.libsonnet'.deployment('a').",
	} {
		f.Add(s, 7)
	}
	f.Fuzz(func(t *testing.T, text string, at int) {
		files := map[string]string{"lib.libsonnet": "{ deployment(name):: { kind: 'Deployment' } }"}
		for _, path := range []string{"app.jsonnet", "app.yakl", ExpressionPath} {
			files[path] = text
			src := newSource(text)
			if at < 0 {
				at = -at
			}
			pos := src.pos(at % (len(text) + 1))
			for op := range ops {
				resp := Serve(Request{Op: op, Files: files, Path: path, Line: pos.Line, Column: pos.Column, Entry: "app.jsonnet"})
				if strings.Contains(resp.Error, "internal error") {
					t.Fatalf("%s %s at %v of %q: %s", op, path, pos, text, resp.Error)
				}
				if c := resp.Completions; c != nil && (c.From.Line < 1 || c.From.Line > len(src.lines) || c.From.Line > c.To.Line) {
					t.Fatalf("complete %s at %v of %q: range %v–%v", path, pos, text, c.From, c.To)
				}
			}
			delete(files, path)
		}
	})
}
