package stdguard

import (
	"os"
	"strings"
	"testing"

	jsonnet "github.com/google/go-jsonnet"
	"github.com/google/go-jsonnet/ast"
)

func TestMain(m *testing.M) {
	Install()
	os.Exit(m.Run())
}

func eval(t *testing.T, code string) (string, error) {
	t.Helper()
	vm := jsonnet.MakeVM()
	return vm.EvaluateAnonymousSnippet("app.jsonnet", code)
}

// TestInstalled: Install found the builtins and std's object.
func TestInstalled(t *testing.T) {
	if !Installed {
		t.Fatal("the guards are not installed: go-jsonnet's builtins or standard library changed shape")
	}
	for _, name := range guarded {
		if _, ok := funcBuiltins[name]; ok {
			t.Errorf("builtin %s is still in go-jsonnet's table", name)
		}
		if _, ok := funcBuiltins[Prefix+name]; !ok {
			t.Errorf("builtin %s is not kept as %s%s", name, Prefix, name)
		}
	}
}

// TestGuardsFail: the holes end in a runtime error with the call's
// position; before the guards removeAt panicked (INTERNAL ERROR (CRASH))
// and range and makeArray allocated.
func TestGuardsFail(t *testing.T) {
	for _, tc := range []struct{ code, msg string }{
		{"std.removeAt([1, 2, 3], 3)", "RUNTIME ERROR: Index 3 out of bounds, not within [0, 3)\n"},
		{"std.removeAt([1, 2, 3], -1)", "RUNTIME ERROR: Index -1 out of bounds, not within [0, 3)\n"},
		{"std.removeAt([], 0)", "RUNTIME ERROR: Index 0 out of bounds, not within [0, 0)\n"},
		{"std.range(0, 2e9)", "RUNTIME ERROR: std.range(0, 2000000000) would make 2000000001 elements, more than the limit of 10000000\n"},
		{"std.range(-5, 1e7 - 5)", "RUNTIME ERROR: std.range(-5, 9999995) would make 10000001 elements, more than the limit of 10000000\n"},
		{"std.makeArray(1e9, function(i) i)", "RUNTIME ERROR: std.makeArray(1000000000, ...) would make 1000000000 elements, more than the limit of 10000000\n"},
		{"std.repeat('x', 1e9)", "RUNTIME ERROR: std.makeArray(1000000000, ...) would make 1000000000 elements, more than the limit of 10000000\n"},
		{"std.repeat([1], 1e8)", "RUNTIME ERROR: std.makeArray(100000000, ...) would make 100000000 elements, more than the limit of 10000000\n"},
	} {
		_, err := eval(t, tc.code)
		if err == nil {
			t.Errorf("%s: no error", tc.code)
			continue
		}
		text := err.Error()
		if !strings.HasPrefix(text, tc.msg) || !strings.Contains(text, "app.jsonnet:1:1-") {
			t.Errorf("%s:\n%s\nwant it to start with %q and name app.jsonnet:1:1-", tc.code, text, tc.msg)
		}
		if strings.Contains(text, "CRASH") || strings.Contains(text, "goroutine") {
			t.Errorf("%s: a Go panic:\n%s", tc.code, text)
		}
	}
}

// TestGuardsPass: within bounds and limits the builtins answer as before,
// and their own errors (wrong types, non-integers) are theirs.
func TestGuardsPass(t *testing.T) {
	for _, tc := range []struct{ code, want string }{
		{"std.removeAt([1, 2, 3], 1)", "[1,3]"},
		{"std.removeAt([1, 2, 3], 2)", "[1,2]"},
		{"std.removeAt([1, 2, 3], 0)", "[2,3]"},
		{"std.range(1, 3)", "[1,2,3]"},
		{"std.range(3, 1)", "[]"},
		{"std.makeArray(3, function(i) i * i)", "[0,1,4]"},
		{"std.makeArray(0, function(i) i)", "[]"},
		{"std.repeat('ab', 3)", `"ababab"`},
		{"std.repeat([1], 2)", "[1,1]"},
		{"std.objectHas(std, 'removeAt') || std.objectHasAll(std, 'removeAt')", "true"},
	} {
		out, err := eval(t, tc.code)
		if err != nil {
			t.Errorf("%s: %v", tc.code, err)
			continue
		}
		if got := strings.Join(strings.Fields(out), ""); got != tc.want {
			t.Errorf("%s = %s, want %s", tc.code, got, tc.want)
		}
	}
	for _, tc := range []struct{ code, msg string }{
		{"std.removeAt([1, 2, 3], 1.5)", "RUNTIME ERROR: Expected an integer, but got 1.5\n"},
		{"std.removeAt('abc', 1)", "RUNTIME ERROR: Unexpected type string, expected array\n"},
		{"std.range('a', 1)", "RUNTIME ERROR: Unexpected type string, expected number\n"},
		{"std.makeArray('a', function(i) i)", "RUNTIME ERROR: Unexpected type string, expected number\n"},
		{"std.makeArray(2, 'f')", "RUNTIME ERROR: Unexpected type string, expected function\n"},
	} {
		_, err := eval(t, tc.code)
		if err == nil || !strings.HasPrefix(err.Error(), tc.msg) {
			t.Errorf("%s: error %v, want %q", tc.code, err, tc.msg)
		}
	}
}

// TestParseYamlGuard: std.parseYaml asks the native YAMLCheck first and
// fails with its sentence; without the native (a VM this project did not
// make) or when it answers null, go-jsonnet's builtin parses.
func TestParseYamlGuard(t *testing.T) {
	vm := jsonnet.MakeVM()
	if out, err := vm.EvaluateAnonymousSnippet("app.jsonnet", "std.parseYaml('a: [1]')"); err != nil || strings.Join(strings.Fields(out), "") != `{"a":[1]}` {
		t.Errorf("without the native: %s %v", out, err)
	}
	vm.NativeFunction(&jsonnet.NativeFunction{Name: YAMLCheck, Params: []ast.Identifier{"str"}, Func: func(args []any) (any, error) {
		if strings.Contains(args[0].(string), "*") {
			return "refused", nil
		}
		return nil, nil
	}})
	if out, err := vm.EvaluateAnonymousSnippet("app.jsonnet", "std.parseYaml('a: [1]')"); err != nil || strings.Join(strings.Fields(out), "") != `{"a":[1]}` {
		t.Errorf("accepted: %s %v", out, err)
	}
	_, err := vm.EvaluateAnonymousSnippet("app.jsonnet", "std.parseYaml('a: &a 1\\nb: *a')")
	if err == nil || !strings.HasPrefix(err.Error(), "RUNTIME ERROR: refused\n") || !strings.Contains(err.Error(), "app.jsonnet:1:1-") {
		t.Errorf("refused: %v", err)
	}
	if _, err := vm.EvaluateAnonymousSnippet("app.jsonnet", "std.parseYaml(1)"); err == nil || !strings.HasPrefix(err.Error(), "RUNTIME ERROR: Unexpected type number, expected string") {
		t.Errorf("a number: %v, want the builtin's error", err)
	}
}
