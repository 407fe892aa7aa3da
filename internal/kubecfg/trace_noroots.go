//go:build kubecfg_noschema

package kubecfg

import jsonnet "github.com/google/go-jsonnet"

// traceRoots is ErrNoTrace in the browser's core engine: ursonnet (its AST
// rewriter and unparser, about 15 kB of the page's first download) is the
// full engine's, which the page loads for the first trace.
func traceRoots(*jsonnet.VM, string, string) ([]string, error) {
	return nil, ErrNoTrace
}

// traceObjectFields is ErrNoTrace in the core engine, as traceRoots.
func traceObjectFields(*jsonnet.VM, string) error { return ErrNoTrace }
