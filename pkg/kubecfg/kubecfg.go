package kubecfg

import (
	"github.com/kubecfg/kubecfg/internal/importer"
	engine "github.com/kubecfg/kubecfg/internal/kubecfg"
)

// Invocation is one kubecfg show, eval or validate run in data: its fields
// are what the command line's flags say (Command "show", "eval" or
// "validate", Inputs, Output, the variables, the export, trace and
// validate flags, ...), documented on internal/kubecfg's Invocation; its
// JSON form is the playground's request less the files
// (playground.Request embeds it), and its CommandLine is the command line
// that runs it. The environment is not part of it (Env). Run runs it; its
// own Configure and Run are the command line's steps, for
// internal/kubecfg's users.
type Invocation = engine.Invocation

// Env is where an invocation runs: FS, the file system it reads; Root,
// the absolute slash path of the directory it runs in (Invocation.Dir is
// relative to it); Fetch, what fetches http(s):// imports (nil disables
// them); Warn, where the feature gates' warnings go (nil drops them);
// MaxStack, the Jsonnet stack limit (0 is go-jsonnet's); TraceOut, where
// std.trace's lines go (nil is standard error); Schema, a Kubernetes
// minor's schemas for validate (OSEnv's are built in); TraceBudget, the
// time validate spends locating its problems (0 is 10 s).
type Env = engine.Env

// FS is the file system an Env reads: ReadFile of an absolute slash path
// ("/work/app.jsonnet"); a missing file is an error for which
// errors.Is(err, fs.ErrNotExist) holds.
type FS = importer.FS

// Fetcher gets http(s):// imports' URLs; a 404 is an error for which
// errors.Is(err, fs.ErrNotExist) holds, so the search moves on.
type Fetcher = importer.Fetcher

// HTTPFetcher is the command line's Fetcher: an HTTP client with
// kubecfg's timeout (in a JavaScript host, the host's fetch).
func HTTPFetcher() Fetcher { return importer.DefaultFetcher() }

// Run runs inv in env as the command line does: its feature gates
// resolved (their warnings written to env.Warn), a new Jsonnet VM, then
// show or eval. The command line prints the Result's Output on standard
// output (or writes its Files into Invocation.ExportDir), TraceText on
// standard error, then ErrorText of its Err and exits with ExitCode.
func Run(inv Invocation, env Env) Result {
	cfg, err := inv.Configure(env)
	if err != nil {
		return Result{Err: err}
	}
	s, err := cfg.NewSession()
	if err != nil {
		return Result{Err: err}
	}
	return inv.Run(s)
}

// Result is what one run did, as data: show's Objects and their Sources,
// the Output (show's objects in the output format, or eval's value), the
// export's Files, eval --trace's Trace, and Err, the error it ended with.
// Its methods ExitCode and TraceText are the command line's exit status
// and what it prints on standard error before the error.
type Result = engine.Result

// Object is one Kubernetes object show read: its JSON value.
type Object = engine.Object

// Source is where show found an object: the file and the path to it
// (--show-provenance's annotations).
type Source = engine.Source

// ExportFile is one file of show --export-dir: its name in the directory
// and its contents.
type ExportFile = engine.ExportFile

// Trace is eval --trace's causal trace; its Text is what the command line
// prints.
type Trace = engine.Trace

// Problem is one way an object departs from its Kubernetes schema
// (validate, the offline-validate feature): the object, the field path,
// kubectl's words and the Jsonnet line that made the value; its Line is
// what the command line prints. A Result's Problems and Notes are
// validate's (ProblemText prints them).
type Problem = engine.Problem

// ErrorText is err as the command line prints it on standard error:
// trimmed, one newline, then the hint where one applies.
func ErrorText(err error) string { return engine.ErrorText(err) }
