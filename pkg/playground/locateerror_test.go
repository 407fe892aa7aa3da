package playground

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/kubecfg"
	"golang.org/x/tools/txtar"
)

// TestLocateErrorMatchesText: the diagnostic found from an error's data is
// the one Locate finds in its text, for every error of the workspaces in
// testdata and of a table of error programs.
func TestLocateErrorMatchesText(t *testing.T) {
	var reqs []Request
	paths, _ := filepath.Glob("testdata/workspaces/*.txtar")
	for _, p := range paths {
		ar, err := txtar.ParseFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var req Request
		if err := json.Unmarshal(ar.Comment, &req); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		req.Files = map[string]string{}
		for _, f := range ar.Files {
			req.Files[f.Name] = string(f.Data)
		}
		reqs = append(reqs, req)
	}
	for _, src := range []string{
		"local x = ;\nx\n",
		"{ a: error 'boom' }",
		"local f(x) = error 'no ' + x; { a: f('y') }",
		"local h = import 'lib.libsonnet'; h.f(1)",
		"import 'broken.libsonnet'",
		"import 'missing.libsonnet'",
		"{ a: std.parseJson('{') }",
		"{ a: std.format('%d', ['x']) }",
		"local f(n) = if n == 0 then error 'bottom' else 1 + f(n - 1); f(60)",
		"error 'a message that names file:///workspace/app.jsonnet:1:1 itself'",
		"{ a: { b: 'x' } }",
		"{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', labels: { a: 1 } } }",
		strings.Repeat("[", 1001) + strings.Repeat("]", 1001),
		"undefinedVar",
		"kubecfg.nope",
	} {
		reqs = append(reqs, Request{Files: map[string]string{
			"app.jsonnet":      src,
			"lib.libsonnet":    "{\n  f(x):: error 'lib says ' + x,\n}\n",
			"broken.libsonnet": "{ a: }\n",
		}, Invocation: kubecfg.Invocation{Command: "show", Entry: "app.jsonnet"}})
	}
	reqs = append(reqs,
		Request{Files: map[string]string{"app.yakl": "a: 1\na: 2\n"}, Invocation: kubecfg.Invocation{Command: "show", Entry: "app.yakl", Features: []string{"yakl"}}},
		Request{Files: map[string]string{"app.yakl": "a: ${1 +}\n"}, Invocation: kubecfg.Invocation{Command: "show", Entry: "app.yakl", Features: []string{"yakl"}}},
		Request{Files: map[string]string{"app.jsonnet": "import 'yakl:app.yakl'", "app.yakl": "a: ${nope}\n"}, Invocation: kubecfg.Invocation{Command: "show", Entry: "app.jsonnet", Features: []string{"yakl"}}},
		Request{Files: map[string]string{"app.jsonnet": "{}"}, Invocation: kubecfg.Invocation{Command: "eval", Entry: "app.jsonnet", Alpha: true, Expr: "$.nope"}},
	)
	errs := 0
	locateHook = func(err error, root string, got Diagnostic) {
		errs++
		want := Locate(strings.TrimSpace(err.Error()), root)
		// A place the program's own message names is text, not a place
		// of the error: the error is at its trace's first place.
		if strings.Contains(err.Error(), "a message that names file:///workspace/app.jsonnet:1:1 itself") {
			first, _, _ := strings.Cut(err.Error(), "\n")
			want = Diagnostic{File: "app.jsonnet", Line: 1, Column: 1, EndLine: 1, EndColumn: 70, Message: first}
		}
		// A place in eval's wrapper of -e's expression is given in the
		// expression: the text's place, mapped.
		var xe *kubecfg.ExprError
		if errors.As(err, &xe) && want.File == xe.Name {
			if p, ok := exprPlace(err, xe.Name, want.Line, want.Column, want.EndLine, want.EndColumn, true); ok {
				want = p.diagnostic(want.Message)
			}
		}
		if got.File != want.File || got.Line != want.Line || got.Column != want.Column ||
			got.EndLine != want.EndLine || got.EndColumn != want.EndColumn || got.Message != want.Message {
			t.Errorf("from data %+v\nfrom text %+v\nerror:\n%s", got, want, err)
		}
	}
	defer func() { locateHook = nil }()
	for _, req := range reqs {
		(&Runner{}).Run(req)
	}
	if errs < 15 {
		t.Fatalf("only %d errors located", errs)
	}
}

// TestLocateErrorUsesData: the place comes from the error's data, not its
// text (here a text that names no place at all).
func TestLocateErrorUsesData(t *testing.T) {
	err := fmt.Errorf("error reading a.jsonnet: %w", &kubecfg.JsonnetError{
		Text: "RUNTIME ERROR: x",
		Msg:  "x",
		Frames: []kubecfg.Frame{
			{File: "internal:///kubecfg.libsonnet", Line: 9, Column: 1, EndLine: 9, EndColumn: 4},
			{File: "file:///workspace/a.jsonnet", Line: 2, Column: 3, EndLine: 2, EndColumn: 7, Name: "object <anonymous>"},
		},
	})
	got := locateError(err, "/workspace")
	want := Diagnostic{File: "a.jsonnet", Line: 2, Column: 3, EndLine: 2, EndColumn: 7, Message: "error reading a.jsonnet: RUNTIME ERROR: x"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("locateError = %+v, want %+v", got, want)
	}
}

// TestLocateErrorNamesAsTyped: a diagnostic names a file as it was typed,
// not as its file:// URL escapes it (the page links it to its tab and
// shows it as text).
func TestLocateErrorNamesAsTyped(t *testing.T) {
	for _, files := range []map[string]string{
		{"<svg onload=x> a.jsonnet": "{a: error 'x'}"},
		{"<svg onload=x> a.jsonnet": "import 'lib b.libsonnet'", "lib b.libsonnet": "{"},
	} {
		resp := Run(Request{Files: files, Invocation: kubecfg.Invocation{Command: "show", Entry: "<svg onload=x> a.jsonnet"}})
		d := resp.Diagnostics[0]
		if _, ok := files[d.File]; !ok || d.Line != 1 {
			t.Errorf("diagnostic names %q line %d, want a workspace file of %v", d.File, d.Line, files)
		}
	}
}
