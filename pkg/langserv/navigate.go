package langserv

import (
	"fmt"
	"strings"

	"github.com/google/go-jsonnet/ast"
)

// symbol is what the name at the cursor refers to.
type symbol struct {
	from, to int      // the name at the cursor, in c.f
	b        *binding // a local, parameter, … (or nil)
	m        *member  // a field or std member (or nil)
	owner    string   // the text before the dot, for a member
	builtin  string   // "std" or "kubecfg" when the name is one of them, unbound
	imp      string   // the path of an import string at the cursor
}

// symbol finds what the name (or import string) at the cursor refers to.
func (c *cursor) symbol() *symbol {
	text := c.f.src.text
	if c.kind == inString {
		if isImportString(text, c.str) {
			end := strings.IndexAny(text[c.str:], "'\"\n")
			if end < 0 {
				end = len(text) - c.str
			}
			return &symbol{from: c.str, to: c.str + end, imp: text[c.str : c.str+end]}
		}
		return nil
	}
	if c.kind != inCode {
		return nil
	}
	from, to := c.f.src.wordAt(c.off)
	if from == to {
		return nil
	}
	name := text[from:to]
	s := &symbol{from: from, to: to}
	if from > 0 && text[from-1] == '.' {
		v, owner := c.target(from - 1)
		s.owner = owner
		if s.m = v.member(name); s.m == nil {
			return nil
		}
		return s
	}
	// A name in a definition, or one that reads a binding.
	sc := c.scope()
	if c.f.root != nil {
		a := analyze(c.f, c.off)
		if b, ok := a.vars[from]; ok {
			s.b = b
			return s
		}
		for _, b := range a.bindings {
			if b.def == from && b.name == name {
				s.b = b
				return s
			}
		}
	}
	if b := sc.env.lookup(name); b != nil {
		s.b = b
		return s
	}
	if name == "std" || name == "kubecfg" && c.f.predefined {
		s.builtin = name
		return s
	}
	return nil
}

// hover answers hover.
func (c *cursor) hover() *Hover {
	s := c.symbol()
	if s == nil {
		return nil
	}
	h := &Hover{Range: span(c.f, s.from, s.to)}
	switch {
	case s.imp != "":
		p := c.ws.resolve(c.f.path, s.imp)
		if p == "" {
			h.Markdown = fmt.Sprintf("`%s`: no such file in the workspace.", s.imp)
		} else {
			h.Markdown = fmt.Sprintf("Imports `%s`.", p)
		}
	case s.builtin == "std":
		h.Markdown = "```jsonnet\nstd\n```\nJsonnet's standard library (go-jsonnet " + stdVersion + ")."
	case s.builtin == "kubecfg":
		h.Markdown = "```jsonnet\nkubecfg\n```\nkubecfg's library (`kubecfg.libsonnet`), predefined here (RFC06)."
	case s.m != nil:
		h.Markdown = c.memberHover(s)
	case s.b != nil:
		h.Markdown = c.bindingHover(s.b)
	}
	return h
}

func (c *cursor) memberHover(s *symbol) string {
	m := s.m
	head := m.name
	if m.sig != "" {
		head = m.sig
	}
	var b strings.Builder
	fmt.Fprintf(&b, "```jsonnet\n%s.%s\n```\n", s.owner, head)
	if m.doc != "" {
		b.WriteString(m.doc + "\n")
	}
	if m.file != nil && m.file.path != LibraryPath {
		p, pos := place(m.file, m.def)
		fmt.Fprintf(&b, "\nField of `%s`, defined at %s:%d", s.owner, p, pos.Line)
		if t := c.typeOf(m.file, m.value, m.fn); t != "" && m.sig == "" {
			fmt.Fprintf(&b, " (%s)", t)
		}
		b.WriteString(".")
	}
	return strings.TrimSpace(b.String())
}

func (c *cursor) bindingHover(bd *binding) string {
	var b strings.Builder
	head := bd.name
	if bd.fn != nil {
		head = signature(bd.name, bd.fn)
	}
	kind := bd.kind
	if kind == "YAKL local" {
		kind = "YAKL name"
	}
	fmt.Fprintf(&b, "```jsonnet\n(%s) %s\n```\n", kind, head)
	p, pos := place(bd.file, bd.def)
	fmt.Fprintf(&b, "Defined at %s:%d", p, pos.Line)
	vf := bd.file
	if bd.vfile != nil {
		vf = bd.vfile
	}
	if t := c.typeOf(vf, bd.value, bd.fn); t != "" && bd.fn == nil {
		fmt.Fprintf(&b, ": %s", t)
	}
	b.WriteString(".")
	return b.String()
}

// typeOf is the static type of an expression, where it shows.
func (c *cursor) typeOf(f *file, n ast.Node, fn *ast.Function) string {
	if fn != nil {
		return "function"
	}
	switch n := n.(type) {
	case nil:
		return ""
	case *ast.LiteralString:
		return "string"
	case *ast.LiteralNumber:
		return "number"
	case *ast.LiteralBoolean:
		return "boolean"
	case *ast.LiteralNull:
		return "null"
	case *ast.Array, *ast.ArrayComp:
		return "array"
	case *ast.ObjectComp:
		return "object"
	case *ast.Import:
		v := c.r.valueOf(f, n)
		if v.isObject() {
			return fmt.Sprintf("an object of %d fields, imported from '%s'", len(memberItems(v)), n.File.Value)
		}
		return "imported from '" + n.File.Value + "'"
	case *ast.ImportStr:
		return "string, the text of '" + n.File.Value + "'"
	}
	v := c.r.valueOf(f, n)
	switch {
	case v == nil:
		return ""
	case v.fn != nil:
		return "function"
	case v.isObject():
		return fmt.Sprintf("an object of %d fields", len(memberItems(v)))
	}
	return ""
}

// definition answers definition.
func (c *cursor) definition() *Location {
	s := c.symbol()
	if s == nil {
		return nil
	}
	loc := &Location{Range: span(c.f, s.from, s.to)}
	switch {
	case s.imp != "":
		p := c.ws.resolve(c.f.path, s.imp)
		if p == "" {
			return nil
		}
		loc.Path, loc.Pos = p, Pos{Line: 1, Column: 1}
	case s.m != nil:
		if s.m.file == nil {
			return nil // std's members are built in
		}
		loc.Path, loc.Pos = place(s.m.file, s.m.def)
	case s.b != nil:
		// A name bound to an import leads to the imported file.
		if imp, ok := s.b.value.(*ast.Import); ok && s.b.fn == nil {
			if p := c.ws.resolve(s.b.file.path, imp.File.Value); p != "" {
				loc.Path, loc.Pos = p, Pos{Line: 1, Column: 1}
				return loc
			}
		}
		loc.Path, loc.Pos = place(s.b.file, s.b.def)
	case s.builtin == "kubecfg":
		loc.Path, loc.Pos = LibraryPath, Pos{Line: 1, Column: 1}
	default:
		return nil
	}
	return loc
}

// references answers references: the definition and every use of the
// binding at the cursor, in its file.
func (c *cursor) references() []Range {
	s := c.symbol()
	if s == nil || s.b == nil || s.b.file.root == nil {
		return nil
	}
	b := s.b
	n := len(b.name)
	out := []Range{span(b.file, b.def, b.def+n)}
	for _, u := range b.uses {
		out = append(out, span(b.file, u, u+n))
	}
	return out
}
