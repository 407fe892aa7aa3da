package fasteval

import (
	"encoding/json"
	"strconv"
	"strings"

	jsonnet "github.com/google/go-jsonnet"
	"github.com/google/go-jsonnet/ast"

	"github.com/kubecfg/kubecfg/internal/jsonlite"
)

// Values to and from encoding/json's (natives' arguments and results,
// std.parseJson, std.parseYaml, EvaluateValue) and std.manifestJsonEx.

// fromJSON is go-jsonnet's jsonToValue.
func (in *interp) fromJSON(v any) value {
	switch v := v.(type) {
	case nil:
		return null
	case bool:
		return v
	case float64:
		return in.checked(v)
	case int:
		return float64(v)
	case int64:
		return float64(v)
	case string:
		return cleanString(v)
	case []any:
		el := make([]value, len(v))
		for i, x := range v {
			el[i] = in.fromJSON(x)
		}
		return &array{elems: el}
	case map[string]any:
		f := make(map[string]value, len(v))
		for k, x := range v {
			f[k] = in.fromJSON(x)
		}
		return valuesObject(f, ast.ObjectFieldInherit)
	}
	in.fail("Not a json type")
	return nil
}

// toJSON is go-jsonnet's manifestJSON: v as encoding/json's values.
func (in *interp) toJSON(v value) any {
	in.enter()
	defer in.leave()
	switch v := in.force(v).(type) {
	case *nullType:
		return nil
	case bool, float64, string:
		return v
	case *array:
		r := make([]any, len(v.elems))
		for i, x := range v.elems {
			r[i] = in.toJSON(x)
		}
		return r
	case *object:
		in.checkAsserts(v)
		names := v.visibleFields()
		r := make(map[string]any, len(names))
		for _, n := range names {
			r[n] = in.toJSON(in.index(v, n))
		}
		return r
	}
	in.fail("couldn't manifest function as JSON")
	return nil
}

func nativeFunction(nf *jsonnet.NativeFunction) *function {
	return &function{params: nf.Params, name: nf.Name, builtin: func(in *interp, a []value) value {
		args := make([]any, len(a))
		for i, v := range a {
			args[i] = in.toJSON(v)
		}
		r, err := callNative(nf, args)
		if err != nil {
			in.fail("native: " + err.Error())
		}
		return in.fromJSON(r)
	}}
}

func callNative(nf *jsonnet.NativeFunction, args []any) (r any, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &evalError{"native function panicked"}
		}
	}()
	return nf.Func(args)
}

// manifestJSONEx is std.manifestJsonEx: appends v to b.
func (in *interp) manifestJSONEx(b []byte, v value, indent, newline, sep, cindent string, depth int) []byte {
	if depth <= 0 {
		in.fail("max manifest depth exceeded")
	}
	switch v := in.force(v).(type) {
	case *nullType:
		return append(b, "null"...)
	case bool:
		return strconv.AppendBool(b, v)
	case float64:
		return strconv.AppendFloat(b, v, 'f', -1, 64)
	case string:
		return jsonlite.AppendStringNoHTML(b, v)
	case *array:
		ni := cindent + indent
		b = append(b, '[')
		b = append(b, newline...)
		for i, x := range v.elems {
			if i > 0 {
				b = append(b, ',')
				b = append(b, newline...)
			}
			b = append(b, ni...)
			b = in.manifestJSONEx(b, x, indent, newline, sep, ni, depth-1)
		}
		b = append(b, newline...)
		b = append(b, cindent...)
		return append(b, ']')
	case *object:
		ni := cindent + indent
		names := v.visibleFields()
		b = append(b, '{')
		b = append(b, newline...)
		for i, n := range names {
			fv := in.index(v, n)
			if i > 0 {
				b = append(b, ',')
				b = append(b, newline...)
			}
			b = append(b, ni...)
			b = jsonlite.AppendStringNoHTML(b, n)
			b = append(b, sep...)
			b = in.manifestJSONEx(b, fv, indent, newline, sep, ni, depth-1)
		}
		b = append(b, newline...)
		b = append(b, cindent...)
		return append(b, '}')
	}
	in.fail("tried to manifest function")
	return nil
}

// jsonEncode is go-jsonnet's jsonEncode: encoding/json without HTML
// escaping, its newline trimmed.
func jsonEncode(in *interp, s string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		in.fail("json encode")
	}
	return strings.TrimRight(b.String(), "\n")
}
