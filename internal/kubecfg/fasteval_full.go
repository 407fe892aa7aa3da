//go:build !kubecfg_noschema

package kubecfg

import (
	"runtime/debug"
	"sync"

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
	// release lets go of the command's hold on the collector's target
	// (fastGC); a fallback calls it before go-jsonnet evaluates.
	release func()
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
	if err != nil && s.fast.release != nil {
		// go-jsonnet evaluates at the process's own target: the error
		// path's peak is go-jsonnet's.
		s.fast.release()
		s.fast.release = nil
	}
	return out, err == nil
}

// fastGCPercent is the collector's target while a command runs with the
// fast evaluator (fast-eval): its evaluation, walk and printer (fewer collections:
// on the benchmark programs show's CPU time a quarter less,
// docs/benchmarks.md; the peak on kube-prometheus's example still well
// below go-jsonnet's).
const fastGCPercent = 200

// fastGC holds the collector's target at fastGCPercent for a command of a
// session that has the fast evaluator, and returns what lets go of it
// (once; a fallback lets go at once, tryFast); nil, changing nothing,
// without one.
func (s *Session) fastGC() func() {
	if s.fast == nil {
		return nil
	}
	s.fast.release = holdGC()
	return s.fast.release
}

// gcHold counts the commands holding the collector's target at
// fastGCPercent. The target is the process's (debug.SetGCPercent), and
// commands of several sessions can run at once (parallel tests, a program
// that embeds pkg/kubecfg): the first to hold it sets it and keeps the
// target it found, the last to let go puts that back.
var gcHold struct {
	sync.Mutex
	n   int
	old int
}

// holdGC holds the collector's target (gcHold) and returns what lets go
// of it; calls after the first do nothing.
func holdGC() func() {
	gcHold.Lock()
	if gcHold.n == 0 {
		gcHold.old = debug.SetGCPercent(fastGCPercent)
	}
	gcHold.n++
	gcHold.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			gcHold.Lock()
			defer gcHold.Unlock()
			if gcHold.n--; gcHold.n == 0 {
				debug.SetGCPercent(gcHold.old)
			}
		})
	}
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
		// No GCPercent: the command holds the collector's target (fastGC),
		// which stays right when sessions run commands at once.
	})
	return &fastEngine{text: e.Evaluate, value: e.EvaluateValue}
}
