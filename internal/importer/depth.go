package importer

import (
	"fmt"

	"github.com/kubecfg/kubecfg/internal/diag"

	"github.com/kubecfg/kubecfg/internal/lex"
)

// NestingError reports code nested deeper than lex.MaxDepth.
type NestingError struct {
	File         string
	Line, Column int
	Max          int
}

func (e *NestingError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.msg())
}

func (e *NestingError) msg() string {
	return fmt.Sprintf("brackets nested deeper than %d levels; refusing to parse", e.Max)
}

// Diagnostic is the error as data: its place, as its text names it.
func (e *NestingError) Diagnostic() diag.Data {
	place := fmt.Sprintf("%s:%d:%d", e.File, e.Line, e.Column)
	return diag.Data{Kind: diag.Nesting, Msg: e.msg(), Frames: []diag.Frame{diag.Point(e.File, e.Line, e.Column, place)}}
}

// CheckNesting scans Jsonnet code for (, [ and { nested deeper than max,
// skipping strings and comments. It does not parse; malformed code is left
// to the parser.
func CheckNesting(file, code string, max int) error {
	at := lex.JsonnetDepth(code, max)
	if at < 0 {
		return nil
	}
	line, col := lex.Position(code, at)
	return &NestingError{File: file, Line: line, Column: col, Max: max}
}
