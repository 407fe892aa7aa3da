//go:build !kubecfg_noschema

package kubecfg

import (
	jsonnet "github.com/google/go-jsonnet"
	"github.com/kubecfg/ursonnet"
)

// traceRoots is kubecfg's causal trace, github.com/kubecfg/ursonnet.
func traceRoots(vm *jsonnet.VM, u, expr string) ([]string, error) {
	return ursonnet.Roots(vm, u, expr)
}
