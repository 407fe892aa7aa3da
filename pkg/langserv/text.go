package langserv

import (
	"sort"
	"unicode/utf8"

	"github.com/google/go-jsonnet/ast"
)

// source is a file's text with its line starts, to turn the editor's
// positions (UTF-16 columns), go-jsonnet's (byte columns) and byte
// offsets into each other.
type source struct {
	text  string
	lines []int // byte offset of each line's start
}

func newSource(text string) *source {
	s := &source{text: text, lines: []int{0}}
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			s.lines = append(s.lines, i+1)
		}
	}
	return s
}

// lineEnd is the offset of the end of line i (0-based), before its newline.
func (s *source) lineEnd(i int) int {
	if i+1 < len(s.lines) {
		return s.lines[i+1] - 1
	}
	return len(s.text)
}

// offset is the byte offset of an editor position, clamped to the text.
func (s *source) offset(p Pos) int {
	if p.Line < 1 {
		return 0
	}
	if p.Line > len(s.lines) {
		return len(s.text)
	}
	i, end := s.lines[p.Line-1], s.lineEnd(p.Line-1)
	for units := p.Column - 1; units > 0 && i < end; {
		r, w := utf8.DecodeRuneInString(s.text[i:])
		i += w
		units--
		if r > 0xFFFF {
			units--
		}
	}
	return i
}

// pos is the editor position of a byte offset.
func (s *source) pos(off int) Pos {
	off = max(0, min(off, len(s.text)))
	line := sort.Search(len(s.lines), func(i int) bool { return s.lines[i] > off }) - 1
	col := 1
	for _, r := range s.text[s.lines[line]:off] {
		col++
		if r > 0xFFFF {
			col++
		}
	}
	return Pos{Line: line + 1, Column: col}
}

// locOffset is the byte offset of a go-jsonnet location (byte column).
func (s *source) locOffset(l ast.Location) int {
	if l.Line < 1 {
		return -1
	}
	if l.Line > len(s.lines) {
		return len(s.text)
	}
	return min(s.lines[l.Line-1]+l.Column-1, len(s.text))
}

// span is the editor range of byte offsets [from, to) in path.
func (s *source) span(path string, from, to int) Range {
	return Range{Path: path, Start: s.pos(from), End: s.pos(to)}
}

// isIdent reports whether c can be part of a Jsonnet identifier.
func isIdent(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// wordAt is the identifier around off: [from, to).
func (s *source) wordAt(off int) (from, to int) {
	from, to = off, off
	for from > 0 && isIdent(s.text[from-1]) {
		from--
	}
	for to < len(s.text) && isIdent(s.text[to]) {
		to++
	}
	return from, to
}
