//go:build kubecfg_noschema

package kubecfg

import "github.com/kubecfg/kubecfg/pkg/features"

// ValidateBuiltIn says whether this engine has the schema check: not the
// browser's core engine.
const ValidateBuiltIn = false

// validate is ErrNoValidate in the browser's core engine (the feature's
// gate first, as in the full engine): the schema check (pkg/validate) and
// the location of its problems are the full engine's, which the page
// loads for the first validate.
func (inv Invocation) validate(s *Session) Result {
	if err := s.cfg.Gates.Require(features.OfflineValidate); err != nil {
		return Result{Err: err}
	}
	return Result{Err: ErrNoValidate}
}
