// Package stdformat parses std.format's format strings in Go.
//
// go-jsonnet writes std.format in Jsonnet, and its parse_codes reads the
// format string one character per tail call. Those calls nest Go calls, and
// in WebAssembly every Go call is a call on the browser's fixed stack, so a
// program whose std.format templates are a few thousand characters long
// (kube-prometheus's dashboards and alerts) overflows the engine worker's
// stack; and since go-jsonnet v0.21 each of those calls copies the text read
// so far, so a 46 KB template costs seconds (docs/benchmarks.md, "The
// engine version").
//
// Install rewrites one binding in go-jsonnet's standard library
// (astgen.StdAst), once per process, and is called where VMs are made
// (internal/kubecfg's newVM), not at init: a program that links the package and
// makes no VM (or makes bare go-jsonnet VMs only) keeps go-jsonnet's
// standard library as it is. Inside std.format,
//
//	local codes = parse_codes(str, 0, [], '');
//
// becomes
//
//	local codes =
//	  local parse = std.native(Name);
//	  local fast = if parse == null || !std.isString(str) then null else parse(str);
//	  if fast == null then parse_codes(str, 0, [], '') else fast;
//
// where the call of parse_codes is go-jsonnet's own node, so the slow path keeps its
// positions. Native parses the string as parse_codes does and gives the same
// array of literal strings and code objects, or null for anything it does
// not take (a format code that parse_codes would fail on, text that does not
// survive the trip into Go): then parse_codes runs and fails with its own
// message and trace. A VM without the native (one this project did not make)
// gets go-jsonnet's path unchanged; the equivalence test compares the two.
package stdformat

import (
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	jsonnet "github.com/google/go-jsonnet"
	"github.com/google/go-jsonnet/ast"
	"github.com/google/go-jsonnet/astgen"
)

// Name is the native function's name: std.native(Name) is what the
// rewritten std.format looks up.
const Name = "kubecfg:formatCodes"

// Installed says whether Install found std.format's binding and rewrote
// it. It is false before Install and, after it, only if go-jsonnet's
// standard library changed shape; tests fail then, and programs still run
// on go-jsonnet's path.
var Installed bool

var once sync.Once

// Install rewrites std.format's codes binding in go-jsonnet's standard
// library (astgen.StdAst), the first time it is called in a process; later
// calls change nothing. Call it before making a VM, and register Native on
// the VM. It reports whether the rewrite is in.
func Install() bool {
	once.Do(func() { Installed = install(astgen.StdAst) == nil })
	return Installed
}

// Native returns the native function that the rewritten std.format calls;
// register it on every VM with vm.NativeFunction.
func Native() *jsonnet.NativeFunction {
	return &jsonnet.NativeFunction{
		Name:   Name,
		Params: ast.Identifiers{"str"},
		Func: func(args []any) (any, error) {
			s, ok := args[0].(string)
			if !ok {
				return nil, nil
			}
			if codes := Parse(s); codes != nil {
				return codes, nil
			}
			return nil, nil // null, not an empty array: the slow path runs
		},
	}
}

