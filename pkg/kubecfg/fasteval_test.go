package kubecfg_test

import (
	"testing"

	"github.com/kubecfg/kubecfg/internal/fasteval"
	"github.com/kubecfg/kubecfg/pkg/kubecfg"
)

// TestFastEval runs show with the fast evaluator on (fast-eval): the
// output is go-jsonnet's, the fast evaluator finished the evaluation (it
// did not fall back), and an error is go-jsonnet's after its fallback.
func TestFastEval(t *testing.T) {
	files := mapFS{
		"/w/app.jsonnet": `local k = import 'kubecfg.libsonnet';
{ cm: ` + cm + ` { data+: { y: std.manifestJsonEx(k.parseYaml('a: [1, 2]')[0], '  ') } } }`,
		"/w/bad.jsonnet": "{ cm: " + cm + " { data+: { z: error 'bad' } } }",
	}
	env := kubecfg.Env{FS: files, Root: "/w"}
	for _, c := range []struct {
		input    string
		fast     int64 // evaluations the fast evaluator finishes
		fallback int64 // and those it leaves to go-jsonnet
	}{
		{"app.jsonnet", 1, 0},
		{"bad.jsonnet", 0, 1},
	} {
		plain := kubecfg.Run(kubecfg.Invocation{Inputs: []string{c.input}}, env)
		fast0, fell0 := fasteval.Totals()
		got := kubecfg.Run(kubecfg.Invocation{Inputs: []string{c.input}, Features: []string{"fast-eval"}}, env)
		fast1, fell1 := fasteval.Totals()
		if got.Output != plain.Output {
			t.Errorf("%s: output with fast-eval:\n%s\nwithout:\n%s", c.input, got.Output, plain.Output)
		}
		if (got.Err == nil) != (plain.Err == nil) || (got.Err != nil && kubecfg.ErrorText(got.Err) != kubecfg.ErrorText(plain.Err)) {
			t.Errorf("%s: error with fast-eval %v, without %v", c.input, got.Err, plain.Err)
		}
		if fast1-fast0 != c.fast || fell1-fell0 != c.fallback {
			t.Errorf("%s: fast evaluator finished %d, fell back %d; want %d and %d", c.input, fast1-fast0, fell1-fell0, c.fast, c.fallback)
		}
	}
}
