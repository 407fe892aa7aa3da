package importer

import "fmt"

// MaxNesting is the deepest bracket nesting accepted in Jsonnet code.
// go-jsonnet's parser recurses once per level and a deep enough input ends
// the process with a fatal Go stack overflow, so deeper code is refused
// before it is parsed. Real configuration nests a few dozen levels.
const MaxNesting = 1000

// NestingError reports code nested deeper than MaxNesting.
type NestingError struct {
	File         string
	Line, Column int
	Max          int
}

func (e *NestingError) Error() string {
	return fmt.Sprintf("%s:%d:%d: brackets nested deeper than %d levels; refusing to parse", e.File, e.Line, e.Column, e.Max)
}

// CheckNesting scans Jsonnet code for (, [ and { nested deeper than max,
// skipping strings (all of Jsonnet's forms, ||| blocks included) and
// comments. It does not parse; malformed code is left to the parser.
func CheckNesting(file, code string, max int) error {
	depth, line, col := 0, 1, 1
	n := len(code)
	adv := func(i int) int {
		if code[i] == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
		return i + 1
	}
	for i := 0; i < n; {
		c := code[i]
		switch {
		case c == '(' || c == '[' || c == '{':
			depth++
			if depth > max {
				return &NestingError{File: file, Line: line, Column: col, Max: max}
			}
			i = adv(i)
		case c == ')' || c == ']' || c == '}':
			if depth > 0 {
				depth--
			}
			i = adv(i)
		case c == '#' || c == '/' && i+1 < n && code[i+1] == '/':
			for i < n && code[i] != '\n' {
				i = adv(i)
			}
		case c == '/' && i+1 < n && code[i+1] == '*':
			i = adv(adv(i))
			for i < n && !(code[i] == '*' && i+1 < n && code[i+1] == '/') {
				i = adv(i)
			}
			if i < n {
				i = adv(adv(i))
			}
		case c == '|' && i+2 < n && code[i+1] == '|' && code[i+2] == '|':
			i = adv(adv(adv(i)))
			for i < n && !(code[i] == '|' && i+2 < n && code[i+1] == '|' && code[i+2] == '|') {
				i = adv(i)
			}
			if i < n {
				i = adv(adv(adv(i)))
			}
		case c == '@' && i+1 < n && (code[i+1] == '\'' || code[i+1] == '"'):
			q := code[i+1]
			i = adv(adv(i))
			for i < n {
				if code[i] == q {
					if i+1 < n && code[i+1] == q {
						i = adv(adv(i))
						continue
					}
					i = adv(i)
					break
				}
				i = adv(i)
			}
		case c == '\'' || c == '"':
			q := c
			i = adv(i)
			for i < n && code[i] != q {
				if code[i] == '\\' && i+1 < n {
					i = adv(i)
				}
				i = adv(i)
			}
			if i < n {
				i = adv(i)
			}
		default:
			i = adv(i)
		}
	}
	return nil
}
