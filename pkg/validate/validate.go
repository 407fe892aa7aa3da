// Package validate checks Kubernetes objects against the schemas of their
// kinds, offline: the built-in kinds of one Kubernetes minor (the
// documents of internal/k8sschema) and the custom resources of the
// CustomResourceDefinitions given to WithCRDs.
//
// It reports what the API server would refuse: unknown fields (always
// strict), values of the wrong type, missing required fields, enum,
// pattern and format violations, int-or-string and quantity values,
// x-kubernetes-preserve-unknown-fields and embedded resources, list-map
// keys (missing and duplicate) and set duplicates, metadata.name (present
// and a valid name for the kind), label keys and values, annotation keys
// and their total size. Each Problem has the path to the value, a message
// in kubectl's words and a class (Code).
//
// It is a walker over the compact schema of its own: docs/validate.md
// gives the figures it was chosen by.
package validate

import "strings"

// Validate checks one object (as decoded from JSON or YAML: maps,
// slices, strings, numbers, booleans, nil). known is false when the
// schemas have no kind of the object's apiVersion and kind; problems are
// then nil. Problems come sorted by path.
func (s *Schemas) Validate(obj map[string]any) (known bool, problems []Problem) {
	av, _ := obj["apiVersion"].(string)
	kind, _ := obj["kind"].(string)
	n := s.lookup(av, kind)
	if n == nil {
		return false, nil
	}
	w := &walker{s: s}
	w.value(n, obj)
	group, _, _ := strings.Cut(av, "/")
	if !strings.Contains(av, "/") {
		group = ""
	}
	w.objectName(group, kind, obj)
	if rule := kindRules[group+"/"+kind]; rule != nil {
		rule(w, obj)
	}
	sortProblems(w.probs)
	return true, w.probs
}

// Knows reports whether the schemas have the kind of apiVersion.
func (s *Schemas) Knows(apiVersion, kind string) bool {
	return s.lookup(apiVersion, kind) != nil
}

// lookup finds a kind's schema: a built-in kind's, else a custom
// resource's (a definition cannot replace a built-in kind).
func (s *Schemas) lookup(apiVersion, kind string) *node {
	if n := s.kinds[apiVersion][kind]; n != nil {
		return n
	}
	return s.crds[apiVersion][kind]
}
