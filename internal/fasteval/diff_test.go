package fasteval_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	jsonnet "github.com/google/go-jsonnet"
	"github.com/google/go-jsonnet/ast"

	"github.com/kubecfg/kubecfg/internal/fasteval"
	"github.com/kubecfg/kubecfg/internal/testdata"
)

// The settings go-jsonnet's own harness gives its test programs (facts
// from its main_test.go): ext vars, ext code and three natives.
var (
	extVars = map[string]string{"stringVar": "2 + 2"}
	extCode = map[string]string{
		"codeVar":               "3 + 3",
		"errorVar":              "error 'xxx'",
		"staticErrorVar":        ")",
		"UndeclaredX":           "x",
		"selfRecursiveVar":      `[42, std.extVar("selfRecursiveVar")[0] + 1]`,
		"mutuallyRecursiveVar1": `[42, std.extVar("mutuallyRecursiveVar2")[0] + 1]`,
		"mutuallyRecursiveVar2": `[42, std.extVar("mutuallyRecursiveVar1")[0] + 1]`,
	}
	natives = []*jsonnet.NativeFunction{
		{Name: "jsonToString", Params: ast.Identifiers{"x"}, Func: func(x []any) (any, error) {
			b, err := json.Marshal(x[0])
			return string(b), err
		}},
		{Name: "nativeError", Func: func([]any) (any, error) { return nil, errors.New("native function error") }},
		{Name: "nativePanic", Func: func([]any) (any, error) { panic("native function panic") }},
	}
)

// outcome is how the fast engine did on one program.
type outcome int

const (
	agree    outcome = iota // the fast engine's output, equal to go-jsonnet's
	fellBack                // the fast engine gave up on a program go-jsonnet runs: its result stands
	bothFail                // the program fails: go-jsonnet's error stands
	differ                  // the fast engine's output is not go-jsonnet's: a bug
)

// run evaluates one program on both engines, each with a fresh state.
func run(name, src string, imp func() jsonnet.Importer) (outcome, string) {
	var goTrace, fastTrace bytes.Buffer
	want, werr := harnessVM(imp(), &goTrace, natives).EvaluateSnippet(name, src)
	e := fasteval.New(fasteval.Options{Importer: imp(), Natives: natives, ExtVars: vars(), TraceOut: &fastTrace})
	got, err := e.Evaluate(name, src)
	var fb *fasteval.Fallback
	switch {
	case errors.As(err, &fb) && werr != nil:
		return bothFail, fb.Reason
	case errors.As(err, &fb):
		return fellBack, fb.Reason
	case err != nil:
		return differ, "unexpected error: " + err.Error()
	case werr != nil:
		return differ, "go-jsonnet failed: " + werr.Error() + "\nfast engine gave:\n" + got
	case got != want && goVaries(name, src, imp, want):
		// go-jsonnet's own output changes from run to run (its
		// std.parseYaml of a map whose keys print alike, 01 and 1., takes
		// either value, in Go's map order): not the fast engine's doing.
		return agree, "go-jsonnet's output varies"
	case got != want:
		return differ, "output differs:\n--- go-jsonnet\n" + want + "\n--- fast\n" + got
	case goTrace.String() != fastTrace.String():
		return differ, "trace differs:\n--- go-jsonnet\n" + goTrace.String() + "\n--- fast\n" + fastTrace.String()
	}
	return agree, ""
}

// goVaries says whether go-jsonnet, run again on src (up to 40 times,
// each with a fresh VM), gives an output other than want: then no output
// can be held to its (the fast engine's is checked no further).
func goVaries(name, src string, imp func() jsonnet.Importer, want string) bool {
	for range 40 {
		if out, err := harnessVM(imp(), io.Discard, natives).EvaluateSnippet(name, src); err == nil && out != want {
			return true
		}
	}
	return false
}

// harnessVM is a fresh go-jsonnet VM with the harness's ext vars and
// code, the natives nats, and its trace written to trace.
func harnessVM(imp jsonnet.Importer, trace io.Writer, nats []*jsonnet.NativeFunction) *jsonnet.VM {
	vm := jsonnet.MakeVM()
	vm.SetTraceOut(trace)
	vm.Importer(imp)
	for k, v := range extVars {
		vm.ExtVar(k, v)
	}
	for k, v := range extCode {
		vm.ExtCode(k, v)
	}
	for _, n := range nats {
		vm.NativeFunction(n)
	}
	return vm
}

// vars are the harness's ext vars and code for the fast engine.
func vars() []fasteval.Var {
	var out []fasteval.Var
	for k, v := range extVars {
		out = append(out, fasteval.Var{Name: k, Value: v})
	}
	for k, v := range extCode {
		out = append(out, fasteval.Var{Name: k, Value: v, Code: true})
	}
	return out
}

// programs are go-jsonnet's test programs: name to source.
func programs(tb testing.TB) (string, map[string]string) {
	dir := testdata.Dir(tb, "go-jsonnet")
	files, err := filepath.Glob(filepath.Join(dir, "*.jsonnet"))
	if err != nil {
		tb.Fatal(err)
	}
	out := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		out[f] = string(b)
	}
	return dir, out
}

