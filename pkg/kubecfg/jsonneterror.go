package kubecfg

import (
	"errors"
	"strings"

	jsonnet "github.com/google/go-jsonnet"
	"github.com/google/go-jsonnet/ast"
)

// Frame is one place a Jsonnet error names: where a static error is, or
// one frame of a runtime error's stack trace (innermost first), as
// go-jsonnet reports it. Lines and columns are 1-based; File is the name
// the text prints (file:///ABS/app.jsonnet, <std>, internal:///...), and
// a frame without a place (Field "a", During manifestation) has none.
type Frame struct {
	File      string `json:"file,omitempty"`
	Line      int    `json:"line,omitempty"`
	Column    int    `json:"column,omitempty"`
	EndLine   int    `json:"endLine,omitempty"`
	EndColumn int    `json:"endColumn,omitempty"`
	Name      string `json:"name,omitempty"`
}

// JsonnetError is an error of go-jsonnet's with its places kept as data:
// Error is go-jsonnet's text, byte for byte; Frames are the places that
// text names, for a caller that links them (the page) instead of reading
// them back out of the text. Like the text, a trace of more than
// maxFrames frames keeps its first and last maxFrames/2.
type JsonnetError struct {
	Text   string
	Static bool // a syntax or static-analysis error, found before evaluation
	Msg    string
	Frames []Frame
}

func (e *JsonnetError) Error() string { return e.Text }

// maxFrames is how many frames of a trace go-jsonnet's text shows (its
// formatter's maxStackTraceSize).
const maxFrames = 20

// recordingFormatter is go-jsonnet's own error formatter that also keeps
// the last error it formatted, with its places, for the VM's caller.
type recordingFormatter struct {
	jsonnet.ErrorFormatter
	last error
}

func (f *recordingFormatter) Format(err error) string {
	f.last = err
	return f.ErrorFormatter.Format(err)
}

// recordErrors makes vm's errors available to asData.
func recordErrors(vm *jsonnet.VM) *recordingFormatter {
	f := &recordingFormatter{ErrorFormatter: vm.ErrorFormatter}
	vm.ErrorFormatter = f
	return f
}

// asData turns formatted, the error a VM call returned, into a
// *JsonnetError with the places of the error the formatter saw; any other
// error is returned as it is.
func (f *recordingFormatter) asData(formatted error) error {
	if formatted == nil || f.last == nil {
		return formatted
	}
	raw := f.last
	f.last = nil
	if msg, ok := crashMessage(raw); ok {
		return &JsonnetError{Text: msg + "\n", Msg: msg}
	}
	je := &JsonnetError{Text: formatted.Error(), Msg: raw.Error()}
	var rt jsonnet.RuntimeError
	if errors.As(raw, &rt) {
		je.Msg = rt.Msg
		n := len(rt.StackTrace)
		for i := 0; i < n; i++ { // innermost first, as printed
			if n > maxFrames && i == maxFrames/2 {
				i = n - maxFrames/2
			}
			fr := rt.StackTrace[n-1-i]
			je.Frames = append(je.Frames, frameAt(fr.Loc, fr.Name))
		}
		return je
	}
	if st, ok := raw.(interface{ Loc() ast.LocationRange }); ok {
		je.Static = true
		loc := st.Loc()
		if prefix := loc.String(); prefix != "" {
			je.Msg = strings.TrimSpace(strings.TrimPrefix(je.Msg, prefix))
		}
		if loc.IsSet() {
			je.Frames = []Frame{frameAt(loc, "")}
		}
		return je
	}
	return formatted
}

// crashPrefix starts the error go-jsonnet makes of a Go panic it recovers
// (vm.go: "(CRASH) %v\n%s" with debug.Stack()), which its formatter prints
// as INTERNAL ERROR with the goroutine trace.
const crashPrefix = "(CRASH) "

// crashMessage is the one sentence kubecfg prints for a Go panic that
// go-jsonnet recovered during an evaluation: the panic's value without
// the goroutine trace. The builtins known to panic have guards in front
// (internal/stdguard) that fail with a Jsonnet position instead; a panic
// recovered this late has lost its position.
func crashMessage(raw error) (string, bool) {
	text, ok := strings.CutPrefix(raw.Error(), crashPrefix)
	if !ok {
		return "", false
	}
	value, _, _ := strings.Cut(text, "\n")
	return "RUNTIME ERROR: go-jsonnet failed on this program with a Go panic (" + strings.TrimSpace(value) + ") and stopped the evaluation", true
}

// frameAt is a place as go-jsonnet prints it: the diagnostic file name
// and the range; a frame without a place (Field "a") is all description.
func frameAt(loc ast.LocationRange, name string) Frame {
	if !loc.IsSet() {
		return Frame{Name: loc.FileName + name}
	}
	f := Frame{Name: name, Line: loc.Begin.Line, Column: loc.Begin.Column, EndLine: loc.End.Line, EndColumn: loc.End.Column}
	if loc.File != nil {
		f.File = string(loc.File.DiagnosticFileName)
	}
	return f
}
