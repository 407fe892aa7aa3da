// Package fatal turns the Go runtime's fatal reports (a stack overflow,
// running out of memory), which no recover() catches and which end the
// process with a stack trace, into one sentence for users. The CLI's
// supervising parent replaces the report its child wrote with it; the
// browser's worker, which sees the report its dying engine wrote, shows
// the same sentence (the engine hands it WasmReports while it is alive).
package fatal

import "strings"

// Overflow is the sentence for a fatal stack overflow.
const Overflow = "evaluation overflowed the stack and was stopped: a recursion that Jsonnet's own limit does not catch, such as comparing objects that contain themselves ({a: $} == {a: $})"

// OutOfMemory is the sentence for running out of memory.
const OutOfMemory = "evaluation ran out of memory and was stopped: the program builds a value too large for this machine (such as std.repeat(std.repeat('x', 1e6), 1e4))"

// Other is the sentence for any other fatal report.
const Other = "evaluation was stopped by a fatal error of the Go runtime"

// Report is one kind of fatal report: the start of the line that begins
// it, and the sentence that replaces it.
type Report struct {
	Prefix  string `json:"prefix"`
	Message string `json:"message"`
}

// Reports are the fatal reports, the specific before the general: the
// first whose Prefix starts a line names it.
var Reports = []Report{
	{"runtime: goroutine stack exceeds", Overflow},
	{"fatal error: stack overflow", Overflow},
	{"runtime: out of memory", OutOfMemory},
	{"fatal error: out of memory", OutOfMemory},
	{"fatal error: runtime: out of memory", OutOfMemory},
	{"fatal error: runtime: cannot allocate memory", OutOfMemory},
	{"fatal error: ", Other},
}

// WasmReports are the reports of Go's wasm port, which runs Go calls on
// the browser's own stack: a recursion that runs that stack out faults
// inside the runtime, whose panic then cannot unwind the broken stack, so
// the runtime reports "traceback did not unwind completely" where a native
// program would report a stack overflow.
var WasmReports = append([]Report{{"fatal error: traceback did not unwind completely", Overflow}}, Reports...)

// Message returns the sentence for line if a fatal report starts there.
func Message(line string) (string, bool) {
	for _, r := range Reports {
		if strings.HasPrefix(line, r.Prefix) {
			return r.Message, true
		}
	}
	return "", false
}
