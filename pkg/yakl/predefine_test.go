package yakl

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	jsonnet "github.com/google/go-jsonnet"

	"github.com/kubecfg/kubecfg/internal/testdata"
)

func TestPredefineKubecfg(t *testing.T) {
	tests := []struct {
		name string
		code string
		want bool // whether the line is added
	}{
		{"free use", "kubecfg.isK8sObject({})", true},
		{"free use on line 2", "local x = 1;\nkubecfg.toOverlay({a: x})", true},
		{"free use in a function", "function(o) kubecfg.isK8sObject(o)", true},
		{"free use in a comprehension", "[kubecfg for x in [1]]", true},
		{"free use in a field name", "{[kubecfg.toString]: 1}", true},
		{"free use beside a shadowed one", "[(local kubecfg = 1; kubecfg), kubecfg]", true},
		{"field named kubecfg", "{kubecfg: 1}.kubecfg", false},
		{"index x.kubecfg", "local x = {kubecfg: 2}; x.kubecfg", false},
		{"string", "'kubecfg.isK8sObject'", false},
		{"text block", "|||\n  kubecfg\n|||", false},
		{"line comment", "// kubecfg\n1", false},
		{"hash comment", "# kubecfg\n1", false},
		{"block comment", "/* kubecfg */ 1", false},
		{"local", "local kubecfg = {a: 1}; kubecfg.a", false},
		{"function parameter", "function(kubecfg) kubecfg.a", false},
		{"local function parameter", "local f(kubecfg) = kubecfg; f(1)", false},
		{"object local", "{local kubecfg = 1, a: kubecfg}", false},
		{"array comprehension variable", "[kubecfg for kubecfg in [1, 2]]", false},
		{"object comprehension variable", "{[kubecfg]: kubecfg for kubecfg in ['a']}", false},
		{"std only", "std.length([])", false},
		{"self and dollar", "{a: 1, b: self.a + $.a}", false},
		{"parse error", "kubecfg.", false},
		{"empty", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := PredefineKubecfg("test.jsonnet", tt.code)
			want := tt.code
			if tt.want {
				want = KubecfgLocal + tt.code
			}
			if got != want {
				t.Errorf("PredefineKubecfg(%q) = %q, want %q", tt.code, got, want)
			}
		})
	}
}

func TestFreeVars(t *testing.T) {
	tests := []struct {
		name string
		code string
		want []string
	}{
		{"none", "1 + 2", nil},
		{"sorted, std left out", "std.foo(b) + a + b", []string{"a", "b"}},
		{"bound by local", "local a = b; a", []string{"b"}},
		{"recursive locals", "local a = b, b = a; a", nil},
		{"parameter default", "function(x, y=x + z) y", []string{"z"}},
		{"object local and self", "{local l = m, f: l + self.g}", []string{"m"}},
		{"field name outside the object", "{local k = 'a', [k]: 1}", []string{"k"}},
		{"comprehension", "[x + y for x in xs if x > z for y in x]", []string{"xs", "z"}},
		{"method", "{f(a):: a + b}", []string{"b"}},
		{"slice and assert", "assert c; a[b:c:d]", []string{"a", "b", "c", "d"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := FreeVars("test.jsonnet", tt.code)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("FreeVars(%q) = %q, want %q", tt.code, got, tt.want)
			}
		})
	}
	if _, err := FreeVars("bad.jsonnet", "local x = ; x"); err == nil || !strings.Contains(err.Error(), "bad.jsonnet:1:") {
		t.Errorf("syntax error = %v, want go-jsonnet's error naming bad.jsonnet:1:", err)
	}
}

// staticCheck is go-jsonnet's own static check of code with the given
// names declared: nil or its error.
func staticCheck(code string, names []string) error {
	prefix := ""
	if len(names) > 0 {
		prefix = "local " + strings.Join(names, " = null, ") + " = null; "
	}
	_, err := jsonnet.SnippetToAST("check.jsonnet", prefix+code)
	return err
}

