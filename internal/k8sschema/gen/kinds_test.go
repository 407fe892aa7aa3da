package main

import "testing"

// TestCollection: which API paths name a kind's collection (or one of its
// items), and whether within a namespace.
func TestCollection(t *testing.T) {
	for _, c := range []struct {
		path           string
		namespaced, ok bool
	}{
		{"/api/v1/namespaces", false, true},
		{"/api/v1/namespaces/{name}", false, true},
		{"/api/v1/namespaces/{name}/status", false, false},
		{"/api/v1/namespaces/{namespace}/pods", true, true},
		{"/api/v1/namespaces/{namespace}/pods/{name}", true, true},
		{"/api/v1/namespaces/{namespace}/pods/{name}/eviction", false, false},
		{"/api/v1/watch/namespaces/{namespace}/pods", true, true},
		{"/api/v1/pods", false, true},
		{"/apis/apps/v1/deployments", false, true},
		{"/apis/apps/v1/namespaces/{namespace}/deployments/{name}/scale", false, false},
		{"/apis/rbac.authorization.k8s.io/v1/clusterroles/{name}", false, true},
		{"/apis/apps/v1/", false, false},
		{"/api/v1/", false, false},
		{"/version/", false, false},
	} {
		ns, ok := collection(c.path)
		if ns != c.namespaced || ok != c.ok {
			t.Errorf("collection(%q) = %v, %v; want %v, %v", c.path, ns, ok, c.namespaced, c.ok)
		}
	}
}

// TestReaches: a PodSpec is found through refs, properties, items,
// additionalProperties and allOf, and a cycle ends.
func TestReaches(t *testing.T) {
	ref := func(n string) map[string]any { return map[string]any{"$ref": "#/components/schemas/" + n} }
	schemas := map[string]rawSchema{
		"Direct":   {"properties": map[string]any{"spec": ref(podSpecType)}},
		"Template": {"properties": map[string]any{"template": map[string]any{"allOf": []any{ref("Direct")}}}},
		"Items":    {"properties": map[string]any{"list": map[string]any{"items": ref("Template")}}},
		"Map":      {"additionalProperties": ref("Items")},
		"Loop":     {"properties": map[string]any{"self": ref("Loop"), "n": map[string]any{"type": "integer"}}},
		"Plain":    {"properties": map[string]any{"data": map[string]any{"type": "object", "additionalProperties": map[string]any{"type": "string"}}}},
	}
	for name, want := range map[string]bool{"Direct": true, "Template": true, "Items": true, "Map": true, "Loop": false, "Plain": false, "Missing": false} {
		if got := reaches(schemas, name, map[string]bool{}); got != want {
			t.Errorf("reaches(%s) = %v, want %v", name, got, want)
		}
	}
}
