package playground

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kubecfg/kubecfg/pkg/kubecfg"
)

// traceLine answers Request.TraceLine: which source lines feed the value
// on that line of the output. For show, the line's object is found by its
// place in the output and traced from its provenance (the objects read
// with provenance, which the cache keeps beside the plain ones); for eval,
// the line's path is traced below the expression.
func (r *Runner) traceLine(sess *kubecfg.Session, req Request, inv kubecfg.Invocation, keys keys, output string) *Trace {
	t := &Trace{Line: req.TraceLine, Places: []TracePlace{}}
	if inv.ExportDir != "" || (inv.Command == "eval" && (inv.ShowKeys || inv.Output == "jsonnet")) {
		t.Error = "this output has no values to trace"
		return t
	}
	at, err := kubecfg.LocateLine([]byte(output), req.TraceLine)
	if err != nil {
		t.Error = fmt.Sprintf("line %d holds no value", req.TraceLine)
		return t
	}
	if inv.Command == "eval" {
		if len(inv.Inputs) == 0 {
			t.Error = "the value comes from --exec code, which cannot be traced"
			return t
		}
		t.File = inv.Inputs[0]
		t.Path = exprOrDollar(inv.Expr)
		if at.Path != "$" {
			t.Path = "(" + t.Path + ")" + strings.TrimPrefix(at.Path, "$")
		}
	} else {
		o, _, err := r.showObjects(sess, inv, keys.objects)
		if err != nil || at.Doc >= len(o.srcs) {
			t.Error = fmt.Sprintf("line %d holds no value", req.TraceLine)
			return t
		}
		file, path := o.srcs[at.Doc].File, o.srcs[at.Doc].Path
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
		return t
	}
	t.Places = r.places(kt)
	return t
}

// places turns a trace's roots into places: workspace files by name.
func (r *Runner) places(t *kubecfg.Trace) []TracePlace {
	out := []TracePlace{}
	for _, l := range t.Lines(true) {
		l = strings.TrimSpace(l)
		i := strings.LastIndexByte(l, ':')
		n, err := strconv.Atoi(l[i+1:])
		if i < 0 || err != nil {
			continue
		}
		file := l[:i]
		p := TracePlace{File: file, Line: n}
		if rel, ok := strings.CutPrefix(file, strings.TrimSuffix(r.root(), "/")+"/"); ok && strings.HasPrefix(file, "/") {
			p.File, p.Workspace = rel, true
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
