package lex

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// YAMLDepth finds the first collection in a YAML text that nests more than
// max collections, block and flow together, and reports its line and
// column (from 1, columns in characters, as go-yaml counts them) with deep
// true. YAML parsers recurse once per level, and in WebAssembly a few
// thousand levels exhaust the host's stack, so deeper text is refused
// before it is parsed. A block collection is at its first key or dash, a
// flow collection at its bracket.
//
// It reads the text as go-yaml's scanner (v2 and v3 alike) splits it into
// tokens, without building anything: a bracket counts only where go-yaml
// would start a flow collection, not inside a plain scalar (o{{, a [b, a
// folded continuation line), a quoted one, a block scalar (| or >), a tag
// or a comment. Block collections are go-yaml's stack of indentation, which
// also tells where block scalars and plain continuation lines end, and the
// sequences written at their mapping's own indentation. Where go-yaml would
// stop with a syntax error it goes on as best it can: go-yaml reads
// nothing past that point, so what is counted there only chooses which
// of two errors the text gets.
func YAMLDepth(src string, max int) (line, col int, deep bool) {
	s := scanYAML(yamlText(src), max)
	return s.over.line + 1, s.over.col + 1, s.deep
}

// yamlText is a YAML text as go-yaml's reader passes it on: UTF-16 (with
// its byte order mark) decoded, and a byte order mark dropped.
func yamlText(src string) string {
	var be bool
	switch {
	case strings.HasPrefix(src, "\uFEFF"):
		return src[3:]
	case strings.HasPrefix(src, "\xFE\xFF"):
		be = true
	case strings.HasPrefix(src, "\xFF\xFE"):
	default:
		return src
	}
	units := make([]uint16, 0, len(src)/2)
	for i := 2; i+1 < len(src); i += 2 {
		if be {
			units = append(units, uint16(src[i])<<8|uint16(src[i+1]))
		} else {
			units = append(units, uint16(src[i+1])<<8|uint16(src[i]))
		}
	}
	return string(utf16.Decode(units))
}

// scanYAML reads text to its end or to the first collection too many.
func scanYAML(text string, max int) *yamlScanner {
	s := &yamlScanner{src: text, max: max, indent: -1, keyAllowed: true}
	s.run()
	return s
}

// yamlScanner is the state YAMLDepth keeps, named as in go-yaml:
// positions are in characters, lines count from 0.
type yamlScanner struct {
	src        string
	max        int
	i          int // byte offset
	line       int
	col        int // characters since the line began
	index      int // characters since the text began
	flow       int // flow collections open
	indent     int // column of the innermost block collection, -1 at the top
	levels     []level
	indentless int  // levels holding a sequence at their own indentation
	deep       bool // a collection past max was found, at over
	over       mark
	key        simpleKey // a possible simple key at flow level 0
	keyAllowed bool      // a simple key may start here
}

// mark is a position: a byte offset, and a line and column from 0.
type mark struct{ offset, line, col int }

func (s *yamlScanner) here() mark { return mark{s.i, s.line, s.col} }

// simpleKey is where a token that may turn out to be a mapping key began.
type simpleKey struct {
	possible bool
	at       mark
	index    int
	flow     int // the deepest flow nesting inside it: [[a]]: b
}

// level is a block collection: a sequence or a mapping, and for a mapping
// whether a sequence written at its own indentation is open in it
// (key:\n- item). outer is the indentation of the collection around it.
type level struct {
	outer      int
	seq        bool
	indentless bool
}

// depth is the number of collections open.
func (s *yamlScanner) depth() int {
	return s.flow + len(s.levels) + s.indentless
}

