//go:build !kubecfg_noschema

package kubecfg

import (
	"runtime/debug"

	jsonnet "github.com/google/go-jsonnet"

	"github.com/kubecfg/kubecfg/internal/fasteval"
	"github.com/kubecfg/kubecfg/pkg/features"
)

// fastEngine is internal/fasteval's Engine as the session uses it (the
// core engine's is empty: fasteval_core.go). Functions, not an interface:
// an interface's method keeps every method of that name and type alive in
// the binary.
type fastEngine struct {
	text  func(filename, snippet string) (string, error)
	value func(filename, snippet string) (any, error)
	// gcOld is the collector's target fastGC replaced (gcSet): a fallback
	// puts it back for go-jsonnet's evaluation.
	gcOld int
	gcSet bool
}

// tryFast evaluates with the fast evaluator, if the session has one: the
// output (with value, the value that encoding/json reads from go-jsonnet's
// text, without the text) and true, or false when it fell back (or there
// is none): the caller evaluates with go-jsonnet.
func (s *Session) tryFast(name, code string, value bool) (output, bool) {
	if s.fast == nil {
		return output{}, false
	}
	var out output
	var err error
	if value {
		out.value, err = s.fast.value(name, code)
		out.isValue = true
	} else {
		out.text, err = s.fast.text(name, code)
	}
	if err != nil && s.fast.gcSet {
		// go-jsonnet evaluates at the process's own target: the error
		// path's peak is go-jsonnet's.
		debug.SetGCPercent(s.fast.gcOld)
		s.fast.gcSet = false
	}
	return out, err == nil
}

// fastGCPercent is the collector's target while a command runs with the
// fast evaluator (fast-eval): the evaluation's (Options.GCPercent) and
// the rest of the command's, the walk and the printer (fewer collections:
// on the benchmark programs show's CPU time a quarter less,
// docs/benchmarks.md; the peak on kube-prometheus's example still well
// below go-jsonnet's).
const fastGCPercent = 200

// fastGC sets the collector's target to fastGCPercent for a command of a
// session that has the fast evaluator, and returns the target to restore
// when the command is done; -1, changing nothing, without one. A fallback
// restores it at once (tryFast).
func (s *Session) fastGC() int {
	if s.fast == nil {
		return -1
	}
	s.fast.gcOld, s.fast.gcSet = debug.SetGCPercent(fastGCPercent), true
	return s.fast.gcOld
}

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
		GCPercent: fastGCPercent,
	})
	return &fastEngine{text: e.Evaluate, value: e.EvaluateValue}
}
