// Package predefine is RFC06's analysis: which variables a piece of
// Jsonnet reads without declaring them, and the kubecfg line that code
// reading kubecfg freely gets. The evaluator (--exec, --ext-code, eval's
// expression, overlays) and the YAKL compiler both use it.
package predefine

import (
	"fmt"
	"sort"
	"strings"

	"github.com/google/go-jsonnet/ast"
	"github.com/google/go-jsonnet/formatter"
	"github.com/google/go-jsonnet/toolutils"
	"github.com/kubecfg/kubecfg/internal/lex"
)

// KubecfgLocal is the line that predefines kubecfg (RFC06): code that reads
// kubecfg without declaring it is evaluated as if it started with it.
const KubecfgLocal = "local kubecfg = import 'internal:///kubecfg.libsonnet';"

// Kubecfg returns KubecfgLocal + code when code reads the variable
// kubecfg without declaring it, on the same first line so that line numbers
// do not move. Any other code, including code that does not parse, is
// returned unchanged, byte for byte.
func Kubecfg(filename, code string) string {
	info, err := Analyze(filename, code)
	if err != nil || !info.Reads("kubecfg") {
		return code
	}
	return KubecfgLocal + code
}

// Info is what the static check finds in one piece of code.
type Info struct {
	Free []string // sorted free variables, std left out
	// Outer is set when the code uses self, super or $ outside every
	// object of its own, i.e. it reads the object it is placed in.
	Outer bool
}

// Reads reports whether the code reads name without declaring it.
func (i Info) Reads(name string) bool {
	n := sort.SearchStrings(i.Free, name)
	return n < len(i.Free) && i.Free[n] == name
}

// Analyze parses code with go-jsonnet's parser and walks the raw AST.
// Code nested deeper than lex.MaxDepth is refused before it is parsed.
func Analyze(filename, code string) (Info, error) {
	if at := lex.JsonnetDepth(code, lex.MaxDepth); at >= 0 {
		line, col := lex.Position(code, at)
		return Info{}, NestingError{line, col}
	}
	node, _, err := formatter.SnippetToRawAST(filename, code)
	if err != nil {
		return Info{}, err
	}
	w := &walker{bound: map[ast.Identifier]int{"std": 1}, free: map[ast.Identifier]bool{}}
	w.node(node)
	info := Info{Outer: w.outer}
	for id := range w.free {
		info.Free = append(info.Free, string(id))
	}
	sort.Strings(info.Free)
	return info, nil
}

// walker collects the free variables of a raw (not desugared) AST.
type walker struct {
	bound    map[ast.Identifier]int
	free     map[ast.Identifier]bool
	inObject int
	outer    bool
}

func (w *walker) bind(ids ...ast.Identifier) {
	for _, id := range ids {
		w.bound[id]++
	}
}

func (w *walker) unbind(ids ...ast.Identifier) {
	for _, id := range ids {
		w.bound[id]--
	}
}

func (w *walker) self() {
	if w.inObject == 0 {
		w.outer = true
	}
}

func (w *walker) function(f *ast.Function) {
	var names []ast.Identifier
	for _, p := range f.Parameters {
		names = append(names, p.Name)
	}
	w.bind(names...)
	for _, p := range f.Parameters {
		w.node(p.DefaultArg)
	}
	w.node(f.Body)
	w.unbind(names...)
}

// forSpec walks a comprehension's for/if clauses, outermost first, and
// returns the names it bound (the caller unbinds them).
func (w *walker) forSpec(spec *ast.ForSpec) []ast.Identifier {
	var chain []*ast.ForSpec
	for s := spec; s != nil; s = s.Outer {
		chain = append(chain, s)
	}
	var names []ast.Identifier
	for i := len(chain) - 1; i >= 0; i-- {
		s := chain[i]
		w.node(s.Expr)
		w.bind(s.VarName)
		names = append(names, s.VarName)
		for _, c := range s.Conditions {
			w.node(c.Expr)
		}
	}
	return names
}

