package playground

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/pkg/kubecfg"
	"github.com/kubecfg/kubecfg/pkg/yakl"
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

// locateError is Locate from the error's own data where it carries its
// places: a YAKL compile error, a nesting error, or a go-jsonnet error
// (kubecfg.JsonnetError). It finds the same place and message Locate finds
// in the text (TestLocateErrorMatchesText holds them together); an error
// without data, or one whose message itself names places (a syntax error
// in an imported file, reported inside a runtime error), is located from
// its text.
func locateError(err error, root string) Diagnostic {
	text := strings.TrimSpace(err.Error())
	first, _, _ := strings.Cut(text, "\n")
	var ye *yakl.Error
	var ne *importer.NestingError
	var je *kubecfg.JsonnetError
	switch {
	case errors.As(err, &ye):
		if d, ok := placed(ye.File, ye.Line, ye.Column, ye.Line, ye.Column, ye.Msg, root); ok {
			return d
		}
	case errors.As(err, &ne):
		if p, ok := exprPlace(err, ne.File, ne.Line, ne.Column, ne.Line, ne.Column, false); ok {
			return p.diagnostic(fmt.Sprintf("brackets nested deeper than %d levels; refusing to parse", ne.Max))
		} else if d, ok := placed(ne.File, ne.Line, ne.Column, ne.Line, ne.Column, fmt.Sprintf("brackets nested deeper than %d levels; refusing to parse", ne.Max), root); ok {
			return d
		}
	case errors.As(err, &je) && !strings.Contains(je.Msg, "://") && !strings.Contains(first, "://"):
		for _, f := range je.Frames {
			if f.Line == 0 {
				continue
			}
			msg := first
			if je.Static {
				msg = je.Msg
			}
			if p, ok := exprPlace(err, f.File, f.Line, f.Column, f.EndLine, f.EndColumn, true); ok {
				return p.diagnostic(msg)
			} else if inWrapper(err, f.File) {
				continue // eval's wrapper, outside the expression: no place of the input
			}
			if d, ok := placed(f.File, f.Line, f.Column, f.EndLine, f.EndColumn, msg, root); ok {
				return d
			}
		}
		if len(je.Frames) > 0 {
			return Diagnostic{Message: first}
		}
	}
	return Locate(text, root)
}

// placed is a diagnostic at a place, when the place is a file of the
// workspace (under root) that Locate would read as one.
func placed(file string, line, col, endLine, endCol int, msg, root string) (Diagnostic, bool) {
	name := strings.TrimPrefix(strings.TrimPrefix(file, "yakl:"), "file://")
	if name == "" || strings.ContainsAny(name, " \t\n:()") {
		return Diagnostic{}, false
	}
	rel := relName(file, root)
	if strings.HasPrefix(rel, "/") {
		return Diagnostic{}, false
	}
	return Diagnostic{File: rel, Line: line, Column: col, EndLine: endLine, EndColumn: endCol, Message: msg}, true
}

// inWrapper reports whether a place's file is eval's wrapper of -e's
// expression (named as the input, which the text names by its URL).
func inWrapper(err error, file string) bool {
	var xe *kubecfg.ExprError
	return errors.As(err, &xe) && file == xe.Name
}

// exprPlace maps a place in eval's wrapper to the expression's text, when
// err is an error of the wrapper and the place starts in the expression;
// an end past the expression is cut at its end. predefined says the place
// is in the code as the VM evaluated it (kubecfg.ExprError.ExprPlace).
func exprPlace(err error, file string, line, col, endLine, endCol int, predefined bool) (Place, bool) {
	var xe *kubecfg.ExprError
	if !errors.As(err, &xe) || file != xe.Name {
		return Place{}, false
	}
	l, c, ok := xe.ExprPlace(line, col, predefined)
	if !ok {
		return Place{}, false
	}
	p := Place{Line: l, Column: c, EndLine: l, EndColumn: c}
	if el, ec, ok := xe.ExprPlace(endLine, endCol, predefined); ok {
		p.EndLine, p.EndColumn = el, ec
	} else if el, ec, ok := xe.ExprEnd(); ok {
		p.EndLine, p.EndColumn = el, ec
	}
	return p, true
}

func (p Place) diagnostic(msg string) Diagnostic {
	return Diagnostic{File: ExprFile, Line: p.Line, Column: p.Column, EndLine: p.EndLine, EndColumn: p.EndColumn, Message: msg}
}

// frames are a Jsonnet error's frames for its diagnostic, those in eval's
// wrapper marked, with their places in the expression.
func frames(err error, fs []kubecfg.Frame) []Frame {
	out := make([]Frame, len(fs))
	for i, f := range fs {
		out[i].Frame = f
		if f.Line == 0 || !inWrapper(err, f.File) {
			continue
		}
		out[i].Wrapper = true
		if p, ok := exprPlace(err, f.File, f.Line, f.Column, f.EndLine, f.EndColumn, true); ok {
			out[i].Expr = &p
		}
	}
	return out
}
