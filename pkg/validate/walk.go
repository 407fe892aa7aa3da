package validate

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// walker checks one object, gathering problems. path is the way to the
// value being checked (a stack: a problem takes a copy).
type walker struct {
	s     *Schemas
	path  Path
	probs []Problem
}

func (w *walker) report(code, msg string) {
	w.probs = append(w.probs, Problem{Path: append(Path(nil), w.path...), Message: msg, Code: code})
}

func (w *walker) missing(code, field string) {
	w.probs = append(w.probs, Problem{Path: append(Path(nil), w.path...), Missing: field, Message: fmt.Sprintf("missing required field %q", field), Code: code})
}

func (w *walker) push(e any) { w.path = append(w.path, e) }
func (w *walker) pop()       { w.path = w.path[:len(w.path)-1] }

func (w *walker) typeError(want string, v any) {
	w.report(CodeType, fmt.Sprintf("expected %s, got %s", want, jsonType(v)))
}

// value checks v against n. A null is an absent value (Kubernetes decodes
// null as the field's zero value; a custom resource's nulls are pruned).
func (w *walker) value(n *node, v any) {
	n = deref(n)
	if n == nil || v == nil {
		return
	}
	for _, a := range n.AllOf {
		w.value(a, v)
	}
	switch {
	case n.IntOrString:
		switch jsonType(v) {
		case "string", "integer":
		default:
			w.typeError("integer or string", v)
			return
		}
	case n.Quantity:
		switch s := v.(type) {
		case string:
			if !isQuantity(s) {
				w.report(CodeFormat, fmt.Sprintf("invalid value %s: quantities must match the regular expression '%s'", show(s), quantityRegexp))
			}
		default:
			if _, ok := number(v); !ok {
				w.typeError("string or number", v)
			}
		}
		return
	}
	switch n.Type {
	case "object":
		m, ok := v.(map[string]any)
		if !ok {
			w.typeError("object", v)
			return
		}
		w.object(n, m)
	case "array":
		a, ok := v.([]any)
		if !ok {
			w.typeError("array", v)
			return
		}
		w.array(n, a)
	case "string":
		s, ok := v.(string)
		if !ok {
			w.typeError("string", v)
			return
		}
		w.str(n, s)
	case "integer":
		t := jsonType(v)
		if t != "integer" {
			w.typeError("integer", v)
			return
		}
		f, _ := number(v)
		w.integer(n, f)
		w.bounds(n, f)
	case "number":
		f, ok := number(v)
		if !ok {
			w.typeError("number", v)
			return
		}
		w.bounds(n, f)
	case "boolean":
		if _, ok := v.(bool); !ok {
			w.typeError("boolean", v)
			return
		}
	case "":
		switch v := v.(type) {
		case map[string]any:
			if n.Props != nil || n.Additional != nil || n.Embedded {
				w.object(n, v)
			}
		case []any:
			if n.Items != nil {
				w.array(n, v)
			}
		}
	}
	if len(n.Enum) > 0 {
		for _, e := range n.Enum {
			if equal(e, v) {
				return
			}
		}
		w.report(CodeEnum, fmt.Sprintf("unsupported value %s: supported values: %s", show(v), showList(n.Enum)))
	}
}

// embeddedFields are the fields an embedded resource has beside its
// schema's properties.
var embeddedFields = map[string]bool{"apiVersion": true, "kind": true, "metadata": true}

func (w *walker) object(n *node, m map[string]any) {
	for _, r := range n.Required {
		if v, ok := m[r]; !ok || v == nil {
			w.missing(CodeRequired, r)
		}
	}
	if n.Embedded {
		w.embedded(n, m)
	}
	for k, v := range m {
		w.push(k)
		if p, ok := n.Props[k]; ok {
			w.value(p, v)
		} else if n.Embedded && embeddedFields[k] {
			// checked by embedded
		} else if n.Additional != nil {
			if n.Additional.schema != nil {
				w.value(n.Additional.schema, v)
			} else if !n.Additional.allow {
				w.report(CodeUnknownField, fmt.Sprintf("unknown field %q", k))
			}
		} else if !n.Preserve && n.Props != nil {
			w.report(CodeUnknownField, fmt.Sprintf("unknown field %q", k))
		}
		w.pop()
	}
	if n.MinProps != nil && int64(len(m)) < *n.MinProps {
		w.report(CodeRange, fmt.Sprintf("should have at least %d properties", *n.MinProps))
	}
	if n.MaxProps != nil && int64(len(m)) > *n.MaxProps {
		w.report(CodeRange, fmt.Sprintf("should have at most %d properties", *n.MaxProps))
	}
	if n == w.s.objectMeta {
		w.meta(m)
	}
	if rule := w.s.rules[n]; rule != nil {
		rule(w, m)
	}
}

// embedded checks the apiVersion, kind and metadata of an embedded
// resource (x-kubernetes-embedded-resource) that its schema leaves out.
func (w *walker) embedded(n *node, m map[string]any) {
	for _, f := range []string{"apiVersion", "kind"} {
		if _, ok := n.Props[f]; ok {
			continue
		}
		v, ok := m[f]
		if !ok || v == nil || v == "" {
			w.missing(CodeEmbedded, f)
			continue
		}
		w.push(f)
		if _, ok := v.(string); !ok {
			w.typeError("string", v)
		}
		w.pop()
	}
	if _, ok := n.Props["metadata"]; !ok && m["metadata"] != nil {
		w.push("metadata")
		if w.s.objectMeta != nil {
			w.value(w.s.objectMeta, m["metadata"])
		} else if _, ok := m["metadata"].(map[string]any); !ok {
			w.typeError("object", m["metadata"])
		}
		w.pop()
	}
}