// install finds std.format's codes binding in the standard library's AST
// and gives it the body in the package comment. The nodes are built here
// rather than parsed (jsonnet.SnippetToAST would add 8 kB to the browser's
// first download); each carries its free variables, which go-jsonnet's
// evaluator reads to capture environments.
func install(std ast.Node) error {
	bind := findCodes(std)
	if bind == nil {
		return fmt.Errorf("std.format's codes binding is not in this go-jsonnet")
	}
	orig := bind.Body
	parse, fast, str := variable("parse"), variable("fast"), variable("str")
	// local parse = std.native(Name);
	native := call(index(variable("std"), "native"), &ast.LiteralString{Value: Name})
	// local fast = if parse == null || !std.isString(str) then null else parse(str);
	isString := call(index(variable("std"), "isString"), str)
	notString := &ast.Unary{Op: ast.UopNot, Expr: isString, NodeBase: base(isString)}
	noParse := &ast.Binary{Op: ast.BopManifestEqual, Left: parse, Right: &ast.LiteralNull{}, NodeBase: base(parse)}
	skip := &ast.Binary{Op: ast.BopOr, Left: noParse, Right: notString, NodeBase: base(noParse, notString)}
	parsed := call(parse, str)
	fastBody := &ast.Conditional{Cond: skip, BranchTrue: &ast.LiteralNull{}, BranchFalse: parsed, NodeBase: base(skip, parsed)}
	// if fast == null then parse_codes(str, 0, [], '') else fast
	noFast := &ast.Binary{Op: ast.BopManifestEqual, Left: fast, Right: &ast.LiteralNull{}, NodeBase: base(fast)}
	choice := &ast.Conditional{Cond: noFast, BranchTrue: orig, BranchFalse: fast, NodeBase: base(noFast, orig, fast)}
	inner := &ast.Local{Binds: ast.LocalBinds{{Variable: "fast", Body: fastBody}}, Body: choice, NodeBase: base(fastBody, choice)}
	inner.FreeVars = without(inner.FreeVars, "fast")
	outer := &ast.Local{Binds: ast.LocalBinds{{Variable: "parse", Body: native}}, Body: inner, NodeBase: base(native, inner)}
	outer.FreeVars = without(outer.FreeVars, "parse")
	bind.Body = outer
	return nil
}

func variable(id ast.Identifier) *ast.Var {
	return &ast.Var{Id: id, NodeBase: ast.NodeBase{FreeVars: ast.Identifiers{id}}}
}

func index(target ast.Node, field string) *ast.Index {
	return &ast.Index{Target: target, Index: &ast.LiteralString{Value: field}, NodeBase: base(target)}
}

func call(target ast.Node, args ...ast.Node) *ast.Apply {
	a := &ast.Apply{Target: target, NodeBase: base(append(args, target)...)}
	for _, arg := range args {
		a.Arguments.Positional = append(a.Arguments.Positional, ast.CommaSeparatedExpr{Expr: arg})
	}
	return a
}

