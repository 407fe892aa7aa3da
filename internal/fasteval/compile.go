package fasteval

import (
	"fmt"
	"slices"
	"sort"
	"strconv"

	"github.com/google/go-jsonnet/ast"
)

// node is a compiled expression: variables resolved to slots.
type node interface {
	eval(in *interp, e *env) value
}

// unsupported is what the compiler panics with for a construct the
// engine leaves to go-jsonnet.
type unsupported struct{ what string }

// scope is one frame's names at compile time.
type scope struct {
	names map[ast.Identifier]int
	up    *scope
}

func newScope(up *scope, ids ...ast.Identifier) *scope {
	s := &scope{names: make(map[ast.Identifier]int, len(ids)), up: up}
	for i, id := range ids {
		s.names[id] = i
	}
	return s
}

// compiler compiles one file's AST; from is the name its imports are
// relative to.
type compiler struct {
	from string
}

func (c *compiler) resolve(sc *scope, id ast.Identifier) node {
	d := 0
	for s := sc; s != nil; s = s.up {
		if i, ok := s.names[id]; ok {
			switch d {
			case 0:
				return &var0{i}
			case 1:
				return &var1{i}
			}
			return &varN{d, i}
		}
		d++
	}
	panic(&unsupported{"unbound variable " + string(id)})
}

func (c *compiler) compile(n ast.Node, sc *scope) node {
	switch n := n.(type) {
	case *ast.LiteralNull:
		return &lit{null}
	case *ast.LiteralBoolean:
		return &lit{n.Value}
	case *ast.LiteralNumber:
		f, err := strconv.ParseFloat(n.OriginalString, 64)
		if err != nil {
			return &errorLit{"overflow"}
		}
		return &lit{f}
	case *ast.LiteralString:
		return &lit{cleanString(n.Value)}
	case *ast.Var:
		return c.resolve(sc, n.Id)
	case *ast.Self:
		return &selfN{}
	case *ast.Local:
		ids := make([]ast.Identifier, len(n.Binds))
		for i, b := range n.Binds {
			ids[i] = b.Variable
		}
		inner := newScope(sc, ids...)
		binds := make([]node, len(n.Binds))
		for i, b := range n.Binds {
			binds[i] = c.compile(b.Body, inner)
		}
		return &localN{binds: binds, body: c.compile(n.Body, inner)}
	case *ast.Function:
		return c.function(n, sc)
	case *ast.Apply:
		a := &applyN{target: c.compile(n.Target, sc), tailstrict: n.TailStrict, loc: n.Loc()}
		for _, p := range n.Arguments.Positional {
			a.pos = append(a.pos, c.compile(p.Expr, sc))
		}
		for _, na := range n.Arguments.Named {
			a.named = append(a.named, namedArg{na.Name, c.compile(na.Arg, sc)})
		}
		return a
	case *ast.Array:
		a := &arrayN{elems: make([]node, len(n.Elements))}
		for i, el := range n.Elements {
			a.elems[i] = c.compile(el.Expr, sc)
		}
		return a
	case *ast.Binary:
		l, r := c.compile(n.Left, sc), c.compile(n.Right, sc)
		switch n.Op {
		case ast.BopAnd:
			return &andN{l, r}
		case ast.BopOr:
			return &orN{l, r}
		}
		return &binN{op: n.Op, l: l, r: r}
	case *ast.Unary:
		return &unN{op: n.Op, x: c.compile(n.Expr, sc)}
	case *ast.Conditional:
		return &condN{c.compile(n.Cond, sc), c.compile(n.BranchTrue, sc), c.compile(n.BranchFalse, sc)}
	case *ast.Error:
		return &errorN{c.compile(n.Expr, sc)}
	case *ast.Index:
		t := c.compile(n.Target, sc)
		if s, ok := n.Index.(*ast.LiteralString); ok {
			return &fieldN{t, cleanString(s.Value)}
		}
		return &indexN{t, c.compile(n.Index, sc)}
	case *ast.SuperIndex:
		return &superIndexN{c.compile(n.Index, sc)}
	case *ast.InSuper:
		return &inSuperN{c.compile(n.Index, sc)}
	case *ast.DesugaredObject:
		return &objN{c.object(n, sc)}
	case *ast.Import:
		return &importN{kind: importCode, path: n.File.Value, from: c.from}
	case *ast.ImportStr:
		return &importN{kind: importString, path: n.File.Value, from: c.from}
	case *ast.ImportBin:
		return &importN{kind: importBinary, path: n.File.Value, from: c.from}
	}
	panic(&unsupported{fmt.Sprintf("node %T", n)})
}

func (c *compiler) function(n *ast.Function, sc *scope) *funcN {
	ids := make([]ast.Identifier, len(n.Parameters))
	for i, p := range n.Parameters {
		if slices.Contains(ids[:i], p.Name) {
			// go-jsonnet takes a parameter named twice (arguments bound by
			// name, in a map, the first default winning): left to it.
			panic(&unsupported{"parameter named twice: " + string(p.Name)})
		}
		ids[i] = p.Name
	}
	inner := newScope(sc, ids...)
	f := &funcN{params: ids, defaults: make([]node, len(ids))}
	for i, p := range n.Parameters {
		if p.DefaultArg != nil {
			f.defaults[i] = c.compile(p.DefaultArg, inner)
		}
	}
	f.body = c.compile(n.Body, inner)
	markTail(f.body)
	return f
}

// markTail marks the calls in tail position of a function's body, where
// go-jsonnet evaluates with tailCall: through locals, conditionals, the
// right operand of binary operators and unary operators.
func markTail(n node) {
	switch n := n.(type) {
	case *applyN:
		n.tail = true
	case *localN:
		markTail(n.body)
	case *condN:
		markTail(n.t)
		markTail(n.f)
	case *binN:
		markTail(n.r)
	case *andN:
		markTail(n.r)
	case *orN:
		markTail(n.r)
	case *unN:
		markTail(n.x)
	}
}

func (c *compiler) object(n *ast.DesugaredObject, sc *scope) *objDef {
	ids := make([]ast.Identifier, len(n.Locals))
	for i, l := range n.Locals {
		ids[i] = l.Variable
	}
	inner := newScope(sc, ids...)
	d := &objDef{static: map[string]int32{}}
	for _, l := range n.Locals {
		d.locals = append(d.locals, c.compile(l.Body, inner))
	}
	for _, a := range n.Asserts {
		d.asserts = append(d.asserts, c.compile(a, inner))
	}
	for i, f := range n.Fields {
		fd := fieldDef{hide: f.Hide, plus: f.PlusSuper, body: c.compile(f.Body, inner)}
		if s, ok := f.Name.(*ast.LiteralString); ok && d.static != nil {
			fd.name = cleanString(s.Value)
			if _, dup := d.static[fd.name]; dup {
				d.static = nil
			} else {
				d.static[fd.name] = int32(i)
				d.names = append(d.names, fd.name)
			}
		} else {
			d.static = nil
		}
		fd.nameNode = c.compile(f.Name, sc)
		d.fields = append(d.fields, fd)
	}
	if d.static != nil {
		d.visible = []string{}
		for _, f := range d.fields {
			if f.hide != ast.ObjectFieldHidden {
				d.visible = append(d.visible, f.name)
			}
		}
		sort.Strings(d.visible)
	}
	return d
}
