package fasteval

import (
	"math"
	"strconv"
	"unicode/utf8"
)

// appendNumber writes v as go-jsonnet's unparseNumber does.
func appendNumber(b []byte, v float64) []byte {
	if v == math.Floor(v) {
		return strconv.AppendFloat(b, v, 'f', 0, 64)
	}
	return strconv.AppendFloat(b, v, 'g', 17, 64)
}

// appendString writes s quoted as go-jsonnet's unparseString does.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	for _, c := range s {
		switch c {
		case '"':
			b = append(b, '\\', '"')
		case '\\':
			b = append(b, '\\', '\\')
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
		case 0:
			b = append(b, `\u0000`...)
		default:
			if c < 0x20 || (c >= 0x7f && c <= 0x9f) {
				const hex = "0123456789abcdef"
				b = append(b, '\\', 'u', '0', '0', hex[c>>4&0xf], hex[c&0xf])
			} else if c < utf8.RuneSelf {
				b = append(b, byte(c))
			} else {
				b = utf8.AppendRune(b, c)
			}
		}
	}
	return append(b, '"')
}

// manifest writes v as go-jsonnet's JSON output: multiline with three
// spaces of indentation, or on one line (toString's form).
func (in *interp) manifest(b []byte, v value, multiline bool, indent string) []byte {
	in.enter()
	defer in.leave()
	switch v := in.force(v).(type) {
	case *nullType:
		return append(b, "null"...)
	case bool:
		if v {
			return append(b, "true"...)
		}
		return append(b, "false"...)
	case float64:
		return appendNumber(b, v)
	case string:
		return appendString(b, v)
	case *function:
		in.fail("couldn't manifest function as JSON")
	case *array:
		if len(v.elems) == 0 {
			return append(b, "[ ]"...)
		}
		indent2 := indent
		if multiline {
			indent2 = indent + "   "
			b = append(b, "[\n"...)
		} else {
			b = append(b, '[')
		}
		for i, el := range v.elems {
			if i > 0 {
				if multiline {
					b = append(b, ",\n"...)
				} else {
					b = append(b, ", "...)
				}
			}
			b = append(b, indent2...)
			b = in.manifest(b, el, multiline, indent2)
		}
		if multiline {
			b = append(b, '\n')
		}
		b = append(b, indent...)
		return append(b, ']')
	case *object:
		in.checkAsserts(v)
		names := v.visibleFields()
		if len(names) == 0 {
			return append(b, "{ }"...)
		}
		indent2 := indent
		if multiline {
			indent2 = indent + "   "
			b = append(b, "{\n"...)
		} else {
			b = append(b, '{')
		}
		for i, name := range names {
			if i > 0 {
				if multiline {
					b = append(b, ",\n"...)
				} else {
					b = append(b, ", "...)
				}
			}
			b = append(b, indent2...)
			b = appendString(b, name)
			b = append(b, ": "...)
			b = in.manifest(b, in.index(v, name), multiline, indent2)
		}
		if multiline {
			b = append(b, '\n')
		}
		b = append(b, indent...)
		return append(b, '}')
	}
	in.fail("cannot manifest")
	return nil
}

// toString is std.toString: a string as it is, anything else its JSON
// on one line.
func (in *interp) toString(v value) string {
	if s, ok := v.(string); ok {
		return s
	}
	return string(in.manifest(nil, v, false, ""))
}
