package playground

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/internal/kubecfg"
)

// traceLine answers Request.TraceLine: which source lines feed the value
// on that line of the output.
func (r *Runner) traceLine(sess *kubecfg.Session, req Request, inv kubecfg.Invocation, srcs []kubecfg.Source, output string) *Trace {
	if msg := untraceable(inv); msg != "" {
		return &Trace{Line: req.TraceLine, Places: []TracePlace{}, Error: msg}
	}
	at, err := kubecfg.LocateLine([]byte(output), req.TraceLine)
	if err != nil {
		return &Trace{Line: req.TraceLine, Places: []TracePlace{}, Error: fmt.Sprintf("line %d holds no value", req.TraceLine)}
	}
	return r.traceAt(sess, inv, srcs, at)
}

// traceBudget bounds the time TraceAll spends tracing, line after line.
const traceBudget = 1500 * time.Millisecond

// traceAll answers Request.TraceAll: the trace of every line of the output
// that holds a value, in order, until traceBudget has passed (cut tells).
func (r *Runner) traceAll(sess *kubecfg.Session, inv kubecfg.Invocation, srcs []kubecfg.Source, output string) (traces []Trace, cut bool) {
	traces = []Trace{}
	if untraceable(inv) != "" {
		return traces, false
	}
	lines, err := kubecfg.ValueLines([]byte(output))
	if err != nil {
		return traces, false
	}
	start := r.now()
	for i, at := range lines {
		if i > 0 && r.now().Sub(start) > traceBudget {
			return traces, true
		}
		t := r.traceAt(sess, inv, srcs, at)
		if t.needsFullEngine {
			return nil, false // nil: ask for the full engine
		}
		if t.Error == "" {
			traces = append(traces, *t)
		}
	}
	return traces, false
}

// untraceable says why an invocation's output has no values to trace, or "".
func untraceable(inv kubecfg.Invocation) string {
	if inv.ExportDir != "" || (inv.Command == "eval" && (inv.ShowKeys || inv.Output == "jsonnet")) {
		return "this output has no values to trace"
	}
	return ""
}

// traceAt traces the value at a place of the output. For show, the
// line's object is the document it is in, traced from its source (its
// provenance, which the read recorded: srcs, the run's Result.Sources);
// for eval, the line's path is traced below the expression.
func (r *Runner) traceAt(sess *kubecfg.Session, inv kubecfg.Invocation, srcs []kubecfg.Source, at kubecfg.OutputLine) *Trace {
	t := &Trace{Line: at.Line, Places: []TracePlace{}}
	if inv.Command == "eval" {
		args := inv.Args()
		if len(args) == 0 {
			t.Error = "the value comes from --exec code, which cannot be traced"
			return t
		}
		t.File = args[0]
		t.Path = exprOrDollar(inv.Expr)
		if at.Path != "$" {
			t.Path = "(" + t.Path + ")" + strings.TrimPrefix(at.Path, "$")
		}
	} else {
		if at.Doc >= len(srcs) {
			t.Error = fmt.Sprintf("line %d holds no value", at.Line)
			return t
		}
		file, path := srcs[at.Doc].File, srcs[at.Doc].Path
		if file == "" {
			t.Error = "this object comes from a .yaml or .json input, which holds it as it is"
			return t
		}
		if strings.HasPrefix(file, "data:") {
			t.Error = "this object comes from --exec code or an overlay, which cannot be traced"
			return t
		}
		t.File, t.Path = file, path+strings.TrimPrefix(at.Path, "$")
	}
	kt, err := sess.TraceInput(t.File, t.Path)
	if err != nil {
		t.Error = kubecfg.ErrorText(err)
		t.needsFullEngine = errors.Is(err, kubecfg.ErrNoTrace)
		return t
	}
	t.Places = r.places(kt)
	return t
}

// places turns a trace's roots into places: workspace files by name.
func (r *Runner) places(t *kubecfg.Trace) []TracePlace {
	out := []TracePlace{}
	inRoot := "file://" + strings.TrimSuffix(r.root(), "/") + "/"
	for _, root := range t.Roots {
		root = strings.TrimPrefix(strings.TrimSpace(root), importer.YAKLScheme)
		i := strings.LastIndexByte(root, ':')
		n, err := strconv.Atoi(root[i+1:])
		if i < 0 || err != nil {
			continue
		}
		u := root[:i]
		p := TracePlace{File: u, Line: n}
		if strings.HasPrefix(u, inRoot) {
			p.File, p.Workspace = relName(u, r.root()), true
		}
		out = append(out, p)
	}
	return out
}

func exprOrDollar(expr string) string {
	if expr == "" {
		return "$"
	}
	return expr
}