// TestGoJsonnetPrograms runs go-jsonnet's test programs on both engines:
// every program the fast engine finishes must give go-jsonnet's output
// byte for byte. The counts are logged (go test -v).
func TestGoJsonnetPrograms(t *testing.T) {
	dir, progs := programs(t)
	imp := func() jsonnet.Importer { return &jsonnet.FileImporter{JPaths: []string{dir}} }
	names := make([]string, 0, len(progs))
	for n := range progs {
		names = append(names, n)
	}
	sort.Strings(names)
	counts := map[outcome]int{}
	reasons := map[string]int{}
	for _, n := range names {
		o, why := run(n, progs[n], imp)
		counts[o]++
		switch o {
		case differ:
			t.Errorf("%s: %s", filepath.Base(n), why)
		case fellBack:
			if i := strings.IndexAny(why, "\n"); i >= 0 {
				why = why[:i]
			}
			reasons[why]++
			if testing.Verbose() {
				t.Logf("fell back: %s: %s", filepath.Base(n), why)
			}
		}
	}
	t.Logf("go-jsonnet's %d programs: %d agree, %d fall back (of which go-jsonnet fails %d), %d differ",
		len(names), counts[agree], counts[fellBack]+counts[bothFail], counts[bothFail], counts[differ])
	if testing.Verbose() {
		type kv struct {
			k string
			v int
		}
		var rs []kv
		for k, v := range reasons {
			rs = append(rs, kv{k, v})
		}
		sort.Slice(rs, func(i, j int) bool { return rs[i].v > rs[j].v })
		for _, r := range rs {
			t.Logf("%4d %s", r.v, r.k)
		}
	}
}

// FuzzPrograms runs fuzzed programs on both engines: whatever the fast
// engine finishes must be go-jsonnet's output. The seeds are go-jsonnet's
// test programs (and a few of this package's when they are absent).
func FuzzPrograms(f *testing.F) {
	for _, s := range []string{
		`{a: 1, b: [1, "x", null, true], c: {d:: 2, e+: 3}}`,
		`local f(x, y=2) = x * y; [f(3), f(y=1, x=2), std.length("héllo")]`,
		`{a: {b: 1}} + {a+: {c: super.b}}`,
		`[x + 1 for x in std.range(1, 5) if x % 2 == 0]`,
		`std.manifestYamlDoc({a: [1, {b: "c\n"}], "1": null})`,
		`std.manifestTomlEx({a: 1, "b c": [1, [2]], d: {e: [{f: "x"}], g: {}}, h: [{i: 1}, {}]}, "  ")`,
	} {
		f.Add(s)
	}
	dir, progs := programsIfAny()
	for _, src := range progs {
		f.Add(src)
	}
	imp := func() jsonnet.Importer { return &jsonnet.FileImporter{JPaths: []string{dir}} }
	f.Fuzz(func(t *testing.T, src string) {
		// Programs that run long (big numbers make big loops) are not
		// what the fuzzer is for; neither are imports.
		// Nor are tailstrict calls: go-jsonnet does not count them against
		// its stack limit, so an endless one overflows Go's own stack in
		// go-jsonnet, a fatal error that ends the fuzzing process (the CLI's
		// supervisor turns it into a sentence, internal/fatal);
		// TestStackLimitLikeGoJsonnet compares them at bounded depths.
		if len(src) > 4096 || strings.Contains(src, "import") || strings.Contains(src, "tailstrict") || bigNumber.MatchString(src) {
			return
		}
		type result struct {
			o   outcome
			why string
		}
		done := make(chan result, 1)
		go func() {
			o, why := run("fuzz.jsonnet", src, imp)
			done <- result{o, why}
		}()
		select {
		case r := <-done:
			if r.o == differ {
				t.Errorf("%q: %s", src, r.why)
			}
		case <-time.After(5 * time.Second):
			// Still running (exponential work): not compared; the
			// evaluation goroutine cannot be stopped and finishes alone.
		}
	})
}

// bigNumber is a number of four digits or more, or in exponent form.
var bigNumber = regexp.MustCompile(`[0-9]{4}|[0-9][eE]`)

// programsIfAny is programs without a testing.TB: nil when the suite is
// absent.
func programsIfAny() (string, map[string]string) {
	dir := filepath.Join(testdata.Root(), "go-jsonnet")
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonnet"))
	if len(files) == 0 {
		return dir, nil
	}
	out := map[string]string{}
	for _, f := range files {
		if b, err := os.ReadFile(f); err == nil {
			out[f] = string(b)
		}
	}
	return dir, out
}

// TestEvaluateValue checks EvaluateValue against encoding/json's reading
// of Evaluate's text on go-jsonnet's test programs the fast engine
// finishes.
func TestEvaluateValue(t *testing.T) {
	dir, progs := programs(t)
	n := 0
	for name, src := range progs {
		opts := fasteval.Options{Importer: &jsonnet.FileImporter{JPaths: []string{dir}}, Natives: natives, TraceOut: io.Discard}
		text, err := fasteval.New(opts).Evaluate(name, src)
		if err != nil {
			continue
		}
		var want any
		if err := json.Unmarshal([]byte(text), &want); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := fasteval.New(opts).EvaluateValue(name, src)
		if err != nil {
			t.Errorf("%s: Evaluate finished, EvaluateValue fell back: %v", name, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: EvaluateValue gave %#v, the text reads as %#v", filepath.Base(name), got, want)
		}
		n++
	}
	t.Logf("%d programs compared", n)
}
