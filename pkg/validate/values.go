package validate

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
)

// jsonType names the JSON type of a decoded value as the messages do:
// string, integer (a number without a fraction), number, boolean, object,
// array, null.
func jsonType(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case string:
		return "string"
	case bool:
		return "boolean"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	default:
		f, ok := number(v)
		if !ok {
			return "unknown"
		}
		if f == math.Trunc(f) && !math.IsInf(f, 0) {
			return "integer"
		}
		return "number"
	}
}

// number returns a numeric value as a float64.
func number(v any) (float64, bool) {
	switch v := v.(type) {
	case float64:
		return v, true
	case float32:
		return float64(v), true
	case int:
		return float64(v), true
	case int8:
		return float64(v), true
	case int16:
		return float64(v), true
	case int32:
		return float64(v), true
	case int64:
		return float64(v), true
	case uint:
		return float64(v), true
	case uint8:
		return float64(v), true
	case uint16:
		return float64(v), true
	case uint32:
		return float64(v), true
	case uint64:
		return float64(v), true
	case json.Number:
		f, err := v.Float64()
		return f, err == nil
	}
	return 0, false
}

// show writes a value for a message: a string quoted, a number as it
// is, anything else as its JSON. Long values are cut.
func show(v any) string {
	var s string
	switch v := v.(type) {
	case string:
		if len(v) > 80 {
			v = v[:77] + "..."
		}
		return strconv.Quote(v)
	default:
		if f, ok := number(v); ok {
			return strconv.FormatFloat(f, 'g', -1, 64)
		}
		b, err := json.Marshal(v)
		if err != nil {
			return jsonType(v)
		}
		s = string(b)
	}
	if len(s) > 80 {
		s = s[:77] + "..."
	}
	return s
}

// showList writes values for a message: "a", "b", "c".
func showList(vs []any) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = show(v)
	}
	return strings.Join(parts, ", ")
}

// equal compares two decoded values, numbers by value.
func equal(a, b any) bool {
	fa, okA := number(a)
	fb, okB := number(b)
	if okA || okB {
		return okA && okB && fa == fb
	}
	switch a := a.(type) {
	case string, bool, nil:
		return a == b
	}
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	return errA == nil && errB == nil && string(ja) == string(jb)
}

// keyOf writes a list-map item's key for a message and for finding
// duplicates: [containerPort=80,protocol="TCP"].
func keyOf(names []string, values []any) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, n := range names {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(n)
		b.WriteByte('=')
		b.WriteString(show(values[i]))
	}
	b.WriteByte(']')
	return b.String()
}
