package kubecfg

import (
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/pkg/features"
)

// TestPredefinedKubecfg covers each row of RFC06's rule: where kubecfg is
// predefined, where it is not, the names that hide it, the vendored copy it
// ignores, and imports from command-line code.
func TestPredefinedKubecfg(t *testing.T) {
	files := map[string]string{
		"app.jsonnet":              "{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'app' } }",
		"fn.jsonnet":               "function(v) { v: v }",
		"fnk.jsonnet":              "function(kubecfg) { k: kubecfg }",
		"uses.jsonnet":             "kubecfg.isK8sObject({})",
		"imports.jsonnet":          "import 'uses.jsonnet'",
		"lib/dir.libsonnet":        "'lib dir'",
		"vendor/kubecfg.libsonnet": "{ vendored: true, isK8sObject(o):: 'vendored' }",
		"code.libsonnet":           "kubecfg.isK8sObject({})",
		"text.txt":                 "kubecfg",
	}
	type result struct{ out, errPart string }
	for _, tc := range []struct {
		name string
		cfg  func(*Config)
		run  func(*Config) (string, error)
		want result
	}{
		{"eval -e", nil, evalExpr("app.jsonnet", "kubecfg.isK8sObject($)"), result{out: "true\n\n"}},
		{"eval -e, TLA named kubecfg wins", tla("kubecfg", "{isK8sObject(o): 'mine'}"),
			evalExpr("fnk.jsonnet", "kubecfg.isK8sObject($)"), result{out: "\"mine\"\n\n"}},
		{"show --exec", nil, showExec("{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: std.toString(kubecfg.isK8sObject({})) } }"),
			result{out: "name: \"false\""}},
		{"eval --exec", nil, func(c *Config) (string, error) {
			return c.Eval(EvalOptions{Exec: "{ x: kubecfg.isK8sObject({}) }", Expr: "$.x", Format: "json"})
		}, result{out: "false\n\n"}},
		{"--overlay-code", nil, func(c *Config) (string, error) {
			return c.Show(ShowOptions{Inputs: []string{"app.jsonnet"}, Overlay: Overlay{Code: "{ metadata+: { labels: { k: std.toString(kubecfg.isK8sObject($)) } } }"}, Format: "json"})
		}, result{out: `"k": "true"`}},
		{"--ext-code", ext(Var{Name: "v", Value: "kubecfg.isK8sObject({})", Kind: Code}),
			evalExpr("app.jsonnet", "std.extVar('v')"), result{out: "false\n\n"}},
		{"--tla-code", tla("v", "kubecfg.isK8sObject({})"), evalExpr("fn.jsonnet", "$.v"), result{out: "false\n\n"}},
		{"--ext-str is a string", ext(Var{Name: "v", Value: "kubecfg", Kind: Str}),
			evalExpr("app.jsonnet", "std.extVar('v')"), result{out: "\"kubecfg\"\n\n"}},
		{"--tla-str is a string", func(c *Config) { c.TLAs = []Var{{Name: "v", Value: "kubecfg", Kind: Str}} },
			evalExpr("fn.jsonnet", "$.v"), result{out: "\"kubecfg\"\n\n"}},
		{"--ext-code-file is a file", ext(Var{Name: "v", Value: "code.libsonnet", Kind: CodeFile}),
			evalExpr("app.jsonnet", "std.extVar('v')"), result{errPart: "Unknown variable: kubecfg"}},
		{"--ext-str-file is a string", ext(Var{Name: "v", Value: "text.txt", Kind: StrFile}),
			evalExpr("app.jsonnet", "std.extVar('v')"), result{out: "\"kubecfg\"\n\n"}},
		{"a .jsonnet file", nil, showFile("uses.jsonnet"), result{errPart: "uses.jsonnet:1:1-8 Unknown variable: kubecfg"}},
		{"an imported file does not see it", nil, evalExpr("imports.jsonnet", "kubecfg.isK8sObject({})"),
			result{errPart: "uses.jsonnet:1:1-8 Unknown variable: kubecfg"}},
		{"a local hides it", nil, evalExpr("app.jsonnet", "local kubecfg = {isK8sObject(o): 'local'}; kubecfg.isK8sObject($)"), result{out: "\"local\"\n\n"}},
		{"a parameter hides it", nil, evalExpr("app.jsonnet", "(function(kubecfg) kubecfg)(1)"), result{out: "1\n\n"}},
		{"an object local hides it", nil, evalExpr("app.jsonnet", "{ local kubecfg = 2, v: kubecfg }.v"), result{out: "2\n\n"}},
		{"-J never changes it", jpath("vendor"), evalExpr("app.jsonnet", "kubecfg.isK8sObject($)"), result{out: "true\n\n"}},
		{"an explicit import follows -J", jpath("vendor"), evalExpr("app.jsonnet", "(import 'kubecfg.libsonnet').isK8sObject($)"), result{out: "\"vendored\"\n\n"}},
		{"import from eval -e", nil, evalExpr("app.jsonnet", "import 'lib/dir.libsonnet'"), result{out: "\"lib dir\"\n\n"}},
		{"import from --ext-code", ext(Var{Name: "v", Value: "import 'lib/dir.libsonnet'", Kind: Code}),
			evalExpr("app.jsonnet", "std.extVar('v')"), result{out: "\"lib dir\"\n\n"}},
		{"import from --tla-code", tla("v", "import 'lib/dir.libsonnet'"), evalExpr("fn.jsonnet", "$.v"), result{out: "\"lib dir\"\n\n"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &Config{Gates: features.AllAlpha(), FS: importer.NewMapFS("/w", files), Cwd: "/w"}
			if tc.cfg != nil {
				tc.cfg(c)
			}
			out, err := tc.run(c)
			if tc.want.errPart != "" {
				if err == nil || !strings.Contains(err.Error(), tc.want.errPart) {
					t.Fatalf("error = %v, want one containing %q", err, tc.want.errPart)
				}
				if h := Hint(err); h != KubecfgHint {
					t.Errorf("hint = %q, want RFC06's", h)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if !strings.Contains(out, tc.want.out) {
				t.Errorf("output %q does not contain %q", out, tc.want.out)
			}
		})
	}
}

func evalExpr(input, expr string) func(*Config) (string, error) {
	return func(c *Config) (string, error) {
		return c.Eval(EvalOptions{Input: input, Expr: expr, Format: "json"})
	}
}

func showExec(code string) func(*Config) (string, error) {
	return func(c *Config) (string, error) { return c.Show(ShowOptions{Exec: code, Format: "yaml"}) }
}

func showFile(input string) func(*Config) (string, error) {
	return func(c *Config) (string, error) { return c.Show(ShowOptions{Inputs: []string{input}, Format: "yaml"}) }
}

func ext(v Var) func(*Config) { return func(c *Config) { c.ExtVars = append(c.ExtVars, v) } }

func tla(name, code string) func(*Config) {
	return func(c *Config) { c.TLAs = append(c.TLAs, Var{Name: name, Value: code, Kind: Code}) }
}

func jpath(dir string) func(*Config) { return func(c *Config) { c.JPath = append(c.JPath, dir) } }

// TestUnchangedColumns: a failing -e expression that does not read kubecfg
// keeps kubecfg's error text, columns included.
func TestUnchangedColumns(t *testing.T) {
	c := &Config{Gates: features.AllAlpha(), FS: importer.NewMapFS("/w", map[string]string{"a.jsonnet": "{}"}), Cwd: "/w"}
	_, err := c.Eval(EvalOptions{Input: "a.jsonnet", Expr: "nope", Format: "json"})
	want := "a.jsonnet:1:51-55 Unknown variable: nope\n\n((import \"file:///w/a.jsonnet\") { Z____expr__Z_:: nope}).Z____expr__Z_\n\n"
	if err == nil || err.Error() != want {
		t.Fatalf("error:\n%q\nwant\n%q", err, want)
	}
	// Reading kubecfg moves only line 1's columns: the error stays on line 1.
	_, err = c.Eval(EvalOptions{Input: "a.jsonnet", Expr: "kubecfg.nope", Format: "json"})
	if err == nil || !strings.Contains(err.Error(), "Field does not exist: nope") {
		t.Fatalf("error = %v", err)
	}
}
