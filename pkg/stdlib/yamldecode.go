package stdlib

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"unicode/utf8"

	goyaml "go.yaml.in/yaml/v2"
	"sigs.k8s.io/yaml"
)

// DecodeYAML reads one YAML document into JSON values as kubectl does:
// sigs.k8s.io/yaml's YAMLToJSON, then encoding/json into an any (float64
// numbers, string keys), and then the key check (checkKeys). It parses
// the text once: the common document (valid UTF-8 strings, finite
// numbers, keys that are strings, integers, floats or booleans) is
// converted directly, with the same result; any other (a NaN, invalid UTF-8 from !!binary, a key
// sigs.k8s.io/yaml refuses, a value of another type) takes
// sigs.k8s.io/yaml's own path, so its value and error are that path's.
// (go-yaml v2 gives timestamps as strings: they take the direct way.) A
// conversion error is the one YAMLToJSON gives; colliding keys give
// checkKeys's error.
//
// One difference, on purpose: where two keys collide and one of their
// values is one encoding/json refuses (a NaN), sigs.k8s.io/yaml keeps one
// of the two in Go's map order, so it fails on the value or not from run
// to run; here the key error comes first, every time.
func DecodeYAML(text []byte) (any, error) { return decodeYAML(text, false) }

// decodeYAML is DecodeYAML; with ints, integers come out as int64 where
// they fit, as apimachinery decodes sigs.k8s.io/yaml's JSON for kubecfg's
// .yaml reader (see DecodeJSON).
func decodeYAML(text []byte, ints bool) (any, error) {
	var y any
	if err := goyaml.Unmarshal(text, &y); err != nil {
		return nil, err // what YAMLToJSON returns for text it cannot parse
	}
	v, ok := jsonValue(y, ints)
	if !ok {
		j, err := yaml.YAMLToJSON(text)
		var refused *json.UnsupportedValueError
		if errors.As(err, &refused) {
			if dup := checkKeys(y); dup != nil {
				return nil, dup
			}
		}
		if err != nil {
			return nil, err
		}
		if ints {
			v, err = DecodeJSON(j)
		} else {
			err = json.Unmarshal(j, &v)
		}
		if err != nil {
			return nil, err
		}
	}
	if err := checkKeys(y); err != nil {
		return nil, err
	}
	return v, nil
}

// jsonValue converts a value go-yaml v2 decoded into the value that
// encoding/json decodes from sigs.k8s.io/yaml's JSON for it. ok is false
// where the two could differ or the conversion fails, for the caller to
// take sigs.k8s.io/yaml's path.
func jsonValue(y any, ints bool) (v any, ok bool) {
	switch y := y.(type) {
	case nil, bool:
		return y, true
	case string:
		return y, utf8.ValidString(y) // encoding/json replaces invalid bytes
	case int:
		if ints {
			return int64(y), true
		}
		return float64(y), true // both round to the nearest float64
	case int64:
		if ints {
			return y, true
		}
		return float64(y), true
	case uint64:
		if ints && y <= math.MaxInt64 {
			return int64(y), true
		}
		return float64(y), true
	case float64:
		return y, !math.IsNaN(y) && !math.IsInf(y, 0) // encoding/json refuses these
	case []any:
		out := make([]any, len(y))
		for i, x := range y {
			if out[i], ok = jsonValue(x, ints); !ok {
				return nil, false
			}
		}
		return out, true
	case map[any]any:
		out := make(map[string]any, len(y))
		for k, x := range y {
			s, ok := jsonKey(k)
			if _, unsigned := k.(uint64); !ok || unsigned || !utf8.ValidString(s) {
				return nil, false // sigs.k8s.io/yaml refuses uint64 keys
			}
			if out[s], ok = jsonValue(x, ints); !ok {
				return nil, false
			}
		}
		return out, true
	}
	return nil, false
}

// duplicateKeyError is checkKeys's error: two keys of one mapping
// that are the same JSON key.
type duplicateKeyError struct{ msg string }

func (e *duplicateKeyError) Error() string { return e.msg }

// isDuplicateKey reports whether err is checkKeys's error.
func isDuplicateKey(err error) bool {
	var d *duplicateKeyError
	return errors.As(err, &d)
}

// DecodeJSON reads a JSON text as apimachinery's JSON decoder does
// (sigs.k8s.io/json with PreserveInts): a number written as an integer
// that fits is an int64, any other a float64, so an integer past 2^53
// keeps its digits. A number no float64 holds is encoding/json's error.
func DecodeJSON(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		var plain any
		if perr := json.Unmarshal(data, &plain); perr != nil {
			return nil, perr // encoding/json's own text for the syntax error
		}
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		var plain any
		return nil, json.Unmarshal(data, &plain) // trailing data: encoding/json's text
	}
	return preserveInts(v)
}

// preserveInts turns DecodeJSON's json.Numbers into int64 or float64.
func preserveInts(v any) (any, error) {
	switch v := v.(type) {
	case json.Number:
		if i, err := strconv.ParseInt(string(v), 10, 64); err == nil {
			return i, nil
		}
		f, err := strconv.ParseFloat(string(v), 64)
		if err != nil {
			return nil, fmt.Errorf("json: cannot unmarshal number %s into Go value of type float64", v)
		}
		return f, nil
	case []any:
		for i, x := range v {
			var err error
			if v[i], err = preserveInts(x); err != nil {
				return nil, err
			}
		}
	case map[string]any:
		for k, x := range v {
			var err error
			if v[k], err = preserveInts(x); err != nil {
				return nil, err
			}
		}
	}
	return v, nil
}
