package stdlib

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	jsonnet "github.com/google/go-jsonnet"

	"github.com/kubecfg/kubecfg/pkg/features"
)

// prelude imports the library the way user code does.
const prelude = "local kubecfg = import 'internal:///kubecfg.libsonnet';\n"

// newVM is a real go-jsonnet VM serving Library at URL with the natives.
func newVM(opts Options) *jsonnet.VM {
	vm := jsonnet.MakeVM()
	vm.Importer(&jsonnet.MemoryImporter{Data: map[string]jsonnet.Contents{
		URL: jsonnet.MakeContents(Library),
	}})
	for _, f := range Natives(opts) {
		vm.NativeFunction(f)
	}
	return vm
}

// evalExpr evaluates expr with kubecfg bound to the library.
func evalExpr(opts Options, expr string) (string, error) {
	return newVM(opts).EvaluateAnonymousSnippet("test.jsonnet", prelude+expr)
}

// gates resolves feature gates as the CLI would from --alpha and
// --features items.
func gates(t *testing.T, alpha bool, items ...string) *features.Gates {
	t.Helper()
	g, err := features.New(alpha, features.Source{Name: "--features", Items: items})
	if err != nil {
		t.Fatalf("features.New: %v", err)
	}
	return g
}

// newGatesForBench has knit on, for benchmarks that have no *testing.T.
func newGatesForBench() (*features.Gates, error) {
	return features.New(false, features.Source{Name: "--features", Items: []string{"knit"}})
}

// knitOn has the knit feature on.
func knitOn(t *testing.T) Options {
	t.Helper()
	return Options{Gates: gates(t, false, "knit")}
}

// evalCase is one row of a table test: expr evaluates to want (compared as
// JSON values, so strings compare exactly), or fails with err as the first
// line of its message after "RUNTIME ERROR: ".
type evalCase struct {
	name string
	expr string
	want any
	err  string
}

// runCases runs a table of evalCase with opts.
func runCases(t *testing.T, opts Options, cases []evalCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, err := evalExpr(opts, tc.expr)
			if tc.err != "" {
				if err == nil {
					t.Fatalf("got %s, want error %q", out, tc.err)
				}
				if got := firstLine(err); got != tc.err {
					t.Fatalf("error:\n got %q\nwant %q\nfull: %v", got, tc.err, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			var got any
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("output is not JSON: %v\n%s", err, out)
			}
			want := normalize(t, tc.want)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("got  %s\nwant %s", compact(got), compact(want))
			}
		})
	}
}

// firstLine is the error's first line without go-jsonnet's prefix.
func firstLine(err error) string {
	line, _, _ := strings.Cut(err.Error(), "\n")
	return strings.TrimPrefix(line, "RUNTIME ERROR: ")
}

func normalize(t *testing.T, v any) any {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("marshal want: %v", err)
	}
	var out any
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatalf("unmarshal want: %v", err)
	}
	return out
}

func compact(v any) string {
	data, _ := json.Marshal(v)
	return string(data)
}

// obj is shorthand for a JSON object in want values.
type obj = map[string]any

// arr is shorthand for a JSON array in want values.
type arr = []any
