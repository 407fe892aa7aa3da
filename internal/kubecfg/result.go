package kubecfg

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/kubecfg/kubecfg/pkg/features"
)

// Result is what one invocation did, as data: the CLI prints it (or
// writes its files), the playground's envelope serialises it. What came
// before an error is kept: eval --trace's output when the trace fails,
// the export's files before the one that failed.
type Result struct {
	// Objects are show's objects in output order and Sources where each
	// was found (its provenance); nil for eval and when the read failed.
	Objects []Object
	Sources []Source
	// Read says show read its inputs in this run; false when it did not
	// get that far, and when the objects are those of an earlier read of
	// the same inputs in this session (Session.Reuse).
	Read bool

	// Output is what the CLI prints on standard output: show's objects in
	// the output format (nothing when exporting), eval's value.
	Output string
	// Files are --export-dir's files in the order the CLI writes them;
	// nil unless the export ran (show read its objects and exports: the
	// CLI then makes the directory, writes Files and reports Err, even
	// with no files, as kubecfg does).
	Files []ExportFile
	// Trace is eval --trace's causal trace, printed on standard error
	// after Output (TraceText).
	Trace *Trace

	// Problems are validate's, object by object in output order, each
	// object's in pkg/validate's order (by field path); Notes say what it
	// skipped (a kind without a schema) and which problems it left
	// without a source line. The CLI prints both on standard error
	// (ProblemText).
	Problems []Problem
	Notes    []string

	// Err is the error the run ended with; nil means exit status 0.
	Err error
}

// ExitCode is the CLI's exit status for the result.
func (r Result) ExitCode() int {
	if r.Err != nil {
		return 1
	}
	return 0
}

// TraceText is what the CLI prints on standard error after the output:
// eval --trace's trace, or "".
func (r Result) TraceText() string {
	if r.Trace == nil {
		return ""
	}
	return r.Trace.Text(false)
}

// ErrNoFS is Configure's error for an Env without a file system.
var ErrNoFS = errors.New("kubecfg: the Env has no file system (Env.FS is nil); OSEnv or OSFS gives the command line's")

// Configure is every run's prologue: the invocation's gates resolved in
// env (RFC05, ResolveGates), their warnings written to env.Warn as
// kubecfg prints them on standard error, and the invocation's
// configuration in env. An env without a file system is an error (every
// run reads one: the rc file's search, the inputs).
func (inv Invocation) Configure(env Env) (*Config, error) {
	if env.FS == nil {
		return nil, ErrNoFS
	}
	gates, err := inv.gates(env)
	if err != nil {
		return nil, err
	}
	if env.Warn != nil {
		if _, err := io.WriteString(env.Warn, WarningText(gates)); err != nil {
			return nil, fmt.Errorf("writing warnings: %w", err)
		}
	}
	return inv.config(env, gates), nil
}

// WarningText is the gates' warnings as kubecfg prints them: a line
// "warning: WARNING" each.
func WarningText(gates *features.Gates) string {
	var b strings.Builder
	for _, w := range gates.Warnings() {
		b.WriteString("warning: " + w + "\n")
	}
	return b.String()
}

// Run carries the invocation out on a session made from its Config (or
// one it shares with earlier invocations of the same configuration):
// show reads its inputs and formats or exports the objects, eval
// evaluates and, with --trace, traces. Errors are kubecfg's, in kubecfg's
// order.
func (inv Invocation) Run(s *Session) Result {
	if release := s.fastGC(); release != nil {
		defer release()
	}
	switch inv.command() {
	case "show":
		return inv.show(s)
	case "eval":
		return inv.eval(s)
	case "validate":
		return inv.validate(s)
	}
	return Result{Err: fmt.Errorf("unknown command %q: want show, eval or validate", inv.Command)}
}

// show is Run's show: the export file name template is parsed first (as
// kubecfg does, whether or not it exports), then the inputs are read,
// then --reorder is checked, then the objects are printed or exported.
func (inv Invocation) show(s *Session) Result {
	names, err := inv.exportTemplate()
	if err != nil {
		return Result{Err: err}
	}
	var res Result
	var reused bool
	res.Objects, res.Sources, reused, err = s.readCached(inv.readOptions())
	if err != nil {
		return Result{Read: !reused, Err: err}
	}
	res.Read = !reused
	switch inv.Reorder {
	case "":
	case "server":
		res.Err = fmt.Errorf("--reorder=server is not supported by this build of kubecfg (it cannot reach a cluster)")
		return res
	case "client":
		if res.Err = s.cfg.Gates.Require(features.ClientReorder); res.Err != nil {
			return res
		}
		if !ReorderBuiltIn {
			res.Err = ErrNoReorder
			return res
		}
		if res.Objects, res.Sources, res.Err = reorderClient(res.Objects, res.Sources); res.Err != nil {
			return res
		}
	default:
		res.Err = fmt.Errorf("unsupported %q reordering", inv.Reorder)
		return res
	}
	if inv.ExportDir != "" {
		res.Files, res.Err = Export(res.Objects, inv.format(), names, inv.ExportExt)
		if res.Files == nil {
			res.Files = []ExportFile{}
		}
		return res
	}
	if res.Output, res.Err = FormatObjects(res.Objects, inv.format()); res.Err != nil {
		res.Output = ""
	}
	return res
}

// eval is Run's eval: the value, then with --trace its causal trace.
func (inv Invocation) eval(s *Session) Result {
	var res Result
	if res.Output, res.Err = s.Eval(inv.evalOptions()); res.Err != nil {
		res.Output = ""
		return res
	}
	if inv.Trace {
		res.Trace, res.Err = s.EvalTrace(inv.evalOptions())
	}
	return res
}
