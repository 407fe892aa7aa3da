package langserv

import (
	"github.com/google/go-jsonnet/ast"
	"github.com/google/go-jsonnet/toolutils"
)

// binding is a name a piece of code can read: a local, a parameter, a
// comprehension's variable or an object local.
type binding struct {
	name  string
	kind  string // local, parameter, for variable, object local
	file  *file
	vfile *file    // the file value is in, when not file
	def   int      // byte offset of the name where it is defined
	value ast.Node // what it is bound to; nil for parameters and for variables
	fn    *ast.Function
	uses  []int // byte offsets of the names that read it (in file)
}

// env is the chain of bindings in scope, innermost first.
type env struct {
	b      *binding
	parent *env
}

func (e *env) lookup(name string) *binding {
	for ; e != nil; e = e.parent {
		if e.b.name == name {
			return e.b
		}
	}
	return nil
}

// names are the bindings in scope, innermost first, each name once.
func (e *env) names() []*binding {
	seen := map[string]bool{}
	var out []*binding
	for ; e != nil; e = e.parent {
		if !seen[e.b.name] {
			seen[e.b.name] = true
			out = append(out, e.b)
		}
	}
	return out
}

// frame is an object that self means at some place, with what super
// means there (the left side of the + or { } it is the right side of).
type frame struct {
	obj   ast.Node // *ast.Object or *ast.ObjectComp
	super ast.Node
}

// scope is what code at one offset of a file can read.
type scope struct {
	file   *file
	env    *env
	frames []frame // innermost last
	node   ast.Node
}

// analysis is one walk over a file: every binding, every name's binding,
// and the scope at one offset.
type analysis struct {
	f        *file
	off      int
	at       scope
	bindings []*binding
	vars     map[int]*binding // offset of a Var → its binding
}

// analyze walks f's AST, noting the scope at off (-1: none).
func analyze(f *file, off int) *analysis {
	a := &analysis{f: f, off: off, vars: map[int]*binding{}}
	a.at.file = f
	if f.root != nil {
		a.walk(f.root, nil, nil)
	}
	return a
}

func (a *analysis) begin(n ast.Node) int { return a.f.src.locOffset(n.Loc().Begin) }
func (a *analysis) end(n ast.Node) int   { return a.f.src.locOffset(n.Loc().End) }

// nameAt is the offset of name at or after offset from (a definition's
// name, as the AST keeps only the range of the whole definition).
func (a *analysis) nameAt(name string, from int) int {
	text := a.f.src.text
	for i := max(from, 0); i+len(name) <= len(text); i++ {
		if text[i:i+len(name)] == name && (i == 0 || !isIdent(text[i-1])) &&
			(i+len(name) == len(text) || !isIdent(text[i+len(name)])) {
			return i
		}
	}
	return from
}

func (a *analysis) bind(b *binding, e *env) *env {
	b.file = a.f
	a.bindings = append(a.bindings, b)
	return &env{b: b, parent: e}
}

func (a *analysis) walk(n ast.Node, e *env, frames []frame) {
	if n == nil {
		return
	}
	if lr := n.Loc(); lr.Begin.Line > 0 && a.off >= 0 && a.begin(n) <= a.off && a.off <= a.end(n) {
		a.at.env, a.at.frames, a.at.node = e, frames, n
	}
	switch n := n.(type) {
	case *ast.Local:
		inner := e
		for i := range n.Binds {
			bd := &n.Binds[i]
			inner = a.bind(&binding{name: string(bd.Variable), kind: "local",
				def: a.nameAt(string(bd.Variable), a.f.src.locOffset(bd.LocRange.Begin)), value: bd.Body, fn: bd.Fun}, inner)
		}
		for i := range n.Binds {
			if n.Binds[i].Fun != nil {
				a.walkFunction(n.Binds[i].Fun, inner, frames)
			} else {
				a.walk(n.Binds[i].Body, inner, frames)
			}
		}
		a.walk(n.Body, inner, frames)
	case *ast.Function:
		a.walkFunction(n, e, frames)
	case *ast.Object:
		a.walkObject(n, nil, e, frames)
	case *ast.Binary:
		if obj, ok := n.Right.(*ast.Object); ok && n.Op == ast.BopPlus {
			a.walk(n.Left, e, frames)
			a.walkObject(obj, n.Left, e, frames)
			return
		}
		a.walk(n.Left, e, frames)
		a.walk(n.Right, e, frames)
	case *ast.ApplyBrace:
		a.walk(n.Left, e, frames)
		if obj, ok := n.Right.(*ast.Object); ok {
			a.walkObject(obj, n.Left, e, frames)
		} else {
			a.walk(n.Right, e, frames)
		}
	case *ast.ObjectComp:
		inner := a.walkFor(&n.Spec, e, frames)
		fr := append(frames[:len(frames):len(frames)], frame{obj: n})
		for i := range n.Fields {
			if lr := n.Fields[i].LocRange; lr.Begin.Line > 0 && a.off >= 0 &&
				a.f.src.locOffset(lr.Begin) <= a.off && a.off <= a.f.src.locOffset(lr.End) {
				a.at.env, a.at.frames = inner, fr
			}
			a.walkField(&n.Fields[i], inner, inner, fr)
		}
	case *ast.ArrayComp:
		inner := a.walkFor(&n.Spec, e, frames)
		a.walk(n.Body, inner, frames)
	case *ast.Index:
		a.walk(n.Target, e, frames)
		a.walk(n.Index, e, frames)
	case *ast.Var:
		if b := e.lookup(string(n.Id)); b != nil {
			off := a.begin(n)
			b.uses = append(b.uses, off)
			a.vars[off] = b
		}
	default:
		for _, c := range toolutils.Children(n) {
			a.walk(c, e, frames)
		}
	}
}