func (s *yamlScanner) run() {
	for !s.deep {
		s.toNextToken()
		if s.i >= len(s.src) {
			return
		}
		c := s.src[s.i]
		if s.flow == 0 {
			s.unroll(s.col)
			if s.col == s.indent && !(c == '-' && s.blankz(s.i+1)) {
				s.endIndentless()
			}
		}
		switch {
		case s.col == 0 && c == '%':
			s.unroll(-1)
			s.key.possible, s.keyAllowed = false, false
			s.toBreak()
		case s.col == 0 && (s.hasPrefix("---") || s.hasPrefix("...")) && s.blankz(s.i+3):
			s.unroll(-1)
			s.key.possible, s.keyAllowed = false, false
			s.skipN(3)
		case c == '[' || c == '{':
			s.saveKey()
			s.flow++
			s.check(s.here(), 0)
			if s.key.possible {
				s.key.flow = max(s.key.flow, s.flow)
			}
			s.keyAllowed = true
			s.skip()
		case c == ']' || c == '}':
			s.removeKey()
			if s.flow > 0 {
				s.flow--
			}
			s.keyAllowed = false
			s.skip()
		case c == ',':
			s.removeKey()
			s.keyAllowed = true
			s.skip()
		case c == '-' && s.blankz(s.i+1):
			if s.flow == 0 && s.col == s.indent && len(s.levels) > 0 {
				s.startIndentless()
			}
			s.roll(s.col, s.here(), true)
			s.removeKey()
			s.keyAllowed = true
			s.skip()
		case c == '?' && (s.flow > 0 || s.blankz(s.i+1)):
			s.roll(s.col, s.here(), false)
			s.removeKey()
			s.keyAllowed = s.flow == 0
			s.skip()
		case c == ':' && (s.flow > 0 || s.blankz(s.i+1)):
			s.value()
			s.skip()
		case c == '*' || c == '&':
			s.saveKey()
			s.keyAllowed = false
			s.skip()
			for s.i < len(s.src) && anchorChar(s.src[s.i]) {
				s.skip()
			}
		case c == '!':
			s.saveKey()
			s.keyAllowed = false
			s.tag()
		case (c == '|' || c == '>') && s.flow == 0:
			s.removeKey()
			s.keyAllowed = true
			s.blockScalar()
		case c == '\'' || c == '"':
			s.saveKey()
			s.keyAllowed = false
			s.quoted(c)
		case !yamlIndicator(c) ||
			c == '-' && !s.blank(s.i+1) ||
			s.flow == 0 && (c == '?' || c == ':') && !s.blankz(s.i+1):
			s.saveKey()
			s.keyAllowed = false
			s.plain()
		default:
			// go-yaml: "found character that cannot start any token".
			s.skip()
		}
	}
}

// check notes the collection at at if it is one too many, with extra
// levels inside it.
func (s *yamlScanner) check(at mark, extra int) {
	if !s.deep && s.depth()+extra > s.max {
		s.deep, s.over = true, at
	}
}

// toNextToken skips what lies between tokens: spaces, tabs where go-yaml
// allows them, a byte order mark at the start of a line, comments and
// line breaks.
func (s *yamlScanner) toNextToken() {
	for s.i < len(s.src) {
		if s.col == 0 && s.hasPrefix("\uFEFF") {
			s.skipBytes(3)
		}
		for s.i < len(s.src) && (s.src[s.i] == ' ' || s.src[s.i] == '\t' && (s.flow > 0 || !s.keyAllowed)) {
			s.skip()
		}
		if s.i < len(s.src) && s.src[s.i] == '#' {
			s.toBreak()
		}
		if !s.isBreak(s.i) {
			return
		}
		s.skip()
		if s.flow == 0 {
			s.keyAllowed = true
		}
	}
}

// unroll closes the block collections indented deeper than col.
func (s *yamlScanner) unroll(col int) {
	for s.indent > col {
		s.endIndentless()
		top := s.levels[len(s.levels)-1]
		s.indent, s.levels = top.outer, s.levels[:len(s.levels)-1]
	}
}

// roll opens a block collection at col, outside flow collections, whose
// first key or dash is at at, and reports whether it did.
func (s *yamlScanner) roll(col int, at mark, seq bool) bool {
	if s.flow == 0 && s.indent < col {
		s.levels = append(s.levels, level{outer: s.indent, seq: seq})
		s.indent = col
		s.check(at, 0)
		return true
	}
	return false
}

// startIndentless opens a sequence at the indentation of the mapping it
// is a value of, at this dash, unless one is open already.
func (s *yamlScanner) startIndentless() {
	if top := &s.levels[len(s.levels)-1]; !top.seq && !top.indentless {
		top.indentless = true
		s.indentless++
		s.check(s.here(), 0)
	}
}

