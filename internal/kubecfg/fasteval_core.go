//go:build kubecfg_noschema

package kubecfg

import jsonnet "github.com/google/go-jsonnet"

// fastEngine is empty in the core engine, which has no fast evaluator.
type fastEngine struct{}

// tryFast always leaves the evaluation to go-jsonnet in the core engine.
func (s *Session) tryFast(string, string, bool) (output, bool) { return output{}, false }

// newFastEngine has no fast evaluator in the browser's core engine (the
// first load's budget): sessions evaluate with go-jsonnet, whose output
// the fast evaluator's equals by construction.
func (c *Config) newFastEngine(jsonnet.Importer, *goCauses) *fastEngine {
	return nil
}

// fastGC changes nothing in the core engine (it has no fast evaluator).
func (s *Session) fastGC() func() { return nil }
