package yakl

import (
	"strings"
)

// space is the whitespace of both YAML and Jsonnet: space, tab and line
// breaks. Other Unicode spaces (U+3000, say) are content in YAML and an
// error in Jsonnet, so trimming must not take them away.
const space = " \t\r\n"

// part is one piece of a scalar's text: a literal, or a ${…} expression.
type part struct {
	lit    string
	expr   string
	isExpr bool
	off    int // byte offset of "${" (or of the literal) in the scalar text
}

// scanError is an unclosed ${ at a byte offset of the scalar text.
type scanError struct{ off int }

// hasExpr reports whether s holds "${" (possibly escaped as "$${").
func hasExpr(s string) bool { return strings.Contains(s, "${") }

// splitTemplate splits a scalar's text into literals and expressions.
// "$${" is a literal "${"; a "$" not followed by "{" is a literal "$".
func splitTemplate(s string) ([]part, *scanError) {
	var parts []part
	var lit strings.Builder
	litOff := 0
	flush := func() {
		if lit.Len() > 0 {
			parts = append(parts, part{lit: lit.String(), off: litOff})
			lit.Reset()
		}
	}
	for i := 0; i < len(s); {
		switch {
		case strings.HasPrefix(s[i:], "$${"):
			if lit.Len() == 0 {
				litOff = i
			}
			lit.WriteString("${")
			i += 3
		case strings.HasPrefix(s[i:], "${"):
			end, ok := scanExpr(s, i+2)
			if !ok {
				return nil, &scanError{off: i}
			}
			flush()
			parts = append(parts, part{expr: s[i+2 : end], isExpr: true, off: i})
			i = end + 1
		default:
			if lit.Len() == 0 {
				litOff = i
			}
			lit.WriteByte(s[i])
			i++
		}
	}
	flush()
	return parts, nil
}

// scanExpr returns the index of the "}" that closes an expression starting
// at start, counting { } ( ) [ ] outside Jsonnet strings and comments.
func scanExpr(s string, start int) (int, bool) {
	depth := 0
	for i := start; i < len(s); {
		c := s[i]
		switch {
		case c == '{' || c == '(' || c == '[':
			depth++
		case c == ')' || c == ']':
			depth--
		case c == '}':
			// An unbalanced ) or ] does not swallow the closing brace: the
			// expression ends here and the Jsonnet parser reports it.
			if depth <= 0 {
				return i, true
			}
			depth--
		case c == '\'' || c == '"' || c == '@' || c == '#' || c == '/' || c == '|':
			if end, _, ok := lexSpecial(s, i); ok {
				i = end
				continue
			}
		}
		i++
	}
	return 0, false
}

// Kinds of lexemes that lexSpecial finds.
const (
	lexString = iota + 1 // '…' or "…"
	lexVerbatim
	lexTextBlock
	lexComment
)

// lexSpecial recognises a Jsonnet string or comment at s[i] and returns the
// index after it and its kind; ok is false if none starts there. An
// unterminated string or comment runs to the end of s.
func lexSpecial(s string, i int) (end, kind int, ok bool) {
	switch c := s[i]; {
	case c == '\'' || c == '"':
		for j := i + 1; j < len(s); j++ {
			switch s[j] {
			case '\\':
				j++
			case c:
				return j + 1, lexString, true
			}
		}
		return len(s), lexString, true
	case c == '@' && i+1 < len(s) && (s[i+1] == '\'' || s[i+1] == '"'):
		q := s[i+1]
		for j := i + 2; j < len(s); j++ {
			if s[j] == q {
				if j+1 < len(s) && s[j+1] == q {
					j++
					continue
				}
				return j + 1, lexVerbatim, true
			}
		}
		return len(s), lexVerbatim, true
	case c == '#' || (c == '/' && i+1 < len(s) && s[i+1] == '/'):
		if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
			return i + j, lexComment, true
		}
		return len(s), lexComment, true
	case c == '/' && i+1 < len(s) && s[i+1] == '*':
		if j := strings.Index(s[i+2:], "*/"); j >= 0 {
			return i + 2 + j + 2, lexComment, true
		}
		return len(s), lexComment, true
	case c == '|' && strings.HasPrefix(s[i:], "|||"):
		end, _, ok := textBlock(s, i)
		if ok {
			return end, lexTextBlock, true
		}
	}
	return 0, 0, false
}