// endIndentless closes the innermost level's sequence written at its own
// indentation, if one is open.
func (s *yamlScanner) endIndentless() {
	if n := len(s.levels); n > 0 && s.levels[n-1].indentless {
		s.levels[n-1].indentless = false
		s.indentless--
	}
}

func (s *yamlScanner) saveKey() {
	if s.flow == 0 && s.keyAllowed {
		s.key = simpleKey{possible: true, at: s.here(), index: s.index}
	}
}

func (s *yamlScanner) removeKey() {
	if s.flow == 0 {
		s.key.possible = false
	}
}

// value is a ':' indicator: a simple key on this line, not more than 1024
// characters back, opens a block mapping at its column.
func (s *yamlScanner) value() {
	if s.flow > 0 {
		s.keyAllowed = false // keys inside flow collections open no block collection
		return
	}
	if k := s.key; k.possible && k.at.line == s.line && k.index+1024 >= s.index {
		// The mapping opens around the key, and so around the flow
		// collections the key holds.
		if s.roll(k.at.col, k.at, false) {
			s.check(k.at, k.flow)
		}
		s.key.possible = false
		s.keyAllowed = false
		return
	}
	s.roll(s.col, s.here(), false)
	s.keyAllowed = true
}

// tag skips a tag: !, !name!, !<verbatim> and the URI characters after
// them, brackets among them.
func (s *yamlScanner) tag() {
	s.skip()
	if s.i < len(s.src) && s.src[s.i] == '<' {
		for s.i < len(s.src) && s.src[s.i] != '>' && !s.blankz(s.i) {
			s.skip()
		}
		if s.i < len(s.src) && s.src[s.i] == '>' {
			s.skip()
		}
		return
	}
	for s.i < len(s.src) && uriChar(s.src[s.i]) {
		s.skip()
	}
}

// quoted skips a single- or double-quoted scalar, which may span lines.
func (s *yamlScanner) quoted(q byte) {
	s.skip()
	for s.i < len(s.src) {
		switch c := s.src[s.i]; {
		case q == '\'' && c == '\'' && s.i+1 < len(s.src) && s.src[s.i+1] == '\'':
			s.skipN(2)
		case c == q:
			s.skip()
			return
		case q == '"' && c == '\\':
			s.skipN(2)
		default:
			s.skip()
		}
	}
}

// plain skips a plain scalar the way go-yaml ends it: at ": ", at a flow
// indicator inside a flow collection, at " #", at a document marker, or
// at a line indented no deeper than the enclosing block collection.
func (s *yamlScanner) plain() {
	for {
		if s.col == 0 && (s.hasPrefix("---") || s.hasPrefix("...")) && s.blankz(s.i+3) {
			return
		}
		if s.i < len(s.src) && s.src[s.i] == '#' {
			return
		}
		for !s.blankz(s.i) {
			c := s.src[s.i]
			if c == ':' && s.blankz(s.i+1) || s.flow > 0 && (c == ',' || c == '?' || c == '[' || c == ']' || c == '{' || c == '}') {
				return
			}
			s.skip()
		}
		if !s.blank(s.i) && !s.isBreak(s.i) {
			return
		}
		broke := false
		for s.blank(s.i) || s.isBreak(s.i) {
			broke = broke || s.isBreak(s.i)
			s.skip()
		}
		if broke && s.flow == 0 {
			s.keyAllowed = true
		}
		if s.flow == 0 && s.col < s.indent+1 {
			return
		}
	}
}

// blockScalar skips a literal or folded scalar: its header and every line
// indented at least as deep as its content, found as go-yaml finds it.
func (s *yamlScanner) blockScalar() {
	s.skip()
	increment := 0
	for n := 0; n < 2 && s.i < len(s.src); n++ {
		if c := s.src[s.i]; c == '+' || c == '-' {
			s.skip()
		} else if c >= '1' && c <= '9' && increment == 0 {
			increment = int(c - '0')
			s.skip()
		}
	}
	for s.blank(s.i) {
		s.skip()
	}
	if s.i < len(s.src) && s.src[s.i] == '#' {
		s.toBreak()
	}
	if !s.isBreak(s.i) {
		return // a malformed header: go-yaml stops here; go on with tokens
	}
	s.skip()
	indent := 0
	if increment > 0 {
		indent = max(s.indent, 0) + increment
	}
	if !s.blockBreaks(&indent) {
		return
	}
	for s.col == indent && s.i < len(s.src) {
		s.toBreak()
		if s.i >= len(s.src) {
			return
		}
		s.skip()
		if !s.blockBreaks(&indent) {
			return
		}
	}
}

