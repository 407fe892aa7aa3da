package importer

import (
	"errors"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/lex"
)

func TestCheckNesting(t *testing.T) {
	deep := strings.Repeat("[", 1001) + strings.Repeat("]", 1001)
	for _, tc := range []struct {
		name, code string
		wantErr    bool
		line, col  int
	}{
		{name: "shallow", code: "{ a: [1, (2)] }"},
		{name: "exactly the limit", code: strings.Repeat("(", 1000) + "1" + strings.Repeat(")", 1000)},
		{name: "one past the limit", code: deep, wantErr: true, line: 1, col: 1001},
		{name: "on a later line", code: "local x = 1;\n" + deep, wantErr: true, line: 2, col: 1001},
		{name: "brackets in strings", code: `'` + strings.Repeat("[", 2000) + `' + "` + strings.Repeat("{", 2000) + `"`},
		{name: "brackets in a verbatim string", code: `@'` + strings.Repeat("(", 2000) + `''('`},
		{name: "brackets in a text block", code: "|||\n  " + strings.Repeat("[", 2000) + "\n|||"},
		{name: "brackets in comments", code: "// " + strings.Repeat("[", 2000) + "\n# " + strings.Repeat("{", 2000) + "\n/* " + strings.Repeat("(", 2000) + " */ 1"},
		{name: "escaped quote", code: `'\'` + strings.Repeat("[", 2000) + `'`},
		{name: "sequential, not nested", code: strings.Repeat("[]", 5000)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckNesting("f.jsonnet", tc.code, lex.MaxDepth)
			if !tc.wantErr {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				return
			}
			var ne *NestingError
			if !errors.As(err, &ne) || ne.Line != tc.line || ne.Column != tc.col {
				t.Fatalf("error = %v, want a NestingError at %d:%d", err, tc.line, tc.col)
			}
		})
	}
}

func FuzzCheckNesting(f *testing.F) {
	for _, s := range []string{"{a: [1]}", "'[' + @\"x\"\"\" |||\n(\n|||", "/* [ */ (", "#(\n["} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		_ = CheckNesting("f", code, 3)
	})
}

// TestImportChecksNestingOnce: the check is remembered for the contents
// that passed it, never for those that failed.
func TestImportChecksNestingOnce(t *testing.T) {
	deep := strings.Repeat("[", 1001) + strings.Repeat("]", 1001)
	fsys := MapFS{"/w/ok.libsonnet": []byte("{ a: [1] }"), "/w/deep.libsonnet": []byte(deep)}
	im := New(Options{FS: fsys, Cwd: "/w"})
	for i := range 2 {
		if _, _, err := im.Import("", "ok.libsonnet"); err != nil {
			t.Fatalf("import %d of ok.libsonnet: %v", i, err)
		}
		var ne *NestingError
		if _, _, err := im.Import("", "deep.libsonnet"); !errors.As(err, &ne) {
			t.Fatalf("import %d of deep.libsonnet: error %v, want a NestingError", i, err)
		}
	}
	if len(im.nested) != 1 || im.nested["file:///w/ok.libsonnet"] == nil {
		t.Errorf("remembered %v, want ok.libsonnet only", im.nested)
	}
}
