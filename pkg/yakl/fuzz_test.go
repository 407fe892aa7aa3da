package yakl

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-jsonnet/formatter"
)

func addSeeds(f *testing.F, pattern string) {
	files, _ := filepath.Glob(pattern)
	for _, file := range files {
		if b, err := os.ReadFile(file); err == nil {
			f.Add(string(b))
		}
	}
}

// parseOnly reports a Jsonnet syntax error: go-jsonnet's parser, without
// its static check (a .yakl file may read an unknown variable, and that is
// an evaluation error, not a syntax error).
func parseOnly(code string) error {
	_, _, err := formatter.SnippetToRawAST("fuzz.jsonnet", code)
	return err
}

// checkCompile checks Compile's promises on src: no panic, errors are
// *Error, the output (plain and pretty) parses as Jsonnet, the plain output
// keeps the source's lines, and Desugar works where Compile does.
func checkCompile(t *testing.T, src string) {
	t.Helper()
	for _, pretty := range []bool{false, true} {
		out, err := compileFile("fuzz.yakl", []byte(src), pretty)
		if err != nil {
			var ye *Error
			if !errors.As(err, &ye) {
				t.Fatalf("error %v is %T, not *Error", err, err)
			}
			return
		}
		if perr := parseOnly(out); perr != nil {
			t.Fatalf("output does not parse: %v\nsource:\n%s\noutput:\n%s", perr, src, out)
		}
		if !pretty {
			if got, want := strings.Count(out, "\n"), strings.Count(src, "\n"); got != want {
				t.Fatalf("output has %d newlines, source %d\nsource:\n%q\noutput:\n%q", got, want, src, out)
			}
		}
	}
	if _, err := Desugar("fuzz.yakl", []byte(src)); err != nil {
		t.Fatalf("Compile works but Desugar fails: %v\nsource:\n%s", err, src)
	}
}

// FuzzCompile: Compile never panics, its errors are *Error, its output
// parses as Jsonnet and has the source's lines.
func FuzzCompile(f *testing.F) {
	addSeeds(f, "testdata/*.yakl")
	f.Add("a: ${1}\nb: |\n  x ${'y'}\n  z\n")
	f.Add("'&f(a)': ${a}\nx: \"${f(1) # c\n}\"\n")
	recoverPanics = false
	defer func() { recoverPanics = true }()
	f.Fuzz(func(t *testing.T, src string) {
		checkCompile(t, src)
	})
}

// FuzzPredefineKubecfg: the result is the code, or the line plus the code
// exactly when the code reads kubecfg freely.
func FuzzPredefineKubecfg(f *testing.F) {
	for _, c := range kubecfgCorpus {
		f.Add(c)
	}
	f.Add("{kubecfg: 1}.kubecfg")
	f.Add("local kubecfg = 1; kubecfg")
	f.Fuzz(func(t *testing.T, code string) {
		got := PredefineKubecfg("fuzz.jsonnet", code)
		free, err := FreeVars("fuzz.jsonnet", code)
		reads := err == nil && strings.Contains(" "+strings.Join(free, " ")+" ", " kubecfg ")
		switch {
		case reads && got != KubecfgLocal+code:
			t.Fatalf("code reads kubecfg but got %q", got)
		case !reads && got != code:
			t.Fatalf("code does not read kubecfg but was changed to %q", got)
		}
		if strings.Count(got, "\n") != strings.Count(code, "\n") {
			t.Fatalf("line count changed")
		}
	})
}

// FuzzCompileExpr puts arbitrary text inside ${…} in a quoted scalar, a
// key, an interpolation and a block scalar, and checks Compile's promises.
func FuzzCompileExpr(f *testing.F) {
	for _, s := range []string{"1 + 2", "|||\n  text\n|||", "{a: '}'}.a", "x # c", "@'a\nb'", "'a\nb'", "// c\n1", "/* } */ 1", "self.a", "std.length([{}])"} {
		f.Add(s)
	}
	recoverPanics = false
	defer func() { recoverPanics = true }()
	f.Fuzz(func(t *testing.T, expr string) {
		q := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\t", `\t`, "\r", `\r`).Replace(expr)
		block := "    " + strings.ReplaceAll(expr, "\n", "\n    ")
		src := "'&x': 1\na: \"${" + q + "}\"\nb: \"pre ${" + q + "} post\"\n\"${" + q + "}\": 3\nc: |\n  ${\n" + block + "\n  }\nd: end\n"
		checkCompile(t, src)
	})
}
