// Package lex finds the bytes of Jsonnet source that are code: outside
// strings (every Jsonnet form, ||| text blocks included) and comments. It
// does not parse; malformed source is scanned as far as it goes.
package lex

import "strings"

// Code calls visit with the offset of every byte of src that is outside
// strings and comments, in order, until visit returns false.
func Code(src string, visit func(i int) bool) {
	n := len(src)
	for i := 0; i < n; {
		c := src[i]
		switch {
		case c == '#' || c == '/' && i+1 < n && src[i+1] == '/':
			for i < n && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < n && src[i+1] == '*':
			i += 2
			for i < n && !(src[i] == '*' && i+1 < n && src[i+1] == '/') {
				i++
			}
			i += 2
		case c == '|' && i+2 < n && src[i+1] == '|' && src[i+2] == '|':
			i += 3
			for i < n && !(src[i] == '|' && i+2 < n && src[i+1] == '|' && src[i+2] == '|') {
				i++
			}
			i += 3
		case c == '@' && i+1 < n && (src[i+1] == '\'' || src[i+1] == '"'):
			q := src[i+1]
			for i += 2; i < n; i++ {
				if src[i] == q {
					if i+1 < n && src[i+1] == q {
						i++
						continue
					}
					break
				}
			}
			i++
		case c == '\'' || c == '"':
			for i++; i < n && src[i] != c; i++ {
				if src[i] == '\\' {
					i++
				}
			}
			i++
		default:
			if !visit(i) {
				return
			}
			i++
		}
	}
}

// Position returns the 1-based line and byte column of offset i in src.
func Position(src string, i int) (line, col int) {
	line, col = 1, 1
	for j := 0; j < i && j < len(src); j++ {
		if src[j] == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

// YAMLFlowDepth returns the offset of the first [ or { in a YAML text that
// opens more than max flow collections at once, or -1. Quoted scalars and
// comments are skipped; block structure is not counted (its depth is bound
// by the length of a line). Outside flow collections, a bracket right
// after a letter, a digit or other text of a plain scalar (o{{, f({) is
// part of that scalar and opens nothing; after an indicator, a space or
// any other byte it counts, which errs on the side of refusing. YAML
// parsers recurse once per level, and in WebAssembly a few thousand levels
// exhaust the host's stack, so deeper text is refused before it is parsed.
func YAMLFlowDepth(src string, max int) int {
	depth := 0
	n := len(src)
	plain := false // the last byte was text of a plain scalar, outside flow collections
	for i := 0; i < n; i++ {
		switch c := src[i]; c {
		case '[', '{':
			if plain {
				continue // still the plain scalar: plain stays true
			}
			if depth++; depth > max {
				return i
			}
		case ']', '}':
			if depth > 0 {
				depth--
			}
		case '#':
			if i == 0 || src[i-1] == ' ' || src[i-1] == '\t' || src[i-1] == '\n' {
				for i < n && src[i] != '\n' {
					i++
				}
			}
		case '\'':
			for i++; i < n; i++ {
				if src[i] == '\'' {
					if i+1 < n && src[i+1] == '\'' {
						i++
						continue
					}
					break
				}
			}
		case '"':
			for i++; i < n && src[i] != '"'; i++ {
				if src[i] == '\\' {
					i++
				}
			}
		}
		// i is where this byte's case ended: a closing quote, the line
		// break after a comment.
		plain = depth == 0 && i < n && plainText(src[i])
	}
	return -1
}

// plainText reports whether c, in a plain scalar, makes a bracket after it
// part of the scalar: ASCII text that is not space and not one of YAML's
// indicators.
func plainText(c byte) bool {
	return c > ' ' && c < 0x7f && !strings.ContainsRune("-?:,[]{}#&*!|>'\"%@`", rune(c))
}