// base is a node whose free variables are those of its children.
func base(children ...ast.Node) ast.NodeBase {
	seen := map[ast.Identifier]bool{}
	var ids ast.Identifiers
	for _, c := range children {
		for _, id := range c.FreeVariables() {
			if !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
	}
	return ast.NodeBase{FreeVars: ids}
}

func without(ids ast.Identifiers, id ast.Identifier) ast.Identifiers {
	var out ast.Identifiers
	for _, x := range ids {
		if x != id {
			out = append(out, x)
		}
	}
	return out
}

// findCodes returns the binding of codes to a call of parse_codes.
func findCodes(n ast.Node) *ast.LocalBind {
	if l, ok := n.(*ast.Local); ok {
		for k := range l.Binds {
			b := &l.Binds[k]
			if b.Variable == "codes" && callsParseCodes(b.Body) {
				return b
			}
		}
	}
	for _, c := range children(n) {
		if b := findCodes(c); b != nil {
			return b
		}
	}
	return nil
}

// children are the nodes under n on the way to std.format's bindings: the
// standard library's fields and locals, and function bodies.
func children(n ast.Node) []ast.Node {
	var out []ast.Node
	switch x := n.(type) {
	case *ast.DesugaredObject:
		for _, f := range x.Fields {
			out = append(out, f.Body)
		}
		for _, b := range x.Locals {
			out = append(out, b.Body)
		}
	case *ast.Local:
		for _, b := range x.Binds {
			out = append(out, b.Body)
		}
		out = append(out, x.Body)
	case *ast.Function:
		out = append(out, x.Body)
	}
	return out
}

func callsParseCodes(n ast.Node) bool {
	a, ok := n.(*ast.Apply)
	if !ok {
		return false
	}
	v, ok := a.Target.(*ast.Var)
	return ok && v.Id == "parse_codes" && len(a.Arguments.Positional) == 4
}

// Parse reads a format string as go-jsonnet's parse_codes does: literal
// text and codes alternate, starting and ending with text (maybe empty).
// A code is an object with mkey (null or the mapping key), cflags (alt,
// zero, left, blank, plus), fw ("*" or a number), prec (null, "*" or a
// number), ctype and caps. It returns nil where parse_codes fails, and for
// text with U+FFFD, which may stand for a lone surrogate that Go strings
// cannot carry.
func Parse(s string) []any {
	if strings.ContainsRune(s, utf8.RuneError) {
		return nil
	}
	p := parser{s: []rune(s)}
	out := []any{}
	var cur strings.Builder
	for p.i < len(p.s) {
		c := p.s[p.i]
		if c != '%' {
			cur.WriteRune(c)
			p.i++
			continue
		}
		p.i++
		code, ok := p.code()
		if !ok {
			return nil
		}
		out = append(out, cur.String(), code)
		cur.Reset()
	}
	return append(out, cur.String())
}

type parser struct {
	s []rune
	i int
}

// more is parse_code's assert: a format code may not be cut short.
func (p *parser) more() bool { return p.i < len(p.s) }

// code reads what follows a %.
func (p *parser) code() (map[string]any, bool) {
	if !p.more() {
		return nil, false
	}
	var mkey any
	if p.s[p.i] == '(' {
		var key strings.Builder
		for p.i++; ; p.i++ {
			if !p.more() {
				return nil, false
			}
			if p.s[p.i] == ')' {
				break
			}
			key.WriteRune(p.s[p.i])
		}
		p.i++
		mkey = key.String()
	}
	flags := map[string]any{"alt": false, "zero": false, "left": false, "blank": false, "plus": false}
	for ; ; p.i++ {
		if !p.more() {
			return nil, false
		}
		name := flagName(p.s[p.i])
		if name == "" {
			break
		}
		flags[name] = true
	}
	fw, ok := p.width()
	if !ok || !p.more() {
		return nil, false
	}
	var prec any
	if p.s[p.i] == '.' {
		p.i++
		if prec, ok = p.width(); !ok {
			return nil, false
		}
	}
	if !p.more() {
		return nil, false
	}
	switch p.s[p.i] {
	case 'h', 'l', 'L':
		p.i++
	}
	if !p.more() {
		return nil, false
	}
	ctype, caps, ok := convType(p.s[p.i])
	if !ok {
		return nil, false
	}
	p.i++
	return map[string]any{
		"mkey": mkey, "cflags": flags, "fw": fw, "prec": prec,
		"ctype": ctype, "caps": caps,
	}, true
}

// flagName names a conversion flag's field in cflags, or is "".
func flagName(c rune) string {
	switch c {
	case '#':
		return "alt"
	case '0':
		return "zero"
	case '-':
		return "left"
	case ' ':
		return "blank"
	case '+':
		return "plus"
	}
	return ""
}

// width reads a field width or precision: "*" or digits (none is 0),
// accumulated in float64 as Jsonnet's v * 10 + d does.
func (p *parser) width() (any, bool) {
	if p.more() && p.s[p.i] == '*' {
		p.i++
		return "*", true
	}
	v := 0.0
	for ; ; p.i++ {
		if !p.more() {
			return nil, false
		}
		c := p.s[p.i]
		if c < '0' || c > '9' {
			return v, true
		}
		v = v*10 + float64(c-'0')
	}
}

// convType is parse_conv_type: the conversion and whether it is upper case.
func convType(c rune) (string, bool, bool) {
	switch c {
	case 'd', 'i', 'u':
		return "d", false, true
	case 'o':
		return "o", false, true
	case 'x', 'X':
		return "x", c == 'X', true
	case 'e', 'E':
		return "e", c == 'E', true
	case 'f', 'F':
		return "f", c == 'F', true
	case 'g', 'G':
		return "g", c == 'G', true
	case 'c', 's', '%':
		return string(c), false, true
	}
	return "", false, false
}
