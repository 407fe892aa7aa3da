package importer

import (
	"fmt"

	"github.com/kubecfg/kubecfg/internal/lex"
)

// NestingError reports code nested deeper than lex.MaxDepth.
type NestingError struct {
	File         string
	Line, Column int
	Max          int
}

func (e *NestingError) Error() string {
	return fmt.Sprintf("%s:%d:%d: brackets nested deeper than %d levels; refusing to parse", e.File, e.Line, e.Column, e.Max)
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
