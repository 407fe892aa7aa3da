// Package lex scans source text without parsing it: it is the one Jsonnet
// scanner of the project, which cuts Jsonnet source into spans of code,
// strings (every Jsonnet form, ||| text blocks included) and comments
// (Spans; Code visits the code's bytes), for the nesting checks in front
// of the parsers and for the editor's language service (pkg/langserv),
// and it finds how deeply a YAML text nests its collections. Malformed
// text is scanned as far as it goes.
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
// strings and comments (the bytes of Spans' code runs, Jsonnet's rules),
// in order, until visit returns false.
func Code(src string, visit func(i int) bool) {
	for sp := range Spans(src, Options{}) {
		if sp.Kind != CodeRun {
			continue
		}
		for i := sp.Start; i < sp.End; i++ {
			if !visit(i) {
				return
			}
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
