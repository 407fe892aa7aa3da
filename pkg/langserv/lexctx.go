package langserv

import "strings"

// The kinds of place a cursor can be in, lexically.
const (
	inCode = iota
	inComment
	inString
)

// lexical is where offset off of Jsonnet text is: code, a comment, or a
// string (strStart is then the offset of its first content byte).
func lexical(src string, off int) (kind, strStart int) {
	n := len(src)
	for i := 0; i < n && i < off; {
		c := src[i]
		start := i
		switch {
		case c == '#' || c == '/' && i+1 < n && src[i+1] == '/':
			for i < n && src[i] != '\n' {
				i++
			}
			if off > start && off <= i {
				return inComment, 0
			}
		case c == '/' && i+1 < n && src[i+1] == '*':
			i += 2
			for i < n && !(src[i] == '*' && i+1 < n && src[i+1] == '/') {
				i++
			}
			i += 2
			if off > start && off < i || i >= n && off >= start+1 {
				return inComment, 0
			}
		case c == '|' && strings.HasPrefix(src[i:], "|||"):
			i += 3
			for i < n && !strings.HasPrefix(src[i:], "|||") {
				i++
			}
			i += 3
			if off > start+2 && off < i-2 || i > n && off > start+2 {
				return inString, start + 3
			}
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
			if off > start+1 && off < i || i > n && off > start+1 {
				return inString, start + 2
			}
		case c == '\'' || c == '"':
			for i++; i < n && src[i] != c && src[i] != '\n'; i++ {
				if src[i] == '\\' {
					i++
				}
			}
			i++
			if off > start && off < i || i > n && off > start {
				return inString, start + 1
			}
		default:
			i++
		}
	}
	return inCode, 0
}
