package langserv

import (
	"strings"
	"sync"

	"github.com/google/go-jsonnet/ast"
)

// stdMember is one member of std (std_gen.go).
type stdMember struct {
	name   string
	fn     bool
	params []string
}

// member is a name that can follow a dot: a field of an object known
// statically, or a member of std.
type member struct {
	name   string
	kind   string // function or property
	sig    string // name(params) for a function
	doc    string
	hidden bool
	file   *file // nil for std
	def    int   // byte offset of the field's name in file
	value  ast.Node
	fn     *ast.Function
}

// value is what static analysis knows of an expression.
type value struct {
	isStd   bool
	members []member // an object's fields (or std's members)
	fn      *ast.Function
	fnFile  *file
	node    ast.Node // the expression it was found from
	file    *file
}

func (v *value) isObject() bool { return v != nil && (v.isStd || v.members != nil) }

func (v *value) member(name string) *member {
	if v == nil {
		return nil
	}
	for i := len(v.members) - 1; i >= 0; i-- {
		if v.members[i].name == name {
			return &v.members[i]
		}
	}
	return nil
}

// resolver evaluates expressions statically: objects and their fields,
// imports, locals that name them, std and the library. It follows at most
// maxHops names, so a cycle ends.
type resolver struct {
	ws   *workspace
	hops int
}

const maxHops = 40

// valueAt is the value of node n of file f.
func (r *resolver) valueOf(f *file, n ast.Node) *value {
	r.hops++
	if r.hops > maxHops || n == nil {
		return nil
	}
	switch n := n.(type) {
	case *ast.Parens:
		return r.valueOf(f, n.Inner)
	case *ast.Local:
		return r.valueOf(f, n.Body)
	case *ast.Object:
		return r.objectValue(f, n)
	case *ast.Binary:
		if n.Op != ast.BopPlus {
			return nil
		}
		return merge(r.valueOf(f, n.Left), r.valueOf(f, n.Right))
	case *ast.ApplyBrace:
		return merge(r.valueOf(f, n.Left), r.valueOf(f, n.Right))
	case *ast.Import:
		return r.importValue(f, n.File.Value)
	case *ast.Function:
		return &value{fn: n, fnFile: f, node: n, file: f}
	case *ast.Apply:
		if t := r.valueOf(f, n.Target); t != nil && t.fn != nil {
			return r.valueOf(t.fnFile, t.fn.Body)
		}
	case *ast.Conditional:
		if v := r.valueOf(f, n.BranchTrue); v.isObject() {
			return v
		}
		return r.valueOf(f, n.BranchFalse)
	case *ast.Var:
		return r.varValue(f, string(n.Id), f.src.locOffset(n.Loc().Begin))
	case *ast.Index:
		name := indexName(n)
		if name == "" {
			return nil
		}
		m := r.valueOf(f, n.Target).member(name)
		return r.memberValue(m)
	case *ast.Self, *ast.Dollar:
		sc := r.scopeAt(f, f.src.locOffset(n.Loc().Begin))
		if len(sc.frames) == 0 {
			if _, ok := n.(*ast.Dollar); ok && f.path == ExpressionPath {
				return r.entryValue()
			}
			return nil
		}
		fr := sc.frames[len(sc.frames)-1]
		if _, ok := n.(*ast.Dollar); ok {
			fr = sc.frames[0]
		}
		return r.frameValue(f, fr)
	case *ast.SuperIndex:
		sc := r.scopeAt(f, f.src.locOffset(n.Loc().Begin))
		if len(sc.frames) == 0 || n.Id == nil {
			return nil
		}
		return r.memberValue(r.valueOf(f, sc.frames[len(sc.frames)-1].super).member(string(*n.Id)))
	}
	return nil
}

// indexName is the field name of a.b or a['b'].
func indexName(n *ast.Index) string {
	if n.Id != nil {
		return string(*n.Id)
	}
	if s, ok := n.Index.(*ast.LiteralString); ok {
		return s.Value
	}
	return ""
}

// frameValue is the value of self in a frame: the object, with its super.
func (r *resolver) frameValue(f *file, fr frame) *value {
	obj, ok := fr.obj.(*ast.Object)
	if !ok {
		return nil
	}
	v := r.objectValue(f, obj)
	if fr.super != nil {
		v = merge(r.valueOf(f, fr.super), v)
	}
	return v
}

// memberValue is the value of a member's body.
func (r *resolver) memberValue(m *member) *value {
	if m == nil || m.file == nil {
		return nil
	}
	if m.fn != nil {
		return &value{fn: m.fn, fnFile: m.file, node: m.fn, file: m.file}
	}
	return r.valueOf(m.file, m.value)
}

// varValue is the value of the name read at offset off of f.
func (r *resolver) varValue(f *file, name string, off int) *value {
	sc := r.scopeAt(f, off)
	if b := sc.env.lookup(name); b != nil {
		return r.bindingValue(b)
	}
	switch {
	case name == "std":
		return stdValue()
	case name == "kubecfg" && f.predefined:
		return r.importValue(f, LibraryPath)
	}
	return nil
}

func (r *resolver) bindingValue(b *binding) *value {
	if b.fn != nil {
		return &value{fn: b.fn, fnFile: b.file, node: b.fn, file: b.file}
	}
	if b.value == nil {
		return nil
	}
	if b.vfile != nil {
		return r.valueOf(b.vfile, b.value)
	}
	return r.valueOf(b.file, b.value)
}

