package stdlib

import (
	"fmt"
	"strconv"
	"strings"
)

// checkKeys returns an error when a mapping of the YAML value v (as
// go-yaml v2 decodes it) has two keys that sigs.k8s.io/yaml turns into the
// same JSON key (0 and "0", 1 and 1.0, true and "true"): it keeps one of
// the two values, and which one depends on Go's map order, so the same
// input would give different objects from run to run.
func checkKeys(v any) error {
	switch v := v.(type) {
	case map[any]any:
		seen := make(map[string]any, len(v))
		for k, x := range v {
			if s, ok := jsonKey(k); ok {
				if other, dup := seen[s]; dup {
					a, b := describeKey(other), describeKey(k)
					if a > b {
						a, b = b, a
					}
					return &duplicateKeyError{fmt.Sprintf("yaml: mapping keys %s and %s are the same JSON key %q", a, b, s)}
				}
				seen[s] = k
			}
			if err := checkKeys(x); err != nil {
				return err
			}
		}
	case []any:
		for _, x := range v {
			if err := checkKeys(x); err != nil {
				return err
			}
		}
	}
	return nil
}

// describeKey writes a YAML key so that its type shows: "0" (a string),
// 0 (an integer), 0.0 (a float), true.
func describeKey(k any) string {
	switch k := k.(type) {
	case string:
		return strconv.Quote(k)
	case float64:
		s := strconv.FormatFloat(k, 'g', -1, 64)
		if !strings.ContainsAny(s, ".eEnN") {
			s += ".0"
		}
		return s
	}
	return fmt.Sprint(k)
}

// jsonKey is the JSON key sigs.k8s.io/yaml makes of a YAML key (its
// convertToJSONableObject); ok is false for keys it refuses.
func jsonKey(k any) (string, bool) {
	switch k := k.(type) {
	case string:
		return k, true
	case int:
		return strconv.Itoa(k), true
	case int64:
		return strconv.FormatInt(k, 10), true
	case uint64:
		return strconv.FormatUint(k, 10), true
	case float64:
		s := strconv.FormatFloat(k, 'g', -1, 32)
		switch s {
		case "+Inf":
			s = ".inf"
		case "-Inf":
			s = "-.inf"
		case "NaN":
			s = ".nan"
		}
		return s, true
	case bool:
		if k {
			return "true", true
		}
		return "false", true
	}
	return "", false
}
