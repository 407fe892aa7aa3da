// Package diag is the engine's one diagnostic type: what an error is (its
// Kind), what it says (Msg) and the places it names (Frames), as data. The
// error types of the engine's packages (yakl.Error, importer.NestingError,
// kubecfg.JsonnetError) implement Error, so a caller (the playground's
// envelope, the page) reads positions and kinds from the error instead of
// matching its text. It is a package of its own, under internal, because
// pkg/yakl, internal/importer, internal/kubecfg and pkg/playground all use it
// and none of them should import another for it; the error texts stay the
// packages' own, byte for byte kubecfg's.
package diag

import "errors"

// Kind says what an error is, for a caller that acts on it (the page's
// hints and fixes, the switch to the full engine) without reading its text.
type Kind string

// The kinds of the engine's errors.
const (
	// Static is a Jsonnet syntax or static-analysis error, found before
	// evaluation.
	Static Kind = "static"
	// Runtime is a Jsonnet runtime error with its stack trace.
	Runtime Kind = "runtime"
	// StackLimit is a runtime error for a program that ran past the
	// Jsonnet stack limit.
	StackLimit Kind = "stack-limit"
	// Crash is a Go panic go-jsonnet recovered during an evaluation.
	Crash Kind = "crash"
	// YAKL is an error of the YAKL compiler.
	YAKL Kind = "yakl"
	// Nesting is code nested deeper than the engine parses.
	Nesting Kind = "nesting"
)

// Frame is one place an error names: where a static error is, or one
// frame of a runtime error's stack trace (innermost first). Lines and
// columns are 1-based; File is the name the text prints
// (file:///ABS/app.jsonnet, <std>, internal:///...), and a frame without a
// place (Field "a", During manifestation) has none. Text is the place as
// the error text prints it (file:///ABS/app.jsonnet:1:5-9), so a reader
// of the text finds the place in it without parsing it.
type Frame struct {
	File      string `json:"file,omitempty"`
	Line      int    `json:"line,omitempty"`
	Column    int    `json:"column,omitempty"`
	EndLine   int    `json:"endLine,omitempty"`
	EndColumn int    `json:"endColumn,omitempty"`
	Name      string `json:"name,omitempty"`
	Text      string `json:"text,omitempty"`
}

// Data is an error as data.
type Data struct {
	Kind Kind
	// Msg is the error's message without its places.
	Msg string
	// Frames are the places the error's text names, in the text's order.
	Frames []Frame
}

// Error is an error that carries its diagnostic as data.
type Error interface {
	error
	Diagnostic() Data
}

// As finds the first error in err's chain that carries its diagnostic.
func As(err error) (Error, bool) {
	var e Error
	if errors.As(err, &e) {
		return e, true
	}
	return nil, false
}

// Point is a frame at one point (line, column), printed by text.
func Point(file string, line, col int, text string) Frame {
	return Frame{File: file, Line: line, Column: col, EndLine: line, EndColumn: col, Text: text}
}
