// Package playground handles the browser playground's request/response
// envelope: one request is a kubecfg invocation in data (files, entry,
// command, expression, features, vars, output format), one response is the
// output, the diagnostics, the features table and the equivalent command
// line. It is plain Go: the wasm shim, the tests and the benchmarks call it.
package playground

import (
	"github.com/kubecfg/kubecfg/internal/kubecfg"
	"github.com/kubecfg/kubecfg/pkg/features"
)

// Request is one kubecfg invocation in data (PLAYGROUND.md): the
// workspace (its files and links) and the invocation in its own JSON form
// (kubecfg.Invocation's fields are the request's entry, command, expr,
// output, features, variables and the other flags), with what the page
// asks besides (a trace of a line).
type Request struct {
	Version string            `json:"version,omitempty"`
	Files   map[string]string `json:"files"`

	// Invocation is the command: its Dir is the workspace directory it
	// runs in (inputs, -J directories and file variables are relative to
	// it, and error texts name them as the CLI run there would); its
	// Entry and Inputs are the inputs; its JURL the -U search URLs, which
	// the browser fetches (the server must allow cross-origin reads); with
	// ExportDir the CLI prints nothing and writes one file per object, the
	// response's ExportFiles; Trace (eval --trace) follows the output on
	// stderr as the CLI prints it, and is the response's Trace as data.
	kubecfg.Invocation

	// Links are the workspace's symbolic links to directories: a link's
	// path to its target, relative to the link's directory, as on disk
	// (jsonnet-bundler's vendor/xtd → github.com/jsonnet-libs/xtd). The
	// CLI run in a copy of the workspace with these links reads the same.
	Links map[string]string `json:"links,omitempty"`

	// TraceLine asks which source lines feed the value on this line
	// (1-based) of the output: the response's Trace. The rest of the
	// response is the same as without it.
	TraceLine int `json:"traceLine,omitempty"`
	// TraceAll asks for the trace of every line of the output that holds
	// a value (the response's Traces): the map from output lines to the
	// source lines that feed them, both ways.
	TraceAll bool `json:"traceAll,omitempty"`
}

// Diagnostic is one error or warning, located where possible. Lines and
// columns are 1-based; 0 means unknown. File is a workspace path, or
// ExprFile for a place in eval's -e expression, its line and column then
// counted in the expression's own text (the error text, as kubecfg's,
// names the place in the wrapper eval evaluates, under the input's name).
type Diagnostic struct {
	Severity  string `json:"severity"` // "error" or "warning"
	File      string `json:"file,omitempty"`
	Line      int    `json:"line,omitempty"`
	Column    int    `json:"column,omitempty"`
	EndLine   int    `json:"endLine,omitempty"`
	EndColumn int    `json:"endColumn,omitempty"`
	Message   string `json:"message"`
	Hint      string `json:"hint,omitempty"`
	// OfferEval: show's input is a value, not Kubernetes objects (show
	// {a: 1}); Hint says so and that eval prints any value, and the page
	// may offer to run the same input with eval.
	OfferEval bool `json:"offerEval,omitempty"`
	// Kind says what the error is (diag.Kind: "static", "runtime",
	// "stack-limit", "crash", "yakl", "nesting"; "gate" for a feature
	// that is off), for the page to act on without reading the text.
	Kind string `json:"kind,omitempty"`
	// Feature is the feature a "gate" error asks to turn on.
	Feature string `json:"feature,omitempty"`
	// Frames are the places the error names, as data, in the order its
	// text names them: a YAKL, nesting or static error's place (an
	// imported file's, first, when a runtime error reports it), a runtime
	// error's stack (innermost first), with file names as the text prints
	// them and each place's Text as the text prints it.
	Frames []Frame `json:"frames,omitempty"`

	// A validate problem is a warning of Kind "schema" whose File and
	// Line are the Jsonnet line that made it (for an object of a .json or
	// .yaml input, File is that input and Line 0).

	// Object is a validate problem's object.
	Object *ProblemObject `json:"object,omitempty"`
	// FieldPath is a validate problem's field path: of the offending
	// value, or of the object lacking a required field; "" for the object
	// itself.
	FieldPath string `json:"fieldPath,omitempty"`
	// Code is a validate problem's class: "unknown-field", "type",
	// "required", "enum", ... (pkg/validate's Code*).
	Code string `json:"code,omitempty"`
	// OutputLine is the line of show's output (in the request's output
	// format) that holds a validate problem's value, or the object lacking
	// the field.
	OutputLine int `json:"outputLine,omitempty"`
}

// ProblemObject is the object of a validate problem: its index among
// show's objects (the output's documents), apiVersion, kind, name and
// namespace.
type ProblemObject = kubecfg.ProblemObject

