package fasteval

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"

	jsonnet "github.com/google/go-jsonnet"
	"github.com/google/go-jsonnet/ast"
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
		return appendJSONString(b, v)
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
			b = appendJSONString(b, n)
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

// appendJSONString writes s as encoding/json does without HTML escaping
// (go-jsonnet's jsonEncode).
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
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
