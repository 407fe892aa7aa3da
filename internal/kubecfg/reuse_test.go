package kubecfg

import (
	"testing"

	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/pkg/features"
)

// TestFastEvalSameAsExact: with Reuse on, eval prints exactly what the
// exact wrapper prints, for values and for errors, run after run.
func TestFastEvalSameAsExact(t *testing.T) {
	files := map[string]string{
		"app.jsonnet": "{ a: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } }, n:: 41, s: self.n, f(x):: x + 1 }",
		"str.jsonnet": "'just a string'",
	}
	exprs := []string{"", "$", "$.a", "$.n + 1", "$.s", "$.f(1)", "std.objectFieldsAll($)", "std.objectFields($)",
		"kubecfg.fold(kubecfg.layouts.gvkNsName, $, {})", "{x: $}.x.n", "[$.n for i in [1, 2]]", "'$' + std.toString($.n)",
		"self.n", "super.n", "$.nope", "error 'x'", "$$", "{ a: $.n }", "$.Z____expr__Z_ == null"}
	for _, input := range []string{"app.jsonnet", "str.jsonnet"} {
		for _, showKeys := range []bool{false, true} {
			cfg := &Config{Gates: features.AllAlpha(), FS: importer.NewMapFS("/w", files), Cwd: "/w"}
			fast, err := cfg.NewSession()
			if err != nil {
				t.Fatal(err)
			}
			fast.Reuse = true
			for round := 0; round < 2; round++ {
				for _, e := range exprs {
					opts := EvalOptions{Input: input, Expr: e, ShowKeys: showKeys, Format: "json"}
					want, wantErr := cfg.Eval(opts)
					got, gotErr := fast.Eval(opts)
					if got != want || errText(gotErr) != errText(wantErr) {
						t.Errorf("%s -e %q -k=%v (round %d):\nfast  %q %v\nexact %q %v", input, e, showKeys, round, got, gotErr, want, wantErr)
					}
				}
			}
		}
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestReplaceDollar(t *testing.T) {
	for in, want := range map[string]string{
		"$.a":                 "T.a",
		"'$' + $":             "'$' + T",
		"$ // $\n+ $":         "T // $\n+ T",
		"@'$$' + |||\n$\n|||": "@'$$' + |||\n$\n|||",
	} {
		if got := replaceDollar(in, "T"); got != want {
			t.Errorf("replaceDollar(%q) = %q, want %q", in, got, want)
		}
	}
}