// textBlock reads a Jsonnet ||| text block at s[i] and returns the index
// after its closing |||, and its value.
func textBlock(s string, i int) (int, string, bool) {
	j := i + 3
	chomp := false
	if j < len(s) && s[j] == '-' {
		chomp = true
		j++
	}
	for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r') {
		j++
	}
	if j >= len(s) || s[j] != '\n' {
		return 0, "", false
	}
	j++
	// Leading empty lines belong to the value.
	var b strings.Builder
	for j < len(s) && s[j] == '\n' {
		b.WriteByte('\n')
		j++
	}
	k := j
	for k < len(s) && (s[k] == ' ' || s[k] == '\t') {
		k++
	}
	indent := s[j:k]
	if indent == "" {
		return 0, "", false
	}
	for {
		if strings.HasPrefix(s[j:], indent) {
			nl := strings.IndexByte(s[j:], '\n')
			if nl < 0 {
				return 0, "", false
			}
			b.WriteString(s[j+len(indent) : j+nl+1])
			j += nl + 1
			continue
		}
		if j < len(s) && s[j] == '\n' {
			b.WriteByte('\n')
			j++
			continue
		}
		break
	}
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	if !strings.HasPrefix(s[j:], "|||") {
		return 0, "", false
	}
	v := b.String()
	if chomp {
		v = strings.TrimSuffix(v, "\n")
	}
	return j + 3, v, true
}

// flatten rewrites a Jsonnet expression onto one line with the same
// meaning: newlines between tokens become spaces, comments are dropped,
// and strings that hold newlines are written with escapes.
func flatten(expr string) string {
	if !strings.ContainsAny(expr, "\n\r#/|@") {
		return expr
	}
	var b strings.Builder
	for i := 0; i < len(expr); {
		c := expr[i]
		if c == '\'' || c == '"' || c == '@' || c == '#' || c == '/' || c == '|' {
			if end, kind, ok := lexSpecial(expr, i); ok {
				lexeme := expr[i:end]
				switch kind {
				case lexComment:
					b.WriteByte(' ')
				case lexString:
					r := strings.NewReplacer("\n", `\n`, "\r", `\r`)
					b.WriteString(r.Replace(lexeme))
				case lexVerbatim:
					if strings.ContainsAny(lexeme, "\n\r") && len(lexeme) >= 3 && lexeme[len(lexeme)-1] == lexeme[1] {
						q := lexeme[1:2]
						writeJSONString(&b, strings.ReplaceAll(lexeme[2:len(lexeme)-1], q+q, q))
					} else {
						b.WriteString(lexeme)
					}
				case lexTextBlock:
					_, v, _ := textBlock(expr, i)
					writeJSONString(&b, v)
				}
				i = end
				continue
			}
		}
		if c == '\n' || c == '\r' {
			c = ' '
		}
		b.WriteByte(c)
		i++
	}
	return b.String()
}

// writeJSONString writes s as a double-quoted JSON (and Jsonnet) string.
func writeJSONString(b *strings.Builder, s string) {
	const hex = "0123456789abcdef"
	b.WriteByte('"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c != 0x7f {
			continue
		}
		b.WriteString(s[start:i])
		switch c {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		case '\r':
			b.WriteString(`\r`)
		default:
			b.WriteString(`\u00`)
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
		start = i + 1
	}
	b.WriteString(s[start:])
	b.WriteByte('"')
}
