package playground

import (
	"errors"
	"strings"

	"github.com/kubecfg/kubecfg/internal/diag"
	"github.com/kubecfg/kubecfg/internal/kubecfg"
)

// locateError is an error's diagnostic from its own data (diag.Error:
// yakl.Error, importer.NestingError, kubecfg.JsonnetError with the Go
// error go-jsonnet made its message of): the first place of the error in a
// workspace file (or in eval's -e expression), with the message the error
// text gives there. An error without places, or whose places are all
// outside the workspace, is its text's first line; no text is read for
// places.
func locateError(err error, root string) Diagnostic {
	text := strings.TrimSpace(err.Error())
	first, _, _ := strings.Cut(text, "\n")
	e, ok := diag.As(err)
	if !ok {
		return Diagnostic{Message: first}
	}
	data := e.Diagnostic()
	// The places of the Go error go-jsonnet carried as its message (an
	// import's), with that error's message, come first, as in the text.
	var je *kubecfg.JsonnetError
	if errors.As(err, &je) {
		if c, ok := diag.As(je.Cause); ok {
			cd := c.Diagnostic()
			if d, ok := locateFrames(err, cd.Frames, cd.Msg, cd.Kind, root); ok {
				return d
			}
		}
		data.Frames = je.Frames
	}
	// data.Kind is the error's own: with a cause, still "runtime".
	msg := data.Msg
	if data.Kind == diag.Runtime || data.Kind == diag.StackLimit {
		msg = first // a runtime error's message is its whole first line
	}
	if d, ok := locateFrames(err, data.Frames, msg, data.Kind, root); ok {
		return d
	}
	return Diagnostic{Message: first}
}

// locateFrames is a diagnostic with msg at the first of frames that is a
// place of the workspace or of eval's -e expression.
func locateFrames(err error, frames []diag.Frame, msg string, kind diag.Kind, root string) (Diagnostic, bool) {
	// A nesting error of eval's expression is placed in the expression
	// as typed; Jsonnet's places are in the code as the VM evaluated it.
	predefined := kind != diag.Nesting
	for _, f := range frames {
		if f.Line == 0 {
			continue
		}
		if p, ok := exprPlace(err, f.File, f.Line, f.Column, f.EndLine, f.EndColumn, predefined); ok {
			return p.diagnostic(msg), true
		} else if inWrapper(err, f.File) {
			continue // eval's wrapper, outside the expression: no place of the input
		}
		if d, ok := placed(f.File, f.Line, f.Column, f.EndLine, f.EndColumn, msg, root); ok {
			return d, true
		}
	}
	return Diagnostic{}, false
}

// placed is a diagnostic at a place, when the place is a file of the
// workspace (under root).
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

// frames are an error's places for its diagnostic (diag.Data.Frames),
// those in eval's wrapper marked, with their places in the expression.
func frames(err error, fs []diag.Frame) []Frame {
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
