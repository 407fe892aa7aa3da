package fasteval

import (
	"strconv"
	"strings"
)

// std.manifestTomlEx as go-jsonnet's Go builtin writes it: a table's
// fields sorted, its plain values first (one "key = value" a line,
// arrays across lines indented by the indent argument) and then its
// sections, objects as [a.b] tables and arrays of only objects as [[a.b]]
// arrays of tables, each nested one indent further and set apart by a
// blank line; values inside arrays and inline tables on one line. The
// depth is bounded as go-jsonnet bounds it (the stack limit, one level
// a call), and anything go-jsonnet refuses fails, so go-jsonnet's error
// is the answer.

// manifestTOML is std.manifestTomlEx(v, indent).
func (in *interp) manifestTOML(v value, indent string) string {
	o, ok := v.(*object)
	if !ok {
		in.fail("TOML body must be an object")
	}
	return in.tomlTable(o, indent, nil, "", in.eng.opts.MaxStack)
}

// tomlKey is a key bare when it is only letters, digits, '-' and '_',
// else quoted; the empty key is two single quotes.
func tomlKey(s string) string {
	if s == "" {
		return "''"
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return string(appendString(nil, s))
		}
	}
	return s
}

// tomlPath is a section's header: its keys joined by dots.
func tomlPath(path []string) string {
	keys := make([]string, len(path))
	for i, p := range path {
		keys[i] = tomlKey(p)
	}
	return strings.Join(keys, ".")
}

// tomlIsSection says whether v is written as a section: an object, or a
// non-empty array of objects only. It forces the array's elements up to
// the first that is not an object, as go-jsonnet does.
func (in *interp) tomlIsSection(v value) bool {
	switch v := v.(type) {
	case *object:
		return true
	case *array:
		if len(v.elems) == 0 {
			return false
		}
		for _, el := range v.elems {
			if _, ok := in.force(el).(*object); !ok {
				return false
			}
		}
		return true
	}
	return false
}

func (in *interp) tomlDepth(depth int) {
	if depth <= 0 {
		in.fail("max manifest depth exceeded")
	}
}

// tomlValue is a value: inline (inside an array or an inline table) on
// one line, else an array across lines, its elements one indent further
// than cindent.
func (in *interp) tomlValue(v value, indent string, inline bool, cindent string, depth int) string {
	in.tomlDepth(depth)
	switch v := v.(type) {
	case bool:
		return strconv.FormatBool(v)
	case float64:
		return string(appendNumber(nil, v))
	case string:
		return string(appendString(nil, v))
	case *array:
		if len(v.elems) == 0 {
			return "[]"
		}
		elIndent, sep := cindent+indent, "\n"
		if inline {
			elIndent, sep = "", " "
		}
		var b strings.Builder
		b.WriteString("[" + sep)
		for j, el := range v.elems {
			x := in.force(el)
			if j > 0 {
				b.WriteString("," + sep)
			}
			b.WriteString(elIndent)
			b.WriteString(in.tomlValue(x, indent, true, "", depth-1))
		}
		b.WriteString(sep)
		if inline {
			b.WriteString(cindent)
		}
		b.WriteString("]")
		return b.String()
	case *object:
		var b strings.Builder
		for j, name := range v.visibleFields() {
			x := in.index(v, name)
			s := in.tomlValue(x, indent, true, "", depth-1)
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString(tomlKey(name) + " = " + s)
		}
		return "{ " + b.String() + " }"
	}
	in.fail("cannot manifest this value in TOML")
	return ""
}

// tomlTable is a table's body: its plain fields, each line indented by
// cindent, then its sections.
func (in *interp) tomlTable(o *object, indent string, path []string, cindent string, depth int) string {
	in.tomlDepth(depth)
	var lines []string
	sections := []string{""}
	for _, name := range o.visibleFields() {
		x := in.index(o, name)
		if !in.tomlIsSection(x) {
			lines = append(lines, strings.Split(tomlKey(name)+" = "+in.tomlValue(x, indent, false, "", depth-1), "\n")...)
			continue
		}
		sub := append(append(make([]string, 0, len(path)+1), path...), name)
		switch x := x.(type) {
		case *object:
			sections = append(sections, in.tomlSection(x, "[", "]", indent, sub, cindent, depth-1))
		case *array:
			sections = append(sections, in.tomlSections(x, indent, sub, cindent, depth-1))
		}
	}
	head := ""
	if len(lines) > 0 {
		head = cindent
	}
	return head + strings.Join(lines, "\n"+cindent) + strings.Join(sections, "\n\n")
}

// tomlSection is an object as a table headed open, path, close: [path],
// or [[path]] for an element of an array of tables.
func (in *interp) tomlSection(o *object, open, close, indent string, path []string, cindent string, depth int) string {
	in.tomlDepth(depth)
	s := cindent + open + tomlPath(path) + close
	if len(o.visibleFields()) > 0 {
		s += "\n"
	}
	return s + in.tomlTable(o, indent, path, cindent+indent, depth-1)
}

// tomlSections is an array of objects as [[path]] tables, a blank line
// between them.
func (in *interp) tomlSections(a *array, indent string, path []string, cindent string, depth int) string {
	in.tomlDepth(depth)
	parts := make([]string, 0, len(a.elems))
	for _, el := range a.elems {
		o, ok := in.force(el).(*object)
		if !ok {
			in.fail("invalid type for section")
		}
		// At this depth, as the array's own: go-jsonnet counts one level.
		parts = append(parts, in.tomlSection(o, "[[", "]]", indent, path, cindent, depth))
	}
	return strings.Join(parts, "\n\n")
}
