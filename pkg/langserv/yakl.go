package langserv

import (
	"regexp"
	"strings"
)

// yaklExpr finds the ${…} expression of a .yakl text around offset off:
// [start, end) is its Jsonnet text (end is the closing } or, while it is
// being typed, the end of the line).
func yaklExpr(text string, off int) (start, end int, ok bool) {
	prevSpace := true
	for i := 0; i < len(text) && i <= off; {
		ch := text[i]
		switch {
		case ch == '\n':
			prevSpace = true
			i++
			continue
		case ch == '#' && prevSpace:
			for i < len(text) && text[i] != '\n' {
				i++
			}
			continue
		case strings.HasPrefix(text[i:], "$${"):
			i += 3
		case strings.HasPrefix(text[i:], "${"):
			s := i + 2
			e := closeBrace(text, s)
			if s <= off && off <= e {
				return s, e, true
			}
			i = e + 1
		default:
			i++
		}
		prevSpace = ch == ' ' || ch == '\t'

	}
	return 0, 0, false
}

// closeBrace is the offset of the } that closes an expression starting at
// s, counting brackets outside Jsonnet strings and comments; an
// unclosed one ends at the end of its line.
func closeBrace(text string, s int) int {
	depth := 0
	nl := strings.IndexByte(text[s:], '\n')
	limit := len(text)
	if nl >= 0 {
		limit = s + nl
	}
	end := limit
	codeBytes(text[s:], func(j int) bool {
		i := s + j
		switch text[i] {
		case '{', '(', '[':
			depth++
		case ')', ']':
			depth--
		case '}':
			if depth == 0 {
				end = i
				return false
			}
			depth--
		case '\n':
			if depth <= 0 {
				return false
			}
		}
		return true
	})
	return end
}

// yaklNameRE finds a YAKL local key ('&name' or &name(…)) or an anchor.
var yaklNameRE = regexp.MustCompile(`(?:^|[\s'"\[{,-])&([A-Za-z_][A-Za-z0-9_]*)`)

// yaklNames are the names a .yakl file's expressions can read besides
// std and kubecfg: its local keys and anchors.
func yaklNames(p, text string, src *source) *env {
	whole := &file{path: p, src: src}
	var e *env
	seen := map[string]bool{}
	for _, m := range yaklNameRE.FindAllStringSubmatchIndex(text, -1) {
		name := text[m[2]:m[3]]
		if seen[name] {
			continue
		}
		seen[name] = true
		e = &env{b: &binding{name: name, kind: "YAKL local", file: whole, def: m[2]}, parent: e}
	}
	return e
}