// walkFor binds a comprehension's variables, outermost first.
func (a *analysis) walkFor(spec *ast.ForSpec, e *env, frames []frame) *env {
	if spec.Outer != nil {
		e = a.walkFor(spec.Outer, e, frames)
	}
	a.walk(spec.Expr, e, frames)
	from := a.f.src.locOffset(spec.Expr.Loc().Begin)
	def := a.nameBefore(string(spec.VarName), from)
	e = a.bind(&binding{name: string(spec.VarName), kind: "for variable", def: def}, e)
	for _, c := range spec.Conditions {
		a.walk(c.Expr, e, frames)
	}
	return e
}

// nameBefore is the offset of the last name before offset to.
func (a *analysis) nameBefore(name string, to int) int {
	text := a.f.src.text
	for i := min(to, len(text)) - len(name); i >= 0; i-- {
		if text[i:i+len(name)] == name && (i == 0 || !isIdent(text[i-1])) && !isIdent(text[i+len(name)]) {
			return i
		}
	}
	return max(to, 0)
}

func (a *analysis) walkFunction(fn *ast.Function, e *env, frames []frame) {
	if lr := fn.Loc(); lr.Begin.Line > 0 && a.off >= 0 && a.begin(fn) <= a.off && a.off <= a.end(fn) {
		a.at.env, a.at.frames, a.at.node = e, frames, fn
	}
	inner := e
	for _, p := range fn.Parameters {
		inner = a.bind(&binding{name: string(p.Name), kind: "parameter",
			def: a.nameAt(string(p.Name), a.f.src.locOffset(p.LocRange.Begin))}, inner)
	}
	for _, p := range fn.Parameters {
		a.walk(p.DefaultArg, inner, frames)
	}
	a.walk(fn.Body, inner, frames)
}

func (a *analysis) walkObject(obj *ast.Object, super ast.Node, e *env, frames []frame) {
	if a.off >= 0 && a.begin(obj) <= a.off && a.off <= a.end(obj) {
		a.at.env, a.at.frames, a.at.node = e, frames, obj
	}
	inner := e
	for i := range obj.Fields {
		fl := &obj.Fields[i]
		if fl.Kind == ast.ObjectLocal && fl.Id != nil {
			inner = a.bind(&binding{name: string(*fl.Id), kind: "object local",
				def: a.nameAt(string(*fl.Id), a.f.src.locOffset(fl.LocRange.Begin)), value: fl.Expr2, fn: fl.Method}, inner)
		}
	}
	fr := append(frames[:len(frames):len(frames)], frame{obj: obj, super: super})
	for i := range obj.Fields {
		// A field reaches to the next one: go-jsonnet's ranges of some
		// fields (super.x) end early.
		end := a.end(obj)
		if i+1 < len(obj.Fields) && obj.Fields[i+1].LocRange.Begin.Line > 0 {
			end = a.f.src.locOffset(obj.Fields[i+1].LocRange.Begin) - 1
		}
		if b := obj.Fields[i].LocRange.Begin; b.Line > 0 && a.off >= 0 && a.f.src.locOffset(b) <= a.off && a.off <= end {
			a.at.env, a.at.frames = inner, fr
		}
		a.walkField(&obj.Fields[i], e, inner, fr)
	}
}

// walkField walks one field: its computed name outside the object's
// scope, its body (and an assert's message) inside it.
func (a *analysis) walkField(fl *ast.ObjectField, outer, inner *env, frames []frame) {
	if fl.Kind == ast.ObjectFieldExpr {
		a.walk(fl.Expr1, outer, frames[:len(frames)-1])
	}
	if fl.Method != nil {
		a.walkFunction(fl.Method, inner, frames)
	} else {
		a.walk(fl.Expr2, inner, frames)
	}
	a.walk(fl.Expr3, inner, frames)
}