// The Kinds of validate's diagnostics: a problem; a kind the check had no
// schema for (a note, under ignoreUnknown); the request's Kubernetes
// minor, whose schemas the engine does not hold yet (Message names it:
// the page hands them over, kubecfg.k8sSchema, and runs the request
// again); an engine without the check (the core engine: NeedsFullEngine).
const (
	KindSchema          = "schema"
	KindSchemaNote      = "schema-note"
	KindSchemaMissing   = "schema-missing"
	KindNeedsFullEngine = "needs-full-engine"
)

// KindGate is the Kind of an error for a feature that is off.
const KindGate = "gate"

// ExprFile is the File of a diagnostic in eval's -e expression. No
// workspace path is one: a diagnostic's path never holds "(" or ")".
const ExprFile = "(expression)"

// Frame is one place an error names (diag.Frame), as its text names it. A
// place in eval's wrapper of the -e expression is marked Wrapper (it is
// no place in the input file of that name), and Expr is the same place
// in the expression's own text when it lies in the expression.
type Frame struct {
	kubecfg.Frame
	Wrapper bool   `json:"wrapper,omitempty"`
	Expr    *Place `json:"expr,omitempty"`
}

// Place is a range in a text: 1-based lines and columns, the end column
// one past the range's last character.
type Place struct {
	Line      int `json:"line"`
	Column    int `json:"column"`
	EndLine   int `json:"endLine"`
	EndColumn int `json:"endColumn"`
}

// FeatureRow is one row of the kubecfg features table.
type FeatureRow = features.Row

// Timings are the evaluation's durations in milliseconds.
type Timings struct {
	TotalMs float64 `json:"totalMs"`
	// Cached is true when the response was answered from the cache of an
	// identical earlier request.
	Cached bool `json:"cached,omitempty"`
}

// Response is the result of one Request. Output is what the CLI prints on
// standard output; Stderr what it prints on standard error (the error text,
// byte for byte); ExitCode its exit status.
type Response struct {
	Output      string       `json:"output"`
	Stderr      string       `json:"stderr,omitempty"`
	ExitCode    int          `json:"exitCode"`
	Diagnostics []Diagnostic `json:"diagnostics"`
	Features    []FeatureRow `json:"features"`
	Command     string       `json:"command"`
	Timings     Timings      `json:"timings"`
	// NeedsFullEngine is set by an engine built without the JSON Schema
	// validator (stdlib.SchemaBuiltIn false) when the program called
	// validateJSONSchema: the output is not kubecfg's, and the page runs
	// the request again on the full engine.
	NeedsFullEngine bool `json:"needsFullEngine,omitempty"`
	// ExportFiles are the files of ExportDir (Request.ExportDir), in the
	// order the CLI writes them.
	ExportFiles []kubecfg.ExportFile `json:"exportFiles,omitempty"`
	// Trace answers Request.Trace and Request.TraceLine.
	Trace *Trace `json:"trace,omitempty"`
	// Traces answers Request.TraceAll: a trace per output line that holds
	// a value and could be traced, in order. TracesCut says the time
	// budget ran out before the last line.
	Traces    []Trace `json:"traces,omitempty"`
	TracesCut bool    `json:"tracesCut,omitempty"`
	// SchemaMissing is the Kubernetes minor whose schemas a validate
	// request needs and the engine does not hold (its diagnostic, of kind
	// schema-missing, says so too): the page hands them over
	// (kubecfg.k8sSchema) and runs the request again.
	SchemaMissing string `json:"schemaMissing,omitempty"`
}

// Trace is kubecfg's causal trace as data: the source lines whose fields
// feed a value.
type Trace struct {
	// Line is the output line asked about (Request.TraceLine); 0 for
	// eval --trace.
	Line int `json:"line,omitempty"`
	// File is the input traced, as given (for show, the object's
	// provenance file).
	File string `json:"file,omitempty"`
	// Path is what was traced against File: eval's expression, or the
	// object's provenance path and the line's field path.
	Path string `json:"path,omitempty"`
	// Places are the source lines, in kubecfg's order (the most recent
	// evaluation first).
	Places []TracePlace `json:"places"`
	// Error says why there is no trace: the line holds no value, the
	// object comes from --exec code, the traced evaluation failed.
	Error string `json:"error,omitempty"`
	// needsFullEngine: this engine is built without the trace.
	needsFullEngine bool
}

// TracePlace is one line of a trace: a workspace file's name, or for a
// place outside the workspace (internal:///kubecfg.libsonnet, a URL) its
// URL with Workspace false.
type TracePlace struct {
	File      string `json:"file"`
	Line      int    `json:"line"`
	Workspace bool   `json:"workspace"`
}
