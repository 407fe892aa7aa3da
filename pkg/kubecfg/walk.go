package kubecfg

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
)

// Object is one Kubernetes object found by the walk.
type Object map[string]any

func (o Object) str(key string) string {
	s, _ := o[key].(string)
	return s
}

func (o Object) meta() map[string]any {
	m, _ := o["metadata"].(map[string]any)
	return m
}

// Namespace returns metadata.namespace, or "".
func (o Object) Namespace() string { s, _ := o.meta()["namespace"].(string); return s }

// Name returns metadata.name, or "".
func (o Object) Name() string { s, _ := o.meta()["name"].(string); return s }

// Kind returns the object's kind.
func (o Object) Kind() string { return o.str("kind") }

// Group returns the API group of apiVersion ("" for the core group).
func (o Object) Group() string {
	g, _, ok := strings.Cut(o.str("apiVersion"), "/")
	if !ok {
		return ""
	}
	return g
}

// walk finds the Kubernetes objects in v: null is skipped, an object with
// non-null kind and apiVersion is one (a v1 List contributes its items),
// other objects are walked in byte-sorted key order and arrays in order.
func walk(p string, v any, visit func(Object)) error {
	switch o := v.(type) {
	case nil:
		return nil
	case map[string]any:
		if o["kind"] != nil && o["apiVersion"] != nil {
			if o["apiVersion"] == "v1" && o["kind"] == "List" {
				items, _ := o["items"].([]any)
				for i, it := range items {
					m, ok := it.(map[string]any)
					if !ok {
						return fmt.Errorf("Looking for kubernetes object at %q, but instead found %s", fmt.Sprintf("%s.items[%d]", p, i), typeName(it))
					}
					visit(Object(m))
				}
				return nil
			}
			visit(Object(o))
			return nil
		}
		keys := make([]string, 0, len(o))
		for k := range o {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if err := walk(p+"."+k, o[k], visit); err != nil {
				return err
			}
		}
		return nil
	case []any:
		for i, e := range o {
			if err := walk(fmt.Sprintf("%s[%d]", p, i), e, visit); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("Looking for kubernetes object at %q, but instead found %s", p, typeName(v))
}

// typeName is the Go type name kubecfg prints for a JSON value.
func typeName(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case float64:
		return "float64"
	case bool:
		return "bool"
	case []any:
		return "[]interface {}"
	case map[string]any:
		return "map[string]interface {}"
	}
	return fmt.Sprintf("%T", v)
}

// checkMeta refuses labels and annotations that are not all strings.
func checkMeta(o Object) error {
	for _, field := range []string{"labels", "annotations"} {
		m, ok := o.meta()[field].(map[string]any)
		if !ok {
			continue
		}
		for _, v := range m {
			if _, ok := v.(string); !ok {
				return fmt.Errorf("%s map contains invalid (non-string) values in resource: %s/%s.%s/%s",
					field, o.str("apiVersion"), o.Kind(), o.Namespace(), o.Name())
			}
		}
	}
	return nil
}

// dedupe drops identical copies of an object and fails on differing ones
// (same group, kind, namespace and name).
func dedupe(objs []Object) ([]Object, error) {
	type key struct{ group, kind, ns, name string }
	seen := map[key]Object{}
	out := objs[:0:0]
	for _, o := range objs {
		k := key{o.Group(), o.Kind(), o.Namespace(), o.Name()}
		if prev, ok := seen[k]; ok {
			if reflect.DeepEqual(map[string]any(prev), map[string]any(o)) {
				continue
			}
			return nil, fmt.Errorf("duplicate resource %s, %q, %q", o.Kind(), o.Namespace(), o.Name())
		}
		seen[k] = o
		out = append(out, o)
	}
	return out, nil
}
