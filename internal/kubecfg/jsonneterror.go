package kubecfg

import (
	"errors"
	"strings"

	jsonnet "github.com/google/go-jsonnet"
	"github.com/google/go-jsonnet/ast"

	"github.com/kubecfg/kubecfg/internal/diag"
)

// Frame is one place a Jsonnet error names (diag.Frame): where a static
// error is, or one frame of a runtime error's stack trace (innermost
// first), as go-jsonnet reports it.
type Frame = diag.Frame

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
	// Kind says what the error is (diag.Runtime, diag.Static,
	// diag.StackLimit, diag.Crash).
	Kind diag.Kind
	// Cause is the Go error that go-jsonnet carried as the runtime
	// error's message, text only: an import's (a YAKL compile error, a
	// feature gate, code nested too deep, a syntax error in the imported
	// file as a *JsonnetError) or a native function's (stdlib.ErrNoSchema).
	Cause error
}

func (e *JsonnetError) Error() string { return e.Text }

// Unwrap is the Go error go-jsonnet's message was made of, if known.
func (e *JsonnetError) Unwrap() error { return e.Cause }

// Diagnostic is the error as data: the places its text names, in the
// text's order (a cause's own place, then the stack).
func (e *JsonnetError) Diagnostic() diag.Data {
	d := diag.Data{Kind: e.Kind, Msg: e.Msg}
	if d.Kind == "" {
		d.Kind = diag.Runtime
		if e.Static {
			d.Kind = diag.Static
		}
	}
	if c, ok := diag.As(e.Cause); ok {
		d.Frames = append(d.Frames, c.Diagnostic().Frames...)
	}
	d.Frames = append(d.Frames, e.Frames...)
	return d
}

// maxFrames is how many frames of a trace go-jsonnet's text shows (its
// formatter's maxStackTraceSize).
const maxFrames = 20

// stackLimitMsg is the message of go-jsonnet's runtime error for a
// program past the stack limit (interpreter.go), the one error go-jsonnet
// gives no type or data of its own.
const stackLimitMsg = "max stack frames exceeded."

// recordingFormatter is go-jsonnet's own error formatter that also keeps
// the last error it formatted, with its places, for the VM's caller.
type recordingFormatter struct {
	jsonnet.ErrorFormatter
	last   error
	causes *goCauses
}

func (f *recordingFormatter) Format(err error) string {
	f.last = err
	return f.ErrorFormatter.Format(err)
}

// goCauses keeps what go-jsonnet turns into text: the last Go error the
// importer or a native function returned, and the last file the importer
// found (go-jsonnet parses it next, and reports its syntax error as text).
// A Jsonnet evaluation stops at its first error, so the last one is the
// runtime error's.
type goCauses struct {
	err     error
	foundAt string
	code    jsonnet.Contents
}

func (c *goCauses) reset() { *c = goCauses{} }

// causeImporter is the VM's importer, its errors and finds kept.
type causeImporter struct {
	jsonnet.Importer
	c *goCauses
}

func (ci causeImporter) Import(importedFrom, importedPath string) (jsonnet.Contents, string, error) {
	code, foundAt, err := ci.Importer.Import(importedFrom, importedPath)
	if err != nil {
		ci.c.err = err
	} else {
		ci.c.err, ci.c.foundAt, ci.c.code = nil, foundAt, code
	}
	return code, foundAt, err
}

// causeNative is a native function whose errors are kept.
func causeNative(f *jsonnet.NativeFunction, c *goCauses) *jsonnet.NativeFunction {
	g := *f
	g.Func = func(args []any) (any, error) {
		v, err := f.Func(args)
		if err != nil {
			c.err = err
		}
		return v, err
	}
	return &g
}

// recordErrors makes vm's errors available to asData; causes are the Go
// errors its importer and natives returned.
func recordErrors(vm *jsonnet.VM, causes *goCauses) *recordingFormatter {
	f := &recordingFormatter{ErrorFormatter: vm.ErrorFormatter, causes: causes}
	vm.ErrorFormatter = f
	return f
}

// asData turns formatted, the error a VM call returned, into a
// *JsonnetError with the places of the error the formatter saw; any other
// error is returned as it is.
func (f *recordingFormatter) asData(formatted error) error {
	causes := goCauses{}
	if f.causes != nil {
		causes = *f.causes
		f.causes.reset()
	}
	if formatted == nil || f.last == nil {
		return formatted
	}
	raw := f.last
	f.last = nil
	if msg, ok := crashMessage(raw); ok {
		return &JsonnetError{Text: msg + "\n", Msg: msg, Kind: diag.Crash}
	}
	je := &JsonnetError{Text: formatted.Error(), Msg: raw.Error(), Kind: diag.Runtime}
	var rt jsonnet.RuntimeError
	if errors.As(raw, &rt) {
		je.Msg = rt.Msg
		if rt.Msg == stackLimitMsg {
			je.Kind = diag.StackLimit
		}
		je.Cause = causes.of(rt.Msg)
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
	if se, ok := staticError(raw, formatted.Error()); ok {
		se.Text = formatted.Error()
		return se
	}
	return formatted
}

// of is the Go error a runtime error's message msg was made of: the one
// kept, when msg is its text, or the syntax error of the file the importer
// found last, when msg is that.
func (c goCauses) of(msg string) error {
	if c.err != nil && c.err.Error() == msg {
		return c.err
	}
	if c.foundAt == "" || !strings.HasPrefix(msg, c.foundAt+":") {
		return nil
	}
	_, err := jsonnet.SnippetToAST(c.foundAt, c.code.String())
	if err == nil || err.Error() != msg {
		return nil
	}
	if se, ok := staticError(err, msg); ok {
		return se
	}
	return nil
}

// staticError is go-jsonnet's static error raw as a *JsonnetError, its
// text text.
func staticError(raw error, text string) (*JsonnetError, bool) {
	st, ok := raw.(interface{ Loc() ast.LocationRange })
	if !ok {
		return nil, false
	}
	je := &JsonnetError{Text: text, Static: true, Msg: raw.Error(), Kind: diag.Static}
	loc := st.Loc()
	if prefix := loc.String(); prefix != "" {
		je.Msg = strings.TrimSpace(strings.TrimPrefix(je.Msg, prefix))
	}
	if loc.IsSet() {
		je.Frames = []Frame{frameAt(loc, "")}
	}
	return je, true
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
	f := Frame{Name: name, Line: loc.Begin.Line, Column: loc.Begin.Column, EndLine: loc.End.Line, EndColumn: loc.End.Column, Text: loc.String()}
	if loc.File != nil {
		f.File = string(loc.File.DiagnosticFileName)
	}
	return f
}
