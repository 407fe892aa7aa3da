package kubecfg

import (
	"fmt"
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
	// Reused says show's objects are those of an earlier read of the
	// same inputs in this session (Session.Reuse): nothing was evaluated.
	Reused bool

	// Output is what the CLI prints on standard output: show's objects in
	// the output format (nothing when exporting), eval's value.
	Output string
	// Files are --export-dir's files in the order the CLI writes them;
	// nil unless the export ran (show read its objects and exports: the
	// CLI then makes the directory, writes Files and reports Err, even
	// with no files, as kubecfg does).
	Files []ExportFile
	// Trace is eval --trace's causal trace, printed on standard error
	// after Output (its Text(false)).
	Trace *Trace

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

// Run carries the invocation out on a session made from its Config (or
// one it shares with earlier invocations, Session.Reuse): show reads its
// inputs and formats or exports the objects, eval evaluates and, with
// --trace, traces. Errors are kubecfg's, in kubecfg's order.
func (inv Invocation) Run(s *Session) Result {
	switch inv.command() {
	case "show":
		return inv.show(s)
	case "eval":
		return inv.eval(s)
	}
	return Result{Err: fmt.Errorf("unknown command %q: want show or eval", inv.Command)}
}

// show is Run's show: the export file name template is parsed first (as
// kubecfg does, whether or not it exports), then the inputs are read,
// then --reorder is checked, then the objects are printed or exported.
func (inv Invocation) show(s *Session) Result {
	names, err := inv.ExportTemplate()
	if err != nil {
		return Result{Err: err}
	}
	var res Result
	res.Objects, res.Sources, res.Reused, err = s.readCached(inv.ReadOptions())
	if err != nil {
		return Result{Err: err}
	}
	switch inv.Reorder {
	case "":
	case "server":
		res.Err = fmt.Errorf("--reorder=server is not supported by this build of kubecfg (it cannot reach a cluster)")
		return res
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
	res.Output, res.Err = FormatObjects(res.Objects, inv.format())
	return res
}

// eval is Run's eval: the value, then with --trace its causal trace.
func (inv Invocation) eval(s *Session) Result {
	var res Result
	res.Output, res.Err = s.Eval(inv.EvalOptions())
	if res.Err != nil || !inv.Trace {
		return res
	}
	res.Trace, res.Err = s.EvalTrace(inv.EvalOptions())
	return res
}
