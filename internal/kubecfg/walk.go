package kubecfg

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
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

// groupVersionKind splits apiVersion as apimachinery does: "v1" is the
// core group, "g/v" group g; an apiVersion with more than one slash is
// invalid and gives an empty group, version and kind.
func (o Object) groupVersionKind() (group, version, kind string) {
	av := o.str("apiVersion")
	switch strings.Count(av, "/") {
	case 0:
		return "", av, o.Kind()
	case 1:
		if av == "/" {
			return "", "", o.Kind()
		}
		g, v, _ := strings.Cut(av, "/")
		return g, v, o.Kind()
	}
	return "", "", ""
}

// groupKind is the kind as apimachinery's GroupKind.String() writes it:
// Kind, or Kind.group.
func (o Object) groupKind() string {
	g, _, k := o.groupVersionKind()
	if g == "" {
		return k
	}
	return k + "." + g
}

// walk finds the Kubernetes objects in v as kubecfg does: null is
// skipped; an object with non-null kind and apiVersion is a Kubernetes
// object, checked (checkObject), and if its items field is an array it is
// a list of any kind whose items are the objects (path p + ".item"); other
// objects are walked in byte-sorted key order and arrays in order; any
// other value is an error. visit receives each object and its path.
func walk(p string, v any, visit func(p string, o Object)) error {
	switch o := v.(type) {
	case nil:
		return nil
	case map[string]any:
		if o["kind"] != nil && o["apiVersion"] != nil {
			if err := checkObject(o); err != nil {
				return err
			}
			if items, ok := o["items"].([]any); ok {
				for _, it := range items {
					visit(p+".item", Object(it.(map[string]any)))
				}
				return nil
			}
			visit(p, Object(o))
			return nil
		}
		keys := make([]string, 0, len(o))
		for k := range o {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if err := walk(p+pathAccessor(k), o[k], visit); err != nil {
				return err
			}
		}
		return nil
	case []any:
		for i, e := range o {
			if err := walk(p+"["+strconv.Itoa(i)+"]", e, visit); err != nil {
				return err
			}
		}
		return nil
	}
	return &NotObjectError{Path: p, Value: v}
}

// NotObjectError is show's error for a value that is neither an object, an
// array nor null where it looks for Kubernetes objects (show {a: 1}): its
// text is kubecfg's, which names the value's Go type; Hint adds what it
// is in words and that eval prints any value.
type NotObjectError struct {
	Path  string // the walk's path: $.a, $.a[0]
	Value any
}

func (e *NotObjectError) Error() string {
	return fmt.Sprintf("Looking for kubernetes object at %q, but instead found %s", e.Path, typeName(e.Value))
}

// EvalPrints says whether eval prints the file whose value this is: a
// value below the top level ($.a), not the file's whole value ($), which
// kubecfg's eval reads as an object as show does.
func (e *NotObjectError) EvalPrints() bool { return e.Path != "$" }

// What is the value's kind in words: "a number", "a string", "a boolean".
func (e *NotObjectError) What() string {
	switch e.Value.(type) {
	case float64, int64, json.Number:
		return "a number"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	}
	return typeName(e.Value)
}

// pathAccessor is how kubecfg writes a field in a walk path: .name for a
// name that Jsonnet accepts unquoted as a field name (an identifier that
// is not a keyword), ["name"] (Go-quoted) for any other.
func pathAccessor(field string) string {
	if isJsonnetIdentifier(field) {
		return "." + field
	}
	return "[" + strconv.Quote(field) + "]"
}

var jsonnetKeywords = map[string]bool{
	"assert": true, "else": true, "error": true, "false": true, "for": true, "function": true,
	"if": true, "import": true, "importstr": true, "importbin": true, "in": true, "local": true,
	"null": true, "tailstrict": true, "then": true, "self": true, "super": true, "true": true,
}

func isJsonnetIdentifier(s string) bool {
	if s == "" || jsonnetKeywords[s] {
		return false
	}
	for i, c := range s {
		if c == '_' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || (i > 0 && '0' <= c && c <= '9') {
			continue
		}
		return false
	}
	return true
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

// checkObject is kubecfg's check of an object found by the walk: a list's
// items must be objects (and are checked in turn); annotations, then
// labels, must be maps of strings where present and not null.
func checkObject(o map[string]any) error {
	if items, ok := o["items"].([]any); ok {
		for _, it := range items {
			m, ok := it.(map[string]any)
			if !ok {
				return fmt.Errorf("items member is not an object: map[string]interface {}")
			}
			if err := checkObject(m); err != nil {
				return err
			}
		}
		return nil
	}
	for _, field := range []string{"annotations", "labels"} {
		var v any
		switch meta := o["metadata"].(type) {
		case nil:
			continue
		case map[string]any:
			v = meta[field]
		default:
			return fmt.Errorf(".metadata.%s accessor error: %v is of the type %T, expected map[string]interface{}", field, meta, meta)
		}
		if v == nil {
			continue
		}
		if !isStringMap(v) {
			ob := Object(o)
			_, version, _ := ob.groupVersionKind()
			return fmt.Errorf("%s map contains invalid (non-string) values in resource: %s/%s.%s/%s",
				field, version, ob.groupKind(), ob.Namespace(), ob.Name())
		}
	}
	return nil
}

func isStringMap(v any) bool {
	m, ok := v.(map[string]any)
	if !ok {
		return false
	}
	for _, e := range m {
		if _, ok := e.(string); !ok {
			return false
		}
	}
	return true
}

// dedupe drops identical copies of an object and fails on differing ones
// with the same group, kind, namespace and name, as kubecfg does: objects
// are identical when their JSON encodings are, the provenance annotations
// left out.
func dedupe(objs []Object, srcs []Source) ([]Object, []Source, error) {
	seen := map[string]Object{}
	out, outSrcs := objs[:0:0], srcs[:0:0]
	for i, o := range objs {
		k := fmt.Sprintf("%s, %q, %q", o.groupKind(), o.Namespace(), o.Name())
		if prev, ok := seen[k]; ok {
			if sameJSON(withoutProvenance(prev), withoutProvenance(o)) {
				continue
			}
			return nil, nil, fmt.Errorf("duplicate resource %s", k)
		}
		seen[k] = o
		out, outSrcs = append(out, o), append(outSrcs, srcs[i])
	}
	return out, outSrcs, nil
}

func sameJSON(a, b Object) bool {
	ja, errA := json.Marshal(map[string]any(a))
	jb, errB := json.Marshal(map[string]any(b))
	return errA == nil && errB == nil && bytes.Equal(ja, jb)
}
