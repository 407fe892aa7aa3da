package docsite

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/golden"
	"golang.org/x/tools/txtar"
)

// examplesDir is docs/examples, from this package's directory.
const examplesDir = "../../docs/examples"

// TestExamples runs every docs example through playground.Run and checks
// its output byte for byte; -update rewrites the expected sections.
func TestExamples(t *testing.T) {
	exs, err := LoadExamples(examplesDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, ex := range exs {
		t.Run(ex.Name, func(t *testing.T) {
			got, err := ex.Run()
			if err != nil {
				t.Fatalf("example %s: %v", ex.Name, err)
			}
			if golden.Update() {
				writeExpected(t, ex, got)
				return
			}
			if got != ex.Expected {
				t.Errorf("example %s (%s): output differs\n--- got ---\n%s--- want ---\n%s", ex.Name, ex.Command(), got, ex.Expected)
			}
		})
	}
}

func writeExpected(t *testing.T, ex *Example, out string) {
	t.Helper()
	data, err := os.ReadFile(ex.Path)
	if err != nil {
		t.Fatal(err)
	}
	ar := txtar.Parse(data)
	for i := range ar.Files {
		if ar.Files[i].Name == ExpectedSection {
			ar.Files[i].Data = []byte(out)
		}
	}
	if err := os.WriteFile(ex.Path, txtar.Format(ar), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestParseExampleErrors(t *testing.T) {
	cases := []struct{ name, data, want string }{
		{"header not JSON", "show\n-- a.jsonnet --\n{}\n-- expected --\n", "the header is not a request"},
		{"unknown header field", `{"command":"show","entry":"a.jsonnet","bogus":1}` + "\n-- a.jsonnet --\n{}\n-- expected --\n", "unknown field"},
		{"files in the header", `{"command":"show","entry":"a.jsonnet","files":{}}` + "\n-- a.jsonnet --\n{}\n-- expected --\n", "must not hold files"},
		{"bad command", `{"command":"apply","entry":"a.jsonnet"}` + "\n-- a.jsonnet --\n{}\n-- expected --\n", `command "apply"`},
		{"no expected", `{"command":"show","entry":"a.jsonnet"}` + "\n-- a.jsonnet --\n{}\n", `no "expected" section`},
		{"two expected", `{"command":"show","entry":"a.jsonnet"}` + "\n-- a.jsonnet --\n{}\n-- expected --\n-- expected --\n", `two "expected"`},
		{"missing entry", `{"command":"show","entry":"b.jsonnet"}` + "\n-- a.jsonnet --\n{}\n-- expected --\n", `entry "b.jsonnet"`},
		{"file twice", `{"command":"show","entry":"a.jsonnet"}` + "\n-- a.jsonnet --\n{}\n-- a.jsonnet --\n{}\n-- expected --\n", "appears twice"},
		{"two headers", `{"command":"show","entry":"a.jsonnet"} {}` + "\n-- a.jsonnet --\n{}\n-- expected --\n", "more than one JSON value"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseExample("x.txtar", []byte(c.data))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("ParseExample error = %v, want it to contain %q", err, c.want)
			}
			if !strings.HasPrefix(err.Error(), "x.txtar") {
				t.Errorf("error %q does not name the file first", err)
			}
		})
	}
}

// TestExampleFailureNamesTheExample checks that a wrong expectation is
// reported with the example's name and a failing run with kubecfg's error.
func TestExampleFailureNamesTheExample(t *testing.T) {
	dir := t.TempDir()
	bad := `{"command":"show","entry":"a.jsonnet"}` + "\n-- a.jsonnet --\n{ a: error 'boom' }\n-- expected --\n"
	if err := os.WriteFile(filepath.Join(dir, "broken.txtar"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	exs, err := LoadExamples(dir)
	if err != nil {
		t.Fatal(err)
	}
	_, err = exs[0].Run()
	if err == nil || !strings.Contains(err.Error(), "broken.txtar") || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("Run error = %v, want the example's path and kubecfg's message", err)
	}
}
