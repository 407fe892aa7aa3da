//go:build !kubecfg_noschema

package kubecfg

import (
	jsonnet "github.com/google/go-jsonnet"

	"github.com/kubecfg/kubecfg/internal/fasteval"
	"github.com/kubecfg/kubecfg/pkg/features"
)

// newFastEngine returns the fast evaluator (fast-eval) for a session,
// with the VM's importer and natives, the same variables and limits; nil
// when the gate is off.
func (c *Config) newFastEngine(imp jsonnet.Importer, causes *goCauses) *fastEngine {
	if !c.Gates.Enabled(features.FastEval) {
		return nil
	}
	natives := c.natives(causes)
	var ext, tla []fasteval.Var
	add := func(to *[]fasteval.Var) (func(string, string), func(string, string)) {
		return func(name, value string) { *to = append(*to, fasteval.Var{Name: name, Value: value}) },
			func(name, value string) { *to = append(*to, fasteval.Var{Name: name, Value: value, Code: true}) }
	}
	for _, v := range c.ExtVars {
		str, code := add(&ext)
		setVar(str, code, c, v, "<extvar:"+v.Name+">")
	}
	for _, v := range c.TLAs {
		str, code := add(&tla)
		setVar(str, code, c, v, "<top-level-arg:"+v.Name+">")
	}
	e := fasteval.New(fasteval.Options{
		Importer: imp,
		Natives:  natives,
		ExtVars:  ext,
		TLAs:     tla,
		MaxStack: c.MaxStack,
		TraceOut: c.TraceOut,
		// Fewer collections: on kube-prometheus's example a quarter less
		// CPU, the peak still well below go-jsonnet's (docs/benchmarks.md).
		GCPercent: 200,
	})
	return &fastEngine{text: e.Evaluate, value: e.EvaluateValue}
}