func (w *walker) fields(fields ast.ObjectFields) {
	var locals []ast.Identifier
	for _, f := range fields {
		if f.Kind == ast.ObjectLocal {
			locals = append(locals, *f.Id)
		}
	}
	// Field names are evaluated outside the object.
	for _, f := range fields {
		if f.Kind == ast.ObjectFieldExpr {
			w.node(f.Expr1)
		}
	}
	w.inObject++
	w.bind(locals...)
	for _, f := range fields {
		if f.Method != nil {
			w.function(f.Method)
			continue
		}
		if f.Kind == ast.ObjectFieldStr {
			w.node(f.Expr1)
		}
		w.node(f.Expr2)
		w.node(f.Expr3)
	}
	w.unbind(locals...)
	w.inObject--
}

func (w *walker) node(n ast.Node) {
	switch n := n.(type) {
	case nil:
	case *ast.Apply:
		w.node(n.Target)
		for _, a := range n.Arguments.Positional {
			w.node(a.Expr)
		}
		for _, a := range n.Arguments.Named {
			w.node(a.Arg)
		}
	case *ast.ApplyBrace:
		w.node(n.Left)
		w.node(n.Right)
	case *ast.Array:
		for _, e := range n.Elements {
			w.node(e.Expr)
		}
	case *ast.ArrayComp:
		names := w.forSpec(&n.Spec)
		w.node(n.Body)
		w.unbind(names...)
	case *ast.Assert:
		w.node(n.Cond)
		w.node(n.Message)
		w.node(n.Rest)
	case *ast.Binary:
		w.node(n.Left)
		w.node(n.Right)
	case *ast.Conditional:
		w.node(n.Cond)
		w.node(n.BranchTrue)
		w.node(n.BranchFalse)
	case *ast.Dollar, *ast.Self:
		w.self()
	case *ast.Error:
		w.node(n.Expr)
	case *ast.Function:
		w.function(n)
	case *ast.Import, *ast.ImportStr, *ast.ImportBin:
	case *ast.Index:
		w.node(n.Target)
		w.node(n.Index)
	case *ast.InSuper:
		w.self()
		w.node(n.Index)
	case *ast.SuperIndex:
		w.self()
		w.node(n.Index)
	case *ast.LiteralBoolean, *ast.LiteralNull, *ast.LiteralNumber, *ast.LiteralString:
	case *ast.Local:
		var names []ast.Identifier
		for _, b := range n.Binds {
			names = append(names, b.Variable)
		}
		w.bind(names...)
		for _, b := range n.Binds {
			if b.Fun != nil {
				w.function(b.Fun)
			} else {
				w.node(b.Body)
			}
		}
		w.node(n.Body)
		w.unbind(names...)
	case *ast.Object:
		w.fields(n.Fields)
	case *ast.ObjectComp:
		// The for clauses are evaluated outside the object; their variables
		// are visible in the field name and body.
		names := w.forSpec(&n.Spec)
		w.fields(n.Fields)
		w.unbind(names...)
	case *ast.Parens:
		w.node(n.Inner)
	case *ast.Slice:
		w.node(n.Target)
		w.node(n.BeginIndex)
		w.node(n.EndIndex)
		w.node(n.Step)
	case *ast.Unary:
		w.node(n.Expr)
	case *ast.Var:
		if w.bound[n.Id] == 0 {
			w.free[n.Id] = true
		}
	default:
		for _, c := range toolutils.Children(n) {
			w.node(c)
		}
	}
}

// NestingError is code whose brackets nest deeper than lex.MaxDepth, at
// the first bracket too many.
type NestingError struct{ Line, Col int }

func (e NestingError) Error() string {
	return fmt.Sprintf("brackets nested deeper than %d levels; refusing to parse", lex.MaxDepth)
}

// StaticMessage splits an error of Analyze (a go-jsonnet static error or
// a NestingError) into the line and column it names (relative to the
// snippet) and its message without the location.
func StaticMessage(err error) (line, col int, msg string) {
	msg = err.Error()
	if ne, ok := err.(NestingError); ok {
		return ne.Line, ne.Col, msg
	}
	type located interface{ Loc() ast.LocationRange }
	if le, ok := err.(located); ok {
		loc := le.Loc()
		line, col = loc.Begin.Line, loc.Begin.Column
		if s := loc.String(); s != "" && strings.HasPrefix(msg, s) {
			msg = strings.TrimSpace(msg[len(s):])
		}
	}
	return line, col, msg
}