func (w *walker) array(n *node, a []any) {
	for i, e := range a {
		w.push(i)
		w.value(n.Items, e)
		w.pop()
	}
	switch n.ListType {
	case "map":
		w.listMap(n, a)
	case "set":
		seen := map[string]bool{}
		for i, e := range a {
			k := exactKey(e)
			if seen[k] {
				w.push(i)
				w.report(CodeListMapKey, fmt.Sprintf("duplicate entries for value %s", show(e)))
				w.pop()
			}
			seen[k] = true
		}
	}
	if n.MinItems != nil && int64(len(a)) < *n.MinItems {
		w.report(CodeRange, fmt.Sprintf("should have at least %d items", *n.MinItems))
	}
	if n.MaxItems != nil && int64(len(a)) > *n.MaxItems {
		w.report(CodeRange, fmt.Sprintf("must have at most %d items", *n.MaxItems))
	}
}

// listMap finds the items of an x-kubernetes-list-type: map list that
// leave out a key field (with no default to take its place) and those
// whose keys repeat an earlier item's.
func (w *walker) listMap(n *node, a []any) {
	if len(n.ListKeys) == 0 {
		return
	}
	items := deref(n.Items)
	required := map[string]bool{}
	if items != nil {
		for _, r := range items.Required {
			required[r] = true
		}
	}
	seen := map[string]bool{}
	for i, e := range a {
		m, ok := e.(map[string]any)
		if !ok {
			continue
		}
		values := make([]any, len(n.ListKeys))
		complete := true
		w.push(i)
		for j, k := range n.ListKeys {
			v, ok := m[k]
			if !ok || v == nil {
				v, ok = n.KeyDefaults[k]
			}
			if !ok {
				complete = false
				if !required[k] { // a required key is reported as such
					w.probs = append(w.probs, Problem{Path: append(Path(nil), w.path...), Missing: k,
						Message: fmt.Sprintf("missing key field %q of the list map (it has no default)", k), Code: CodeListMapKey})
				}
				continue
			}
			values[j] = v
		}
		if complete {
			k := exactKey(values)
			if seen[k] {
				w.report(CodeListMapKey, "duplicate entries for key "+keyOf(n.ListKeys, values))
			}
			seen[k] = true
		}
		w.pop()
	}
}

// exactKey writes a value whole, numbers by value, for finding repeats.
func exactKey(v any) string {
	switch v := v.(type) {
	case string:
		return strconv.Quote(v)
	case []any:
		parts := make([]string, len(v))
		for i, e := range v {
			parts[i] = exactKey(e)
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	if f, ok := number(v); ok {
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func (w *walker) str(n *node, s string) {
	if n.re != nil && !n.re.MatchString(s) {
		w.report(CodePattern, fmt.Sprintf("invalid value %s: should match '%s'", show(s), n.Pattern))
	}
	if n.Format != "" {
		if msg := checkFormat(n.Format, s); msg != "" {
			w.report(CodeFormat, fmt.Sprintf("invalid value %s: %s", show(s), msg))
		}
	}
	if n.MinLength != nil || n.MaxLength != nil {
		l := int64(utf8.RuneCountInString(s))
		if n.MinLength != nil && l < *n.MinLength {
			w.report(CodeRange, fmt.Sprintf("invalid value %s: should be at least %d chars long", show(s), *n.MinLength))
		}
		if n.MaxLength != nil && l > *n.MaxLength {
			w.report(CodeRange, fmt.Sprintf("invalid value %s: may not be longer than %d", show(s), *n.MaxLength))
		}
	}
}

func (w *walker) integer(n *node, f float64) {
	switch n.Format {
	case "int32":
		if f < math.MinInt32 || f > math.MaxInt32 {
			w.report(CodeFormat, fmt.Sprintf("invalid value %s: out of range for int32", strconv.FormatFloat(f, 'f', -1, 64)))
		}
	case "int64":
		if f < math.MinInt64 || f >= math.MaxInt64 {
			w.report(CodeFormat, fmt.Sprintf("invalid value %s: out of range for int64", strconv.FormatFloat(f, 'f', -1, 64)))
		}
	}
}

func (w *walker) bounds(n *node, f float64) {
	num := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	if n.Minimum != nil {
		if n.ExclusiveMin && f <= *n.Minimum {
			w.report(CodeRange, fmt.Sprintf("invalid value %s: should be greater than %s", num(f), num(*n.Minimum)))
		} else if f < *n.Minimum {
			w.report(CodeRange, fmt.Sprintf("invalid value %s: should be greater than or equal to %s", num(f), num(*n.Minimum)))
		}
	}
	if n.Maximum != nil {
		if n.ExclusiveMax && f >= *n.Maximum {
			w.report(CodeRange, fmt.Sprintf("invalid value %s: should be less than %s", num(f), num(*n.Maximum)))
		} else if f > *n.Maximum {
			w.report(CodeRange, fmt.Sprintf("invalid value %s: should be less than or equal to %s", num(f), num(*n.Maximum)))
		}
	}
}
