//go:build !kubecfg_noschema

package kubecfg

import (
	"sort"

	"github.com/kubecfg/kubecfg/internal/k8sschema/kinds"
)

// ReorderBuiltIn says whether this engine has show --reorder=client:
// every build but the browser's core engine.
const ReorderBuiltIn = true

// The tiers of kubecfg's dependency order (utils/sort.go's depTier):
// lower tiers are applied first.
const (
	tierDefinition = 10  // CustomResourceDefinition, ThirdPartyResource: they create kinds
	tierCluster    = 20  // a cluster-scoped kind
	tierNamespaced = 50  // a namespaced kind, and a kind nothing knows
	tierPodSpec    = 100 // a namespaced kind that holds a PodSpec (it may start pods)
	tierWebhook    = 200 // admission webhooks: they need running services
)

// reorderClient is show --reorder=client: the objects (and their sources,
// in step) in kubecfg's dependency order, as update would apply them,
// decided offline. A kind is cluster-scoped or holds a PodSpec as the
// built-in schemas say (internal/k8sschema/kinds), and a kind that one of
// the input's CustomResourceDefinitions defines is cluster-scoped when its
// spec.scope is Cluster; any other kind is one kubecfg's RESTMapper does
// not know, in the namespaced tier. Within a tier objects are ordered by
// namespace, name and kind; objects equal in all of these keep their
// order. The slices given are not changed (a session may reuse them).
func reorderClient(objs []Object, srcs []Source) ([]Object, []Source, error) {
	defined := definedKinds(objs)
	tiers := make([]int, len(objs))
	idx := make([]int, len(objs))
	for i, o := range objs {
		idx[i] = i
		tiers[i] = depTier(o, defined)
	}
	sort.SliceStable(idx, func(a, b int) bool {
		i, j := idx[a], idx[b]
		if tiers[i] != tiers[j] {
			return tiers[i] < tiers[j]
		}
		x, y := objs[i], objs[j]
		if x.Namespace() != y.Namespace() {
			return x.Namespace() < y.Namespace()
		}
		if x.Name() != y.Name() {
			return x.Name() < y.Name()
		}
		return x.Kind() < y.Kind()
	})
	outObjs := make([]Object, len(objs))
	var outSrcs []Source
	if len(srcs) == len(objs) {
		outSrcs = make([]Source, len(srcs))
	}
	for k, i := range idx {
		outObjs[k] = objs[i]
		if outSrcs != nil {
			outSrcs[k] = srcs[i]
		}
	}
	if outSrcs == nil {
		outSrcs = srcs
	}
	return outObjs, outSrcs, nil
}

// depTier is an object's tier. defined holds the kinds ("group/Kind") of
// the input's CRDs, true for a cluster-scoped one.
func depTier(o Object, defined map[string]bool) int {
	group, _, kind := o.groupVersionKind()
	switch group + "/" + kind {
	case "apiextensions.k8s.io/CustomResourceDefinition", "extensions/ThirdPartyResource":
		return tierDefinition
	case "admissionregistration.k8s.io/ValidatingWebhookConfiguration", "admissionregistration.k8s.io/MutatingWebhookConfiguration":
		return tierWebhook
	}
	f, ok := kinds.Lookup(group, kind)
	if !ok {
		cluster, ok := defined[group+"/"+kind]
		if !ok || kind == "" {
			return tierNamespaced
		}
		if cluster {
			f = kinds.ClusterScoped
		}
	}
	switch {
	case f&kinds.ClusterScoped != 0:
		return tierCluster
	case f&kinds.PodSpec != 0:
		return tierPodSpec
	}
	return tierNamespaced
}

// definedKinds reads the input's CustomResourceDefinitions: the kind each
// defines ("group/Kind", from spec.group and spec.names.kind) and whether
// its spec.scope is Cluster.
func definedKinds(objs []Object) map[string]bool {
	defined := map[string]bool{}
	for _, o := range objs {
		group, _, kind := o.groupVersionKind()
		if group != "apiextensions.k8s.io" || kind != "CustomResourceDefinition" {
			continue
		}
		spec, _ := o["spec"].(map[string]any)
		g, _ := spec["group"].(string)
		names, _ := spec["names"].(map[string]any)
		k, _ := names["kind"].(string)
		scope, _ := spec["scope"].(string)
		if k != "" {
			defined[g+"/"+k] = scope == "Cluster"
		}
	}
	return defined
}
