//go:build kubecfg_noschema

package playground

import "github.com/kubecfg/kubecfg/internal/kubecfg"

// validated leaves every validate result to fail in the core engine: its
// validate answers kubecfg.ErrNoValidate, which asks for the full engine.
func (r *Runner) validated(*Response, kubecfg.Result, kubecfg.Invocation) (done, store bool) {
	return false, true
}
