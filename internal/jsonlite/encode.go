package jsonlite

import (
	"math"
	"slices"
	"strconv"
	"unicode/utf8"
)

const hex = "0123456789abcdef"

// AppendString appends s as json.Marshal writes a string: HTML's <, >
// and & escaped, invalid UTF-8 as \ufffd, U+2028 and U+2029 escaped.
func AppendString(dst []byte, s string) []byte { return appendString(dst, s, true) }

// AppendStringNoHTML appends s as an encoding/json Encoder with
// SetEscapeHTML(false) writes it (go-jsonnet's strings): as AppendString,
// but <, > and & as they are.
func AppendStringNoHTML(dst []byte, s string) []byte { return appendString(dst, s, false) }

func appendString(dst []byte, s string, html bool) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && (!html || c != '<' && c != '>' && c != '&') {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
		} else if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[r&0xf])
		} else {
			i += n
			continue
		}
		i += n
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// AppendStrings appends a []string as json.Marshal writes it (nil as null).
func AppendStrings(dst []byte, a []string) []byte {
	if a == nil {
		return append(dst, "null"...)
	}
	dst = append(dst, '[')
	for i, s := range a {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = AppendString(dst, s)
	}
	return append(dst, ']')
}

// AppendStringMap appends a map[string]string as json.Marshal writes it:
// the keys sorted, nil as null.
func AppendStringMap(dst []byte, m map[string]string) []byte {
	if m == nil {
		return append(dst, "null"...)
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	dst = append(dst, '{')
	for i, k := range keys {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = AppendString(dst, k)
		dst = append(dst, ':')
		dst = AppendString(dst, m[k])
	}
	return append(dst, '}')
}

// AppendBool appends b as true or false.
func AppendBool(dst []byte, b bool) []byte {
	return strconv.AppendBool(dst, b)
}

// AppendInt appends n as json.Marshal writes an int.
func AppendInt(dst []byte, n int) []byte {
	return strconv.AppendInt(dst, int64(n), 10)
}

// AppendFloat appends f as json.Marshal writes a float64 (ES6's number
// to string); ok is false for NaN and the infinities, which json.Marshal
// refuses.
func AppendFloat(dst []byte, f float64) (_ []byte, ok bool) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return dst, false
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	dst = strconv.AppendFloat(dst, f, format, -1, 64)
	if format == 'e' {
		// e-09 is written e-9
		if n := len(dst); n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
	}
	return dst, true
}

// Object appends an object's members, each through Field, with omitempty
// as encoding/json's for the kinds it writes.
type Object struct {
	B     []byte
	first bool
}

// Begin starts an object on dst.
func Begin(dst []byte) *Object {
	return &Object{B: append(dst, '{'), first: true}
}

// Key writes a member's name (and the comma before it).
func (o *Object) Key(name string) {
	if !o.first {
		o.B = append(o.B, ',')
	}
	o.first = false
	o.B = append(o.B, '"')
	o.B = append(o.B, name...)
	o.B = append(o.B, '"', ':')
}

// Str writes a string member; omitempty leaves out "".
func (o *Object) Str(name, v string, omitempty bool) {
	if omitempty && v == "" {
		return
	}
	o.Key(name)
	o.B = AppendString(o.B, v)
}

// Int writes an int member; omitempty leaves out 0.
func (o *Object) Int(name string, v int, omitempty bool) {
	if omitempty && v == 0 {
		return
	}
	o.Key(name)
	o.B = AppendInt(o.B, v)
}

// Bool writes a bool member; omitempty leaves out false.
func (o *Object) Bool(name string, v, omitempty bool) {
	if omitempty && !v {
		return
	}
	o.Key(name)
	o.B = AppendBool(o.B, v)
}

// Strs writes a []string member; omitempty leaves out an empty one.
func (o *Object) Strs(name string, v []string, omitempty bool) {
	if omitempty && len(v) == 0 {
		return
	}
	o.Key(name)
	o.B = AppendStrings(o.B, v)
}

// StrMap writes a map[string]string member; omitempty leaves out an
// empty one.
func (o *Object) StrMap(name string, v map[string]string, omitempty bool) {
	if omitempty && len(v) == 0 {
		return
	}
	o.Key(name)
	o.B = AppendStringMap(o.B, v)
}

// End closes the object and returns its bytes.
func (o *Object) End() []byte {
	return append(o.B, '}')
}
