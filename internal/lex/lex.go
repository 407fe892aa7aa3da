// Package lex scans source text without parsing it: it finds the bytes of
// Jsonnet source that are code, outside strings (every Jsonnet form, |||
// text blocks included) and comments, and how deeply a YAML text nests
// its collections. Malformed text is scanned as far as it goes.
package lex

// MaxDepth is the deepest nesting kubecfg accepts anywhere: of brackets in
// Jsonnet code and of collections (block and flow together) in YAML, be it
// a .yaml input, parseYaml's argument or a .yakl file. go-jsonnet's parser
// and go-yaml's recurse once per level: natively a deep enough input ends
// the process with a fatal Go stack overflow, and in WebAssembly the
// host's stack runs out long before either parser's own limit. Real
// configuration nests a few dozen levels.
const MaxDepth = 1000

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

// JsonnetDepth returns the offset of the first (, [ or { in Jsonnet code
// that opens more than max brackets at once, skipping strings and
// comments, or -1. go-jsonnet's parser recurses once per level, and a
// deep enough input ends the process with a fatal Go stack overflow.
func JsonnetDepth(code string, max int) int {
	depth, at := 0, -1
	Code(code, func(i int) bool {
		switch code[i] {
		case '(', '[', '{':
			if depth++; depth > max {
				at = i
				return false
			}
		case ')', ']', '}':
			if depth > 0 {
				depth--
			}
		}
		return true
	})
	return at
}
