package fasteval

import (
	"regexp"
	"strconv"
	"strings"
)

// std.manifestYamlDoc, with go-jsonnet's output: two spaces of indent,
// block scalars for strings that end in a newline, keys bare only where
// go-jsonnet finds them safe.

const yamlIndent = "  "

var (
	yamlReserved = []string{
		"true", "false", "yes", "no", "on", "off", "y", "n",
		".nan", "-.inf", "+.inf", ".inf", "null",
		"-", "---", "''",
	}
	yamlTimestamp = regexp.MustCompile(`^(?:[0-9]*-){2}[0-9]*$`)
	yamlBinary    = regexp.MustCompile(`^[-+]?0b[0-1_]+$`)
	yamlHex       = regexp.MustCompile(`[-+]?0x[0-9a-fA-F_]+`)
)

// yamlBare says whether a key may be written without quotes.
func yamlBare(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		ok := (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
			c == '_' || c == '-' || c == '/' || c == '.'
		if !ok {
			return false
		}
	}
	for _, r := range yamlReserved {
		if strings.EqualFold(s, r) {
			return false
		}
	}
	if yamlTimestamp.MatchString(s) || yamlBinary.MatchString(s) || yamlHex.MatchString(s) {
		return false
	}
	if _, err := strconv.Atoi(s); err == nil {
		return false
	}
	if _, err := strconv.ParseFloat(s, 64); err == nil {
		return false
	}
	return true
}

func (in *interp) manifestYAMLDoc(b []byte, v value, cindent string, depth int, indentArr, quoteKeys bool) []byte {
	if depth <= 0 {
		in.fail("max manifest depth exceeded")
	}
	switch v := v.(type) {
	case *nullType:
		return append(b, "null"...)
	case bool:
		return strconv.AppendBool(b, v)
	case string:
		if v == "" {
			return append(b, `""`...)
		}
		if strings.HasSuffix(v, "\n") {
			b = append(b, '|')
			for _, line := range strings.Split(v[:len(v)-1], "\n") {
				b = append(b, '\n')
				b = append(b, cindent...)
				b = append(b, yamlIndent...)
				b = append(b, line...)
			}
			return b
		}
		return appendString(b, v)
	case float64:
		return strconv.AppendFloat(b, v, 'f', -1, 64)
	case *array:
		if len(v.elems) == 0 {
			return append(b, "[]"...)
		}
		for i, el := range v.elems {
			if i != 0 {
				b = append(b, '\n')
				b = append(b, cindent...)
			}
			x := in.force(el)
			b = append(b, '-')
			if a, ok := x.(*array); ok && len(a.elems) > 0 {
				b = append(b, '\n')
				b = append(b, cindent...)
				b = append(b, yamlIndent...)
			} else {
				b = append(b, ' ')
			}
			ci := cindent
			switch x.(type) {
			case *array, *object:
				ci += yamlIndent
			}
			b = in.manifestYAMLDoc(b, x, ci, depth-1, indentArr, quoteKeys)
		}
		return b
	case *object:
		names := v.visibleFields()
		if len(names) == 0 {
			return append(b, "{}"...)
		}
		for i, name := range names {
			x := in.index(v, name)
			if i != 0 {
				b = append(b, '\n')
				b = append(b, cindent...)
			}
			if quoteKeys || !yamlBare(name) {
				b = appendString(b, name)
			} else {
				b = append(b, name...)
			}
			b = append(b, ':')
			ci := cindent
			if a, ok := x.(*array); ok && len(a.elems) > 0 {
				b = append(b, '\n')
				b = append(b, cindent...)
				if indentArr {
					b = append(b, yamlIndent...)
					ci += yamlIndent
				}
			} else if o, ok := x.(*object); ok && len(o.visibleFields()) > 0 {
				b = append(b, '\n')
				b = append(b, cindent...)
				b = append(b, yamlIndent...)
				ci += yamlIndent
			} else {
				b = append(b, ' ')
			}
			b = in.manifestYAMLDoc(b, x, ci, depth-1, indentArr, quoteKeys)
		}
		return b
	}
	in.fail("cannot manifest a function")
	return nil
}
