//go:build !kubecfg_noschema

package kubecfg

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	jsonnet "github.com/google/go-jsonnet"
	"github.com/google/go-jsonnet/ast"
	"github.com/google/go-jsonnet/toolutils"
)

// traceTag is the message of the std.trace calls the causal trace puts
// around field bodies, and the file name of the expression it evaluates:
// ursonnet's, so that a trace reads the same.
const traceTag = "uRsOnNeT"

// tracer is validate's causal trace of the problems of one run
// (Session.sharedTrace), with ursonnet's results, made cheap: ursonnet
// parses every file the traced input imports on a fresh VM, inlines the
// imports and wraps every field body in std.trace, for each trace; a
// tracer does that once per file on a VM of its own, and each later
// trace of the run only parses and instruments its expression and
// evaluates. kubecfg's built-in library, the same in every workspace, is
// instrumented once for the process (builtinTraced), so a keystroke's new
// session parses only the workspace's files. The session's own VM is
// never touched. The tracers live as long as the run (a run reads one
// workspace version; the core engine's Session has no room for them), and
// when a trace meets an import ursonnet leaves to the VM (one in a
// function call's arguments: its value, cached by the VM, would not trace
// again), the run goes back to a fresh VM per trace.
type tracer struct {
	sess       *Session
	collection bool
	// expanded are the files whose imports are inlined, by where found:
	// their ASTs inlined (a file that is an import is the file it
	// imports). now are those met in the current trace: as in ursonnet,
	// a file met again in one trace is the VM's AST.
	expanded map[string]ast.Node
	now      map[string]bool
	// done are the nodes instrumented (their subtrees too).
	done map[ast.Node]bool
}

// sharedTraces are a run's tracers (one for values, one for
// collections); off says the workspace has an import they cannot trace.
type sharedTraces struct {
	tracers [2]*tracer
	off     bool
}

// builtinTraced holds the instrumented ASTs of the importer's built-in
// files (internal:///kubecfg.libsonnet), by where found and whether
// object bodies are wrapped (TraceCollection): they never change, and
// evaluation only reads an AST.
var builtinTraced struct {
	sync.Mutex
	m map[builtinKey]ast.Node
}

type builtinKey struct {
	foundAt    string
	collection bool
}

// errSharedTrace says a tracer cannot give ursonnet's answer for an
// expression (an import it leaves to the VM): trace on a fresh VM.
var errSharedTrace = errors.New("the shared trace cannot trace this expression")

// sharedTrace is TraceExpr (or TraceCollection) for validate: the same
// places, from st's tracer (made on first use). It falls back to trace
// when the tracer cannot answer.
func (s *Session) sharedTrace(st *sharedTraces, u, expr string, collection bool) (*Trace, error) {
	if st.off || mentions(expr, "kubecfg") {
		return s.trace(u, expr, collection)
	}
	k := 0
	if collection {
		k = 1
	}
	t := st.tracers[k]
	if t == nil {
		sess, err := s.cfg.NewSession()
		if err != nil {
			return nil, err
		}
		t = &tracer{sess: sess, collection: collection, expanded: map[string]ast.Node{}, done: map[ast.Node]bool{}}
		st.tracers[k] = t
	}
	s.traces++
	roots, err := t.roots(u, expr)
	if err != nil {
		// The tracer's ASTs may be half done: the next trace starts afresh.
		st.tracers[k] = nil
		if errors.Is(err, errSharedTrace) {
			st.off = true
			s.traces--
			return s.trace(u, expr, collection)
		}
		return nil, t.sess.errs.asData(err)
	}
	return &Trace{Roots: roots}, nil
}

// roots is ursonnet.Roots of expr against the file at u (and with
// collection, TraceCollection's expression), on the tracer's VM.
func (t *tracer) roots(u, expr string) ([]string, error) {
	if expr == "" {
		expr = "$"
	}
	file := u
	if rest, ok := strings.CutPrefix(expr, "$["); ok && rest != "" && '0' <= rest[0] && rest[0] <= '9' {
		// As trace: a path into a top-level array.
		file, expr = "internal:///kubecfg.libsonnet", "(import "+jsonnetString(u)+")["+rest
	}
	if t.collection {
		// Through a local, as trace (each file's object bodies are
		// wrapped as it is imported).
		expr = "(local value = " + expr + "; std.type(value))"
	}
	t.now = map[string]bool{}
	root, err := jsonnet.SnippetToAST(traceTag, fmt.Sprintf("((import %q)+{ __ursonnet_res_:: %s}).__ursonnet_res_", file, expr))
	if err != nil {
		return nil, err
	}
	if root, err = t.expand(root); err != nil {
		return nil, err
	}
	if err := t.instrument(root); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	t.sess.vm.SetTraceOut(&out)
	if _, err := t.sess.vm.Evaluate(root); err != nil {
		return nil, err
	}
	return traceLines(&out), nil
}

