package yamlout

import (
	"strings"
	"unicode/utf8"
)

// Scalar styles, as go-yaml v2 names them.
const (
	stylePlain = iota
	styleSingleQuoted
	styleDoubleQuoted
	styleLiteral
)

// analysis is the part of go-yaml v2's scalar_data that style selection
// reads, for a block context (flow collections here are always empty).
type analysis struct {
	multiline           bool
	blockPlainAllowed   bool
	singleQuotedAllowed bool
	blockAllowed        bool
}

// analyze is yaml_emitter_analyze_scalar with unicode output on.
func analyze(v string) analysis {
	if len(v) == 0 {
		return analysis{blockPlainAllowed: true, singleQuotedAllowed: true}
	}
	if quiet(v) {
		// No indicator, space, break or special character: only a
		// leading --- or ... keeps it from being plain.
		plain := len(v) < 3 || v[:3] != "---" && v[:3] != "..."
		return analysis{blockPlainAllowed: plain, singleQuotedAllowed: true, blockAllowed: true}
	}
	var (
		blockIndicators, lineBreaks, special       bool
		leadingSpace, leadingBreak                 bool
		trailingSpace, trailingBreak               bool
		breakSpace, spaceBreak                     bool
		precededByWhitespace, followedByWhitespace bool
		previousSpace, previousBreak               bool
	)
	if len(v) >= 3 && (v[:3] == "---" || v[:3] == "...") {
		blockIndicators = true
	}
	precededByWhitespace = true
	for i, w := 0, 0; i < len(v); i += w {
		w = width(v[i])
		followedByWhitespace = i+w >= len(v) || isBlank(v, i+w)
		if i == 0 {
			switch v[i] {
			case '#', ',', '[', ']', '{', '}', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`':
				blockIndicators = true
			case '?', ':':
				if followedByWhitespace {
					blockIndicators = true
				}
			case '-':
				if followedByWhitespace {
					blockIndicators = true
				}
			}
		} else {
			switch v[i] {
			case ':':
				if followedByWhitespace {
					blockIndicators = true
				}
			case '#':
				if precededByWhitespace {
					blockIndicators = true
				}
			}
		}
		if !isPrintable(v, i) {
			special = true
		}
		if v[i] == ' ' {
			if i == 0 {
				leadingSpace = true
			}
			if i+1 == len(v) {
				trailingSpace = true
			}
			if previousBreak {
				breakSpace = true
			}
			previousSpace, previousBreak = true, false
		} else if isBreak(v, i) {
			lineBreaks = true
			if i == 0 {
				leadingBreak = true
			}
			if i+w == len(v) {
				trailingBreak = true
			}
			if previousSpace {
				spaceBreak = true
			}
			previousSpace, previousBreak = false, true
		} else {
			previousSpace, previousBreak = false, false
		}
		precededByWhitespace = isBlankz(v, i)
	}
	a := analysis{multiline: lineBreaks, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: true}
	if leadingSpace || leadingBreak || trailingSpace || trailingBreak {
		a.blockPlainAllowed = false
	}
	if trailingSpace {
		a.blockAllowed = false
	}
	if breakSpace {
		a.blockPlainAllowed = false
		a.singleQuotedAllowed = false
	}
	if spaceBreak || special {
		a.blockPlainAllowed = false
		a.singleQuotedAllowed = false
		a.blockAllowed = false
	}
	if lineBreaks || blockIndicators {
		a.blockPlainAllowed = false
	}
	return a
}

// selectStyle is yaml_emitter_select_scalar_style for an implicit, untagged
// scalar outside flow collections.
func selectStyle(style int, a analysis, v string, simpleKey bool) int {
	if simpleKey && a.multiline {
		style = styleDoubleQuoted
	}
	if style == stylePlain {
		if !a.blockPlainAllowed || len(v) == 0 && simpleKey {
			style = styleSingleQuoted
		}
	}
	if style == styleSingleQuoted && !a.singleQuotedAllowed {
		style = styleDoubleQuoted
	}
	if style == styleLiteral && (!a.blockAllowed || simpleKey) {
		style = styleDoubleQuoted
	}
	return style
}

// scalar is yaml_emitter_emit_scalar for an implicit scalar in the
// requested style.
func (e *encoder) scalar(v string, style int, simpleKey bool) {
	style = selectStyle(style, analyze(v), v, simpleKey)
	old := e.increaseIndent(true, false)
	switch style {
	case stylePlain:
		e.plain(v, !simpleKey)
	case styleSingleQuoted:
		e.singleQuoted(v, !simpleKey)
	case styleDoubleQuoted:
		e.doubleQuoted(v, !simpleKey)
	case styleLiteral:
		e.literal(v)
	}
	e.indent = old
}

// write copies the character at v[i] and returns the index after it.
func (e *encoder) write(v string, i int) int {
	w := width(v[i])
	e.buf = append(e.buf, v[i:i+w]...)
	e.column++
	return i + w
}

// writeBreak is write_break: a line feed becomes the configured break,
// other breaks are copied.
func (e *encoder) writeBreak(v string, i int) int {
	if v[i] == '\n' {
		e.putBreak()
		return i + 1
	}
	i = e.write(v, i)
	e.column = 0
	return i
}

// plain is yaml_emitter_write_plain_scalar (a plain scalar never holds a
// break here: analyze forbids it).
func (e *encoder) plain(v string, allowBreaks bool) {
	if !e.whitespace {
		e.buf = append(e.buf, ' ')
		e.column++
	}
	// Fast path: no space can fall beyond the fold column, or there is
	// no space at all: the whole value goes out as it is.
	if n := runeCount(v); e.column+n <= bestWidth+1 || !allowBreaks || strings.IndexByte(v, ' ') < 0 {
		e.buf = append(e.buf, v...)
		e.column += n
		e.whitespace = false
		e.indention = false
		return
	}
	spaces, breaks := false, false
	for i := 0; i < len(v); {
		switch {
		case v[i] == ' ':
			if allowBreaks && !spaces && e.column > bestWidth && !(i+1 < len(v) && v[i+1] == ' ') {
				e.writeIndent()
				i++
			} else {
				i = e.write(v, i)
			}
			spaces = true
		case isBreak(v, i):
			if !breaks && v[i] == '\n' {
				e.putBreak()
			}
			i = e.writeBreak(v, i)
			e.indention = true
			breaks = true
		default:
			if breaks {
				e.writeIndent()
			}
			i = e.write(v, i)
			e.indention = false
			spaces, breaks = false, false
		}
	}
	e.whitespace = false
	e.indention = false
}

// singleQuoted is yaml_emitter_write_single_quoted_scalar.
func (e *encoder) singleQuoted(v string, allowBreaks bool) {
	e.indicator("'", true, false, false)
	spaces, breaks := false, false
	for i := 0; i < len(v); {
		switch {
		case v[i] == ' ':
			if allowBreaks && !spaces && e.column > bestWidth && i > 0 && i < len(v)-1 && v[i+1] != ' ' {
				e.writeIndent()
				i++
			} else {
				i = e.write(v, i)
			}
			spaces = true
		case isBreak(v, i):
			if !breaks && v[i] == '\n' {
				e.putBreak()
			}
			i = e.writeBreak(v, i)
			e.indention = true
			breaks = true
		default:
			if breaks {
				e.writeIndent()
			}
			if v[i] == '\'' {
				e.buf = append(e.buf, '\'')
				e.column++
			}
			i = e.write(v, i)
			e.indention = false
			spaces, breaks = false, false
		}
	}
	e.indicator("'", false, false, false)
	e.whitespace = false
	e.indention = false
}

const hexDigits = "0123456789ABCDEF"

// doubleQuoted is yaml_emitter_write_double_quoted_scalar.
func (e *encoder) doubleQuoted(v string, allowBreaks bool) {
	e.indicator(`"`, true, false, false)
	// go-yaml v2's is_bom looks at the start of the value, not at i: a
	// value that starts with a byte order mark is escaped throughout.
	bom := strings.HasPrefix(v, "\uFEFF")
	spaces := false
	for i := 0; i < len(v); {
		c := v[i]
		if bom || !isPrintable(v, i) || isBreak(v, i) || c == '"' || c == '\\' {
			r, w := utf8.DecodeRuneInString(v[i:])
			i += w
			e.escape(r)
			spaces = false
		} else if c == ' ' {
			if allowBreaks && !spaces && e.column > bestWidth && i > 0 && i < len(v)-1 {
				e.writeIndent()
				if v[i+1] == ' ' {
					e.buf = append(e.buf, '\\')
					e.column++
				}
				i++
			} else {
				i = e.write(v, i)
			}
			spaces = true
		} else {
			i = e.write(v, i)
			spaces = false
		}
	}
	e.indicator(`"`, false, false, false)
	e.whitespace = false
	e.indention = false
}

// escape writes one escaped character of a double-quoted scalar.
func (e *encoder) escape(r rune) {
	var short byte
	switch r {
	case 0x00:
		short = '0'
	case 0x07:
		short = 'a'
	case 0x08:
		short = 'b'
	case 0x09:
		short = 't'
	case 0x0A:
		short = 'n'
	case 0x0B:
		short = 'v'
	case 0x0C:
		short = 'f'
	case 0x0D:
		short = 'r'
	case 0x1B:
		short = 'e'
	case 0x22:
		short = '"'
	case 0x5C:
		short = '\\'
	case 0x85:
		short = 'N'
	case 0xA0:
		short = '_'
	case 0x2028:
		short = 'L'
	case 0x2029:
		short = 'P'
	}
	if short != 0 {
		e.buf = append(e.buf, '\\', short)
		e.column += 2
		return
	}
	var n int
	switch {
	case r <= 0xFF:
		e.buf = append(e.buf, '\\', 'x')
		n = 2
	case r <= 0xFFFF:
		e.buf = append(e.buf, '\\', 'u')
		n = 4
	default:
		e.buf = append(e.buf, '\\', 'U')
		n = 8
	}
	for k := (n - 1) * 4; k >= 0; k -= 4 {
		e.buf = append(e.buf, hexDigits[(r>>uint(k))&0x0F])
	}
	e.column += 2 + n
}

// blockHints is yaml_emitter_write_block_scalar_hints.
func (e *encoder) blockHints(v string) {
	if len(v) > 0 && (v[0] == ' ' || isBreak(v, 0)) {
		e.indicator(string(rune('0'+bestIndent)), false, false, false)
	}
	chomp := ""
	if len(v) == 0 {
		chomp = "-"
	} else {
		i := len(v) - 1
		for v[i]&0xC0 == 0x80 {
			i--
		}
		if !isBreak(v, i) {
			chomp = "-"
		} else if i == 0 {
			chomp = "+"
		} else {
			i--
			for v[i]&0xC0 == 0x80 {
				i--
			}
			if isBreak(v, i) {
				chomp = "+"
			}
		}
	}
	if chomp != "" {
		e.indicator(chomp, false, false, false)
	}
}

// literal is yaml_emitter_write_literal_scalar.
func (e *encoder) literal(v string) {
	e.indicator("|", true, false, false)
	e.blockHints(v)
	e.putBreak()
	e.indention = true
	e.whitespace = true
	breaks := true
	for i := 0; i < len(v); {
		if isBreak(v, i) {
			i = e.writeBreak(v, i)
			e.indention = true
			breaks = true
		} else {
			if breaks {
				e.writeIndent()
			}
			i = e.write(v, i)
			e.indention = false
			breaks = false
		}
	}
}