// scopeAt is the scope at offset off of f (fallbacks: see fallbackScope).
func (r *resolver) scopeAt(f *file, off int) scope {
	if f.root == nil {
		return scope{file: f}
	}
	return analyze(f, off).at
}

// importValue is the value of the file an import names.
func (r *resolver) importValue(from *file, imp string) *value {
	if strings.HasPrefix(imp, "yakl:") {
		return nil
	}
	p := r.ws.resolve(from.path, imp)
	if p == "" {
		return nil
	}
	f := r.ws.file(p)
	if f == nil || f.root == nil {
		return nil
	}
	return r.valueOf(f, f.root)
}

// entryValue is the entry file's value, which $ is in the Expression box.
func (r *resolver) entryValue() *value {
	f := r.ws.file(r.ws.entry)
	if f == nil || f.root == nil {
		return nil
	}
	return r.valueOf(f, f.root)
}

// objectValue lists an object literal's fields.
func (r *resolver) objectValue(f *file, obj *ast.Object) *value {
	v := &value{members: []member{}, node: obj, file: f}
	for i := range obj.Fields {
		fl := &obj.Fields[i]
		var name string
		switch fl.Kind {
		case ast.ObjectFieldID:
			if fl.Id != nil {
				name = string(*fl.Id)
			}
		case ast.ObjectFieldStr:
			if s, ok := fl.Expr1.(*ast.LiteralString); ok {
				name = s.Value
			}
		}
		if name == "" {
			continue
		}
		start := f.src.locOffset(fl.LocRange.Begin)
		m := member{name: name, kind: "property", hidden: fl.Hide == ast.ObjectFieldHidden,
			file: f, def: start, value: fl.Expr2, fn: fl.Method}
		if fl.Kind == ast.ObjectFieldID {
			m.def = (&analysis{f: f}).nameAt(name, start)
		}
		m.doc = fodderDoc(fl.Fodder1)
		if fl.Method != nil {
			m.kind = "function"
			m.sig = signature(name, fl.Method)
		} else if fn, ok := fl.Expr2.(*ast.Function); ok {
			m.kind = "function"
			m.sig = signature(name, fn)
		}
		if sig, doc, ok := docSignature(name, m.doc); ok {
			m.kind, m.sig, m.doc = "function", sig, doc
		}
		v.members = append(v.members, m)
	}
	return v
}

// merge is a + b for objects: b's fields over a's.
func merge(a, b *value) *value {
	switch {
	case !a.isObject():
		return b
	case !b.isObject():
		return a
	}
	v := &value{members: append(append([]member{}, a.members...), b.members...), node: b.node, file: b.file}
	return v
}

// signature is name(params) of a function, defaults as written.
func signature(name string, fn *ast.Function) string {
	var b strings.Builder
	b.WriteString(name + "(")
	for i, p := range fn.Parameters {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(string(p.Name))
		if p.DefaultArg != nil {
			b.WriteString("=" + literalText(p.DefaultArg))
		}
	}
	b.WriteString(")")
	return b.String()
}

func literalText(n ast.Node) string {
	switch n := n.(type) {
	case *ast.LiteralNumber:
		return n.OriginalString
	case *ast.LiteralString:
		return "'" + n.Value + "'"
	case *ast.LiteralBoolean:
		if n.Value {
			return "true"
		}
		return "false"
	case *ast.LiteralNull:
		return "null"
	case *ast.Var:
		return string(n.Id)
	case *ast.Object:
		if len(n.Fields) == 0 {
			return "{}"
		}
	case *ast.Array:
		if len(n.Elements) == 0 {
			return "[]"
		}
	}
	return "…"
}

// fodderDoc is the text of the comments in front of a field, without the
// comment markers, lines joined.
func fodderDoc(fod ast.Fodder) string {
	var lines []string
	for _, el := range fod {
		if el.Kind == ast.FodderLineEnd && el.Blanks > 0 {
			lines = nil // a blank line: the comment before it is not this field's
		}
		for _, c := range el.Comment {
			for _, l := range strings.Split(c, "\n") {
				l = strings.TrimSpace(l)
				l = strings.TrimPrefix(l, "//")
				l = strings.TrimPrefix(l, "#")
				l = strings.TrimPrefix(l, "/*")
				l = strings.TrimSuffix(l, "*/")
				l = strings.TrimPrefix(strings.TrimSpace(l), "* ")
				if l = strings.TrimSpace(l); l != "" {
					lines = append(lines, l)
				}
			}
		}
	}
	return strings.Join(lines, " ")
}

// docSignature splits a comment that starts "name(params): what it does"
// (kubecfg.libsonnet's style) into the signature and the rest.
func docSignature(name, doc string) (sig, rest string, ok bool) {
	if !strings.HasPrefix(doc, name+"(") {
		return "", doc, false
	}
	depth := 0
	for i := len(name); i < len(doc); i++ {
		switch doc[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				if strings.HasPrefix(doc[i+1:], ":") {
					return doc[:i+1], strings.TrimSpace(doc[i+2:]), true
				}
				return "", doc, false
			}
		}
	}
	return "", doc, false
}

// stdValue is std: its members with their parameters and documentation
// (made once; callers do not change it).
var stdValue = sync.OnceValue(makeStdValue)

func makeStdValue() *value {
	v := &value{isStd: true}
	for _, m := range stdMembers {
		mm := member{name: m.name, kind: "property", doc: stdDocs[m.name], hidden: true}
		if m.fn {
			mm.kind = "function"
			mm.sig = m.name + "(" + strings.Join(m.params, ", ") + ")"
		}
		v.members = append(v.members, mm)
	}
	return v
}