// traceLines reads the places of the trace's own std.trace calls from the
// VM's trace output (the user's own traces are left out, and so is the
// expression's own field), each once, the latest first, as "URL:LINE ".
func traceLines(out *bytes.Buffer) []string {
	own := "TRACE: " + traceTag + ":1 " + traceTag
	seen := map[string]bool{}
	var res []string
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasSuffix(line, traceTag) || line == own {
			continue
		}
		place := strings.TrimPrefix(strings.TrimSuffix(line, traceTag), "TRACE: ")
		if !seen[place] {
			seen[place] = true
			res = append(res, place)
		}
	}
	slices.Reverse(res)
	return res
}

// expand inlines the imports of n as ursonnet does: an import in a place
// ursonnet's walk reaches becomes the imported file's AST (the VM's
// cached one, changed in place), each file expanded once. A built-in
// file's is the process's instrumented copy.
func (t *tracer) expand(n ast.Node) (ast.Node, error) {
	var err error
	var visit func(p *ast.Node)
	visit = func(p *ast.Node) {
		if err != nil || *p == nil {
			return
		}
		switch n := (*p).(type) {
		case *ast.Apply:
			visit(&n.Target)
		case *ast.ApplyBrace:
			visit(&n.Left)
			visit(&n.Right)
		case *ast.Array:
			for i := range n.Elements {
				visit(&n.Elements[i].Expr)
			}
		case *ast.ArrayComp:
			visit(&n.Body)
			visit(&n.Spec.Expr)
			for i := range n.Spec.Conditions {
				visit(&n.Spec.Conditions[i].Expr)
			}
		case *ast.Assert:
			visit(&n.Cond)
			visit(&n.Message)
			visit(&n.Rest)
		case *ast.Binary:
			visit(&n.Left)
			visit(&n.Right)
		case *ast.Index:
			visit(&n.Target)
			visit(&n.Index)
		case *ast.Local:
			for i := range n.Binds {
				visit(&n.Binds[i].Body)
			}
			visit(&n.Body)
		case *ast.DesugaredObject:
			for i := range n.Fields {
				visit(&n.Fields[i].Name)
				visit(&n.Fields[i].Body)
			}
		case *ast.Unary:
			visit(&n.Expr)
		case *ast.InSuper:
			visit(&n.Index)
		case *ast.Parens:
			visit(&n.Inner)
		case *ast.SuperIndex:
			visit(&n.Index)
		case *ast.Conditional:
			visit(&n.Cond)
			visit(&n.BranchTrue)
			visit(&n.BranchFalse)
		case *ast.Error:
			visit(&n.Expr)
		case *ast.Function:
			visit(&n.Body)
			for i := range n.Parameters {
				visit(&n.Parameters[i].DefaultArg)
			}
		case *ast.Slice:
			visit(&n.Target)
			visit(&n.BeginIndex)
			visit(&n.EndIndex)
			visit(&n.Step)
		case *ast.Object:
			for i := range n.Fields {
				visit(&n.Fields[i].Expr1)
				visit(&n.Fields[i].Expr2)
				visit(&n.Fields[i].Expr3)
			}
		case *ast.ObjectComp:
			for i := range n.Fields {
				visit(&n.Fields[i].Expr1)
				visit(&n.Fields[i].Expr2)
				visit(&n.Fields[i].Expr3)
			}
			visit(&n.Spec.Expr)
			for i := range n.Spec.Conditions {
				visit(&n.Spec.Conditions[i].Expr)
			}
		case *ast.Import:
			var a ast.Node
			a, err = t.imported(n)
			if err == nil {
				*p = a
			}
		case *ast.ImportStr, *ast.Var, *ast.LiteralBoolean, *ast.LiteralNull, *ast.LiteralNumber, *ast.LiteralString, *ast.Self, *ast.Dollar:
		default:
			// ursonnet's walk knows no other node (importbin, say).
			err = errSharedTrace
		}
	}
	visit(&n)
	return n, err
}

