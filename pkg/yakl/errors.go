package yakl

import (
	"fmt"

	"github.com/kubecfg/kubecfg/internal/diag"
)

// Error is a compile error in a .yakl file, at a 1-based line and column.
type Error struct {
	File   string
	Line   int
	Column int
	Msg    string
}

// Error returns "FILE:LINE:COL: msg".
func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg)
}

// Diagnostic is the error as data: its place, as its text names it.
func (e *Error) Diagnostic() diag.Data {
	place := fmt.Sprintf("%s:%d:%d", e.File, e.Line, e.Column)
	return diag.Data{Kind: diag.YAKL, Msg: e.Msg, Frames: []diag.Frame{diag.Point(e.File, e.Line, e.Column, place)}}
}

func errorf(file string, line, col int, format string, args ...any) *Error {
	if line < 1 {
		line = 1
	}
	if col < 1 {
		col = 1
	}
	return &Error{File: file, Line: line, Column: col, Msg: fmt.Sprintf(format, args...)}
}
