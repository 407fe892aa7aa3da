//go:build kubecfg_noschema

package kubecfg

import jsonnet "github.com/google/go-jsonnet"

// newFastEngine has no fast evaluator in the browser's core engine (the
// first load's budget): sessions evaluate with go-jsonnet, whose output
// the fast evaluator's equals by construction.
func (c *Config) newFastEngine(jsonnet.Importer, *goCauses) *fastEngine {
	return nil
}
