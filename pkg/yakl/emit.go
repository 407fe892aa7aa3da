package yakl

import "strings"

// emitter writes Jsonnet. In line mode (Compile) it pads with newlines so
// that code lands on the line of the YAML node it comes from, and writes no
// other newline. In pretty mode (Desugar) it writes a newline wherever the
// formatter should break, and never pads.
type emitter struct {
	b      strings.Builder
	line   int // the line that the next byte lands on
	pretty bool
	flat   int // >0: write nothing but code on the current line
	// maxLine is the source's last line: YAML also breaks lines at a bare
	// carriage return, but the output's lines are counted by newlines.
	maxLine int
}

// at moves to the given source line (line mode only).
func (e *emitter) at(line int) {
	if e.pretty || e.flat > 0 {
		return
	}
	if line > e.maxLine {
		line = e.maxLine
	}
	for e.line < line {
		e.b.WriteByte('\n')
		e.line++
	}
}

// nl is a line break in pretty mode, nothing in line mode.
func (e *emitter) nl() {
	if e.pretty && e.flat == 0 {
		e.b.WriteByte('\n')
	}
}

func (e *emitter) w(s string) { e.b.WriteString(s) }

// writeJsonnetSingle writes s as a single-quoted Jsonnet string; s must hold
// no control characters (it is JSON text).
func writeJsonnetSingle(b *strings.Builder, s string) {
	b.WriteByte('\'')
	start := 0
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '\'' || c == '\\' {
			b.WriteString(s[start:i])
			b.WriteByte('\\')
			b.WriteByte(c)
			start = i + 1
		}
	}
	b.WriteString(s[start:])
	b.WriteByte('\'')
}
