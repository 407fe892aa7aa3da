package kinds

import (
	"slices"
	"strings"
	"testing"
)

// TestLookup pins facts of kinds kubecfg's dependency order tells apart.
func TestLookup(t *testing.T) {
	for _, c := range []struct {
		group, kind string
		want        Facts
		ok          bool
	}{
		{"", "Namespace", ClusterScoped, true},
		{"", "ConfigMap", 0, true},
		{"", "Pod", PodSpec, true},
		{"", "PodTemplate", PodSpec, true},
		{"apps", "Deployment", PodSpec, true},
		{"batch", "CronJob", PodSpec, true},
		{"apps", "ControllerRevision", 0, true},
		{"rbac.authorization.k8s.io", "ClusterRole", ClusterScoped, true},
		{"rbac.authorization.k8s.io", "Role", 0, true},
		{"apiextensions.k8s.io", "CustomResourceDefinition", ClusterScoped, true},
		{"admissionregistration.k8s.io", "ValidatingWebhookConfiguration", ClusterScoped, true},
		{"storage.k8s.io", "StorageClass", ClusterScoped, true},
		{"", "Deployment", 0, false},
		{"apps", "Pod", 0, false},
		{"policy", "Eviction", 0, false}, // a subresource's kind
		{"", "Status", 0, false},
		{"monitoring.coreos.com", "Prometheus", 0, false},
	} {
		got, ok := Lookup(c.group, c.kind)
		if got != c.want || ok != c.ok {
			t.Errorf("Lookup(%q, %q) = %v, %v; want %v, %v", c.group, c.kind, got, ok, c.want, c.ok)
		}
	}
}

// TestTableSorted: Lookup's binary search needs the table sorted and
// without duplicates.
func TestTableSorted(t *testing.T) {
	if !slices.IsSortedFunc(table[:], func(a, b entry) int { return strings.Compare(a.key, b.key) }) {
		t.Error("table is not sorted")
	}
	for i := 1; i < len(table); i++ {
		if table[i].key == table[i-1].key {
			t.Errorf("duplicate %q", table[i].key)
		}
	}
}
