package langserv

import (
	"github.com/kubecfg/kubecfg/internal/lex"
)

// maxNesting bounds how deeply the code the service parses may nest. In
// the browser every Go call runs on the JavaScript engine's stack, and
// go-jsonnet's parser, formatter and linter, like this package, recurse
// once per level of the syntax tree: a chain of 10,000 `+1` ends the
// instance with the host's stack exhausted. Brackets, a chain of binary
// operators and a file's sequence of locals (each local's body holds the
// next) all nest; past maxNesting of any, the file is answered as one that
// does not parse.
const maxNesting = 800

// tooDeep reports whether code nests past maxNesting.
func tooDeep(code string) bool {
	if len(code) < maxNesting {
		return false
	}
	if lex.JsonnetDepth(code, maxNesting) >= 0 {
		return true
	}
	// The longest run of operators between two delimiters, and the ; at
	// depth 0 (local …; and assert …; each nest what follows them).
	run, depth, stmts, deep := 0, 0, 0, false
	lex.Code(code, func(i int) bool {
		switch code[i] {
		case '(', '[', '{':
			depth++
			run = 0
		case ')', ']', '}':
			depth--
			run = 0
		case ';':
			run = 0
			if stmts++; depth == 0 && stmts > maxNesting {
				deep = true
				return false
			}
		case ',':
			run = 0
		case '+', '-', '*', '/', '%', '&', '|', '^', '<', '>', '=', '!', '.':
			if run++; run > maxNesting {
				deep = true
				return false
			}
		}
		return true
	})
	return deep
}

// errTooDeep is the answer for code that tooDeep refuses.
const errTooDeep = "nested too deeply for the editor's language service (more than 800 levels)"
