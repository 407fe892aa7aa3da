package playground

import (
	"strconv"
	"strings"
)

// The engine locates errors from their data (locateError); the tests hold
// that data to the error's text, which they read with Locate, a scanner
// of the places go-jsonnet and the YAKL compiler print (NAME:L:C,
// NAME:L:C-C2, NAME:(L:C)-(L2:C2)). It is test code only: nothing the
// engine ships reads places out of a text.

// Locate finds the first position in an error text that names a file of
// the workspace (under root), and returns a diagnostic there with the
// error's first line as its message. Without one, only the message is set.
func Locate(text, root string) Diagnostic {
	first, _, _ := strings.Cut(strings.TrimSpace(text), "\n")
	d := Diagnostic{Message: first}
	for _, p := range textPlaces(text) {
		file := relName(p.name, root)
		if strings.HasPrefix(file, "/") || p.start > 0 && !strings.ContainsRune(" \t\n(", rune(text[p.start-1])) {
			continue // not a workspace file (internal:///, another directory)
		}
		d.File = file
		d.Line, d.Column, d.EndLine, d.EndColumn = p.line, p.col, p.endLine, p.endCol
		// On the first line, the message is what follows the position.
		if rest := text[p.end:]; p.end <= len(first)+strings.Index(text, first) {
			line, _, _ := strings.Cut(rest, "\n")
			if msg := strings.TrimSpace(strings.TrimPrefix(line, ":")); msg != "" {
				d.Message = msg
			}
		}
		return d
	}
	return d
}

// textPlace is one place in a text: its name and range, and where in the
// text it starts and ends.
type textPlace struct {
	name                       string
	line, col, endLine, endCol int
	start, end                 int
}

// textPlaces are the places in text, leftmost first, not overlapping.
func textPlaces(text string) []textPlace {
	var out []textPlace
	for i := 0; i < len(text); {
		if p, ok := placeAt(text, i); ok {
			out = append(out, p)
			i = p.end
			continue
		}
		i++
	}
	return out
}

// placeAt reads a place starting at text[i]: an optional yakl: and file://
// before a name of characters other than white space, ':', '(' and ')'
// holding a non-digit, then :L:C, :L:C-C2 or :(L:C)-(L2:C2).
func placeAt(text string, i int) (textPlace, bool) {
	for _, prefix := range []string{"yakl:file://", "yakl:", "file://", ""} {
		if !strings.HasPrefix(text[i:], prefix) {
			continue
		}
		j := i + len(prefix)
		for j < len(text) && !strings.ContainsRune(" \t\n\r\f\v:()", rune(text[j])) {
			j++
		}
		name := text[i+len(prefix) : j]
		if strings.Trim(name, "0123456789") == "" {
			continue
		}
		if p, ok := rangeAt(text, j); ok {
			p.name, p.start = text[i:j], i
			return p, true
		}
	}
	return textPlace{}, false
}

// rangeAt reads :L:C, :L:C-C2 or :(L:C)-(L2:C2) at text[j].
func rangeAt(text string, j int) (textPlace, bool) {
	s := &scan{text: text, at: j}
	var p textPlace
	if !s.lit(":") {
		return p, false
	}
	if s.lit("(") {
		var ok bool
		p.line, p.col, ok = s.pair()
		if !ok || !s.lit(")-(") {
			return p, false
		}
		p.endLine, p.endCol, ok = s.pair()
		if !ok || !s.lit(")") {
			return p, false
		}
		p.end = s.at
		return p, true
	}
	var ok bool
	p.line, p.col, ok = s.pair()
	if !ok {
		return p, false
	}
	p.endLine, p.endCol = p.line, p.col
	save := s.at
	if s.lit("-") {
		if n, ok := s.num(); ok {
			p.endCol = n
		} else {
			s.at = save
		}
	}
	p.end = s.at
	return p, true
}

type scan struct {
	text string
	at   int
}

func (s *scan) lit(l string) bool {
	if strings.HasPrefix(s.text[s.at:], l) {
		s.at += len(l)
		return true
	}
	return false
}

func (s *scan) num() (int, bool) {
	j := s.at
	for j < len(s.text) && '0' <= s.text[j] && s.text[j] <= '9' {
		j++
	}
	if j == s.at {
		return 0, false
	}
	n, _ := strconv.Atoi(s.text[s.at:j])
	s.at = j
	return n, true
}

func (s *scan) pair() (int, int, bool) {
	a, ok := s.num()
	if !ok || !s.lit(":") {
		return 0, 0, false
	}
	b, ok := s.num()
	return a, b, ok
}