// blockBreaks skips the indentation and empty lines before a block
// scalar's next line and, the first time, settles its indentation. It
// reports false where go-yaml finds a tab in the indentation.
func (s *yamlScanner) blockBreaks(indent *int) bool {
	maxIndent := 0
	for {
		for (*indent == 0 || s.col < *indent) && s.i < len(s.src) && s.src[s.i] == ' ' {
			s.skip()
		}
		maxIndent = max(maxIndent, s.col)
		if (*indent == 0 || s.col < *indent) && s.i < len(s.src) && s.src[s.i] == '\t' {
			return false
		}
		if !s.isBreak(s.i) {
			break
		}
		s.skip()
	}
	if *indent == 0 {
		*indent = max(maxIndent, s.indent+1, 1)
	}
	return true
}

// toBreak skips to the next line break or the end.
func (s *yamlScanner) toBreak() {
	for s.i < len(s.src) && !s.isBreak(s.i) {
		s.skip()
	}
}

// skip moves past one character, a line break ("\r\n" is one) or not.
func (s *yamlScanner) skip() {
	if s.isBreak(s.i) {
		if s.src[s.i] == '\r' && s.i+1 < len(s.src) && s.src[s.i+1] == '\n' {
			s.i++
		}
		s.i += s.breakLen(s.i)
		s.line++
		s.col = 0
		s.index++
		return
	}
	_, n := utf8.DecodeRuneInString(s.src[s.i:])
	s.skipBytes(n)
}

func (s *yamlScanner) skipN(n int) {
	for ; n > 0 && s.i < len(s.src); n-- {
		s.skip()
	}
}

// skipBytes moves past n bytes of one character on the same line.
func (s *yamlScanner) skipBytes(n int) {
	s.i += n
	s.col++
	s.index++
}

func (s *yamlScanner) hasPrefix(p string) bool {
	return len(s.src)-s.i >= len(p) && s.src[s.i:s.i+len(p)] == p
}

// breakLen is the length of the line break at i, or 0: go-yaml's breaks
// are CR, LF, NEL, LS and PS.
func (s *yamlScanner) breakLen(i int) int {
	if i >= len(s.src) {
		return 0
	}
	switch s.src[i] {
	case '\r', '\n':
		return 1
	case 0xC2:
		if i+1 < len(s.src) && s.src[i+1] == 0x85 {
			return 2
		}
	case 0xE2:
		if i+2 < len(s.src) && s.src[i+1] == 0x80 && (s.src[i+2] == 0xA8 || s.src[i+2] == 0xA9) {
			return 3
		}
	}
	return 0
}

func (s *yamlScanner) isBreak(i int) bool { return s.breakLen(i) > 0 }

func (s *yamlScanner) blank(i int) bool {
	return i < len(s.src) && (s.src[i] == ' ' || s.src[i] == '\t')
}

// blankz: a blank, a line break or the end of the text.
func (s *yamlScanner) blankz(i int) bool {
	return i >= len(s.src) || s.blank(i) || s.isBreak(i) || s.src[i] == 0
}

// yamlIndicator reports whether c, at the start of a token, is one of
// YAML's indicators rather than the start of a plain scalar.
func yamlIndicator(c byte) bool {
	switch c {
	case '-', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`', ' ', '\t', '\r', '\n', 0:
		return true
	}
	return false
}

// anchorChar: the characters of an anchor or alias name.
func anchorChar(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '_' || c == '-'
}

// uriChar: the characters go-yaml reads as part of a tag.
func uriChar(c byte) bool {
	if anchorChar(c) {
		return true
	}
	switch c {
	case ';', '/', '?', ':', '@', '&', '=', '+', '$', ',', '.', '!', '~', '*', '\'', '(', ')', '[', ']', '%':
		return true
	}
	return false
}
