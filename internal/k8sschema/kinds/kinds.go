// Package kinds holds two facts per built-in Kubernetes group/kind of the
// minors internal/k8sschema holds: whether it is cluster-scoped and
// whether it holds a PodSpec (a Pod, a workload, a PodTemplate). They are
// what kubecfg's dependency order (show --reorder=client) needs of a kind.
// The table (kinds_gen.go) is written by internal/k8sschema's generator
// from the same OpenAPI v3 documents (their paths say which kinds are
// namespaced); it embeds no schema.
package kinds

import (
	"slices"
	"strings"
)

// Facts are a kind's flags.
type Facts uint8

// The flags of Facts.
const (
	// ClusterScoped: the kind's objects have no namespace.
	ClusterScoped Facts = 1 << iota
	// PodSpec: the kind's schema reaches a core/v1 PodSpec.
	PodSpec
)

type entry struct {
	key   string // GROUP/KIND; the core group is ""
	facts Facts
}

// Lookup returns the facts of a built-in kind of group ("" for the core
// group, "apps", ...), and false for a kind the table does not hold.
func Lookup(group, kind string) (Facts, bool) {
	key := group + "/" + kind
	i, ok := slices.BinarySearchFunc(table[:], key, func(e entry, k string) int { return strings.Compare(e.key, k) })
	if !ok {
		return 0, false
	}
	return table[i].facts, true
}