// imported is the expanded AST of the file imp imports.
func (t *tracer) imported(imp *ast.Import) (ast.Node, error) {
	from, path := imp.Loc().FileName, imp.File.Value
	_, foundAt, err := t.sess.imp.Import(from, path)
	if err != nil {
		return nil, err
	}
	if strings.HasPrefix(foundAt, "internal:///") {
		return t.builtin(from, path, foundAt)
	}
	a, foundAt, err := t.sess.vm.ImportAST(from, path)
	if err != nil {
		return nil, err
	}
	if t.now[foundAt] {
		return a, nil
	}
	t.now[foundAt] = true
	if e, ok := t.expanded[foundAt]; ok {
		return e, nil
	}
	if a, err = t.prepare(a); err != nil {
		return nil, err
	}
	t.expanded[foundAt] = a
	return a, nil
}

// prepare is a file's AST as this trace walks it: with a collection
// trace's object fields wrapped, and its imports expanded.
func (t *tracer) prepare(a ast.Node) (ast.Node, error) {
	if t.collection {
		if err := wrapObjectFields(a, nil); err != nil {
			return nil, err
		}
	}
	return t.expand(a)
}

// builtin is the process's instrumented AST of a built-in file, made on
// first use from the tracer's VM's own.
func (t *tracer) builtin(from, path, foundAt string) (ast.Node, error) {
	key := builtinKey{foundAt, t.collection}
	builtinTraced.Lock()
	a, ok := builtinTraced.m[key]
	builtinTraced.Unlock()
	if ok {
		t.done[a] = true
		return a, nil
	}
	if e, ok := t.expanded[foundAt]; ok {
		return e, nil
	}
	a, _, err := t.sess.vm.ImportAST(from, path)
	if err != nil {
		return nil, err
	}
	if a, err = t.prepare(a); err != nil {
		return nil, err
	}
	if err := t.instrument(a); err != nil {
		return nil, err
	}
	t.expanded[foundAt] = a
	builtinTraced.Lock()
	if builtinTraced.m == nil {
		builtinTraced.m = map[builtinKey]ast.Node{}
	}
	if _, ok := builtinTraced.m[key]; !ok {
		builtinTraced.m[key] = a
	}
	builtinTraced.Unlock()
	return a, nil
}

// instrument wraps, as ursonnet does, the body of every field of every
// object under n that is not an object literal in std.trace(traceTag,
// BODY) at the field's place, and lets every node see std; nodes done
// before are left as they are. An import left in place (its value would
// come from the VM's cache, not traced again) is errSharedTrace.
func (t *tracer) instrument(n ast.Node) error {
	if n == nil || t.done[n] {
		return nil
	}
	t.done[n] = true
	if _, ok := n.(*ast.Import); ok {
		return errSharedTrace
	}
	for _, c := range toolutils.Children(n) {
		if err := t.instrument(c); err != nil {
			return err
		}
	}
	seeIdentifier(n, "std")
	seeIdentifier(n, "$std")
	o, ok := n.(*ast.DesugaredObject)
	if !ok {
		return nil
	}
	for i, f := range o.Fields {
		if _, isObject := f.Body.(*ast.DesugaredObject); isObject {
			continue
		}
		base := o.NodeBase
		base.SetContext(f.Body.Context())
		base.SetFreeVariables(f.Body.FreeVariables())
		base.LocRange = f.LocRange
		o.Fields[i].Body = &ast.Apply{
			NodeBase: base,
			Target: &ast.Index{
				NodeBase: base,
				Target:   &ast.Var{Id: "std"},
				Index:    &ast.LiteralString{NodeBase: base, Value: "trace"},
			},
			Arguments: ast.Arguments{Positional: []ast.CommaSeparatedExpr{
				{Expr: &ast.LiteralString{NodeBase: base, Value: traceTag}},
				{Expr: f.Body},
			}},
		}
	}
	return nil
}

// seeIdentifier adds id to n's free variables unless they hold it.
func seeIdentifier(n ast.Node, id ast.Identifier) {
	vars := n.FreeVariables()
	if slices.Contains(vars, id) {
		return
	}
	n.SetFreeVariables(append(vars, id))
}