// agreesWithGoJsonnet checks FreeVars against go-jsonnet's analyzer: with
// the names declared the code passes its check (or fails for a reason that
// is not an unknown variable), and without any one of them it fails with
// "Unknown variable: NAME".
func agreesWithGoJsonnet(t *testing.T, name, code string, free []string) {
	t.Helper()
	if err := staticCheck(code, free); err != nil && strings.Contains(err.Error(), "Unknown variable") {
		t.Errorf("%s: FreeVars = %q, but go-jsonnet still reports %v", name, free, err)
	}
	for i, v := range free {
		rest := append(append([]string{}, free[:i]...), free[i+1:]...)
		err := staticCheck(code, rest)
		if err == nil || !strings.Contains(err.Error(), "Unknown variable: "+v) {
			t.Errorf("%s: FreeVars lists %s, but go-jsonnet without it says %v", name, v, err)
		}
	}
}

// TestPredefineGoJsonnetSuite runs over go-jsonnet's test programs: none of
// them reads kubecfg, so each must come back unchanged, byte for byte, and
// FreeVars must agree with go-jsonnet's own check.
func TestPredefineGoJsonnetSuite(t *testing.T) {
	dir := testdata.Dir(t, "go-jsonnet")
	files, err := filepath.Glob(filepath.Join(dir, "*.jsonnet"))
	if err != nil || len(files) < 600 {
		t.Fatalf("found %d go-jsonnet test programs (%v), want about 687", len(files), err)
	}
	parsed := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		code := string(src)
		if got := PredefineKubecfg(f, code); got != code {
			t.Errorf("%s: PredefineKubecfg changed the code", filepath.Base(f))
		}
		free, err := FreeVars(f, code)
		if err != nil {
			continue // a parse error test
		}
		parsed++
		agreesWithGoJsonnet(t, filepath.Base(f), code, free)
	}
	t.Logf("%d programs unchanged, %d parsed and checked against go-jsonnet's analyzer", len(files), parsed)
}

// kubecfgCorpus is code that reads kubecfg freely.
var kubecfgCorpus = []string{
	"kubecfg.isK8sObject({apiVersion: 'v1', kind: 'Pod'})",
	"local o = {a: {b: 1}};\nkubecfg.getPath(o, 'a.b')",
	"{\n  merged: {a: {x: 1}} + kubecfg.toOverlay({a: {y: 2}}),\n}",
	"[\n  kubecfg.isK8sObject(o)\n  for o in [{}, {apiVersion: 'v1', kind: 'X'}]\n]",
	"// leading comment\nkubecfg.toOverlay({a: 1})",
	"function(x=kubecfg.isK8sObject({})) x",
	"local f(kubecfg) = kubecfg;\nf(1) + std.length(std.objectFields(kubecfg))",
}

// TestPredefineCorpus: code that reads kubecfg evaluates with the line, and
// only line 1 changes (so only its columns move).
func TestPredefineCorpus(t *testing.T) {
	for i, code := range kubecfgCorpus {
		got := PredefineKubecfg("corpus.jsonnet", code)
		if got == code {
			t.Errorf("case %d: %q was not predefined", i, code)
			continue
		}
		gl, cl := strings.Split(got, "\n"), strings.Split(code, "\n")
		if len(gl) != len(cl) || gl[0] != KubecfgLocal+cl[0] || !reflect.DeepEqual(gl[1:], cl[1:]) {
			t.Errorf("case %d: more than line 1 changed:\n%s", i, got)
		}
		if _, err := evalJSON("corpus.jsonnet", got); err != nil {
			t.Errorf("case %d: %q does not evaluate: %v", i, got, err)
		}
	}
	// A runtime error on line 3 still names line 3.
	code := "local x = kubecfg.isK8sObject({});\n\nerror 'line three'"
	_, err := evalJSON("lines.jsonnet", PredefineKubecfg("lines.jsonnet", code))
	if err == nil || !strings.Contains(err.Error(), "lines.jsonnet:3:") {
		t.Errorf("error = %v, want it at lines.jsonnet:3", err)
	}
}
