package playground

import (
	"regexp"
	"strconv"
	"strings"
)

// location matches the positions go-jsonnet and the YAKL compiler print:
// NAME:L:C, NAME:L:C-C2 and NAME:(L:C)-(L2:C2).
var location = regexp.MustCompile(`((?:yakl:)?(?:file://)?[^\s:()]*[^\s:()\d][^\s:()]*):(?:(\d+):(\d+)(?:-(\d+))?|\((\d+):(\d+)\)-\((\d+):(\d+)\))`)

// Locate finds the first position in an error text that names a file of
// the workspace (under root), and returns a diagnostic there with the
// error's first line as its message. Without one, only the message is set.
func Locate(text, root string) Diagnostic {
	first, _, _ := strings.Cut(strings.TrimSpace(text), "\n")
	d := Diagnostic{Message: first}
	for _, idx := range location.FindAllStringSubmatchIndex(text, -1) {
		m := make([]string, len(idx)/2)
		for i := range m {
			if idx[2*i] >= 0 {
				m[i] = text[idx[2*i]:idx[2*i+1]]
			}
		}
		name := m[1]
		file := relName(name, root)
		if strings.HasPrefix(file, "/") || idx[2] > 0 && !strings.ContainsRune(" \t\n(", rune(text[idx[2]-1])) {
			continue // not a workspace file (internal:///, another directory)
		}
		d.File = file
		if m[2] != "" {
			d.Line, d.Column = atoi(m[2]), atoi(m[3])
			d.EndLine, d.EndColumn = d.Line, d.Column
			if m[4] != "" {
				d.EndColumn = atoi(m[4])
			}
		} else {
			d.Line, d.Column, d.EndLine, d.EndColumn = atoi(m[5]), atoi(m[6]), atoi(m[7]), atoi(m[8])
		}
		// On the first line, the message is what follows the position.
		if rest := text[idx[1]:]; idx[1] <= len(first)+strings.Index(text, first) {
			line, _, _ := strings.Cut(rest, "\n")
			if msg := strings.TrimSpace(strings.TrimPrefix(line, ":")); msg != "" {
				d.Message = msg
			}
		}
		return d
	}
	return d
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }
