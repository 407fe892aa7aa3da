package langserv

import (
	"fmt"
	"path"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/google/go-jsonnet/ast"
)

// Serve answers one request. It never panics: a bad request or an
// internal error is a Response with Error set.
func Serve(req Request) (resp Response) { return serve(req, nil, statelessGood) }

// serve answers req; parsed (nil: none) are the parses of its session,
// good the last parses of its files that parsed.
func serve(req Request, parsed map[string]*file, good *goodFiles) (resp Response) {
	resp.Op = req.Op
	defer func() {
		if p := recover(); p != nil {
			resp = Response{Op: req.Op, Error: fmt.Sprintf("langserv: internal error: %v", p)}
		}
	}()
	text, ok := req.Files[req.Path]
	if !ok {
		resp.Error = fmt.Sprintf("langserv: no file %q in the workspace", req.Path)
		return resp
	}
	ws := newWorkspace(&req, parsed)
	ws.good = good
	switch req.Op {
	case OpFormat:
		return format(req.Path, text)
	case OpLint:
		return lint(ws, req.Path, text)
	case OpComplete, OpHover, OpDefinition, OpReferences:
	default:
		resp.Error = fmt.Sprintf("langserv: unknown op %q (want complete, hover, definition, references, format or lint)", req.Op)
		return resp
	}
	c := ws.cursor(req.Path, text, Pos{Line: req.Line, Column: req.Column})
	if c == nil {
		if req.Op == OpComplete {
			resp.Completions = &Completions{Items: []Completion{}}
			resp.Completions.From = Pos{Line: req.Line, Column: req.Column}
			resp.Completions.To = resp.Completions.From
		}
		return resp
	}
	switch req.Op {
	case OpComplete:
		resp.Completions = c.complete()
	case OpHover:
		resp.Hover = c.hover()
	case OpDefinition:
		resp.Definition = c.definition()
		if d := resp.Definition; d != nil && d.Path == LibraryPath {
			d.Text = libraryText
		}
	case OpReferences:
		resp.References = c.references()
	}
	return resp
}

// cursor is a position in a file being asked about, with what is known
// of the code around it.
type cursor struct {
	ws   *workspace
	f    *file
	off  int
	r    *resolver
	kind int // inCode, inComment, inString
	str  int // where the string's content starts, for inString
	// extra are names that are in scope without a binding in f: a .yakl
	// file's local keys and anchors.
	extra *env
	sc    *scope // the scope at the cursor, when asked for
}

// cursor finds the Jsonnet text at pos of the file at p: the file itself,
// or for a .yakl file the ${…} expression around pos (nil when there is
// none).
func (w *workspace) cursor(p, text string, pos Pos) *cursor {
	src := newSource(text)
	off := src.offset(pos)
	c := &cursor{ws: w, off: off, r: &resolver{ws: w}}
	if strings.HasSuffix(p, ".yakl") {
		start, end, ok := yaklExpr(text, off)
		if !ok {
			return nil
		}
		c.f = parse(p, text[start:end])
		c.f.predefined, c.f.base, c.f.outer = true, start, src
		c.off = off - start
		c.extra = yaklNames(p, text, src)
	} else {
		c.f = w.file(p)
	}
	c.kind, c.str = lexical(c.f.src.text, c.off)
	return c
}

// place is the path and editor position of byte offset off of f.
func place(f *file, off int) (string, Pos) {
	if f.outer != nil {
		return f.path, f.outer.pos(f.base + off)
	}
	return f.path, f.src.pos(off)
}

// span is the editor range [from, to) of f.
func span(f *file, from, to int) Range {
	p, a := place(f, from)
	_, b := place(f, to)
	return Range{Path: p, Start: a, End: b}
}

// goodFiles keep, per path, the last text that parsed: the fallback scope
// for completion in a file that does not parse. A Session keeps its own;
// the stateless Serve shares statelessGood.
type goodFiles struct {
	sync.Mutex
	m map[string]*file
}

var statelessGood = &goodFiles{}

func (g *goodFiles) remember(f *file) {
	if f.root == nil || f.outer != nil {
		return
	}
	g.Lock()
	if g.m == nil {
		g.m = map[string]*file{}
	}
	g.m[f.path] = f
	g.Unlock()
}

func (g *goodFiles) get(p string) *file {
	g.Lock()
	defer g.Unlock()
	return g.m[p]
}

// scope is the scope at the cursor: from the file's AST; when it does not
// parse, from the text repaired at the cursor (the name being typed, and
// a dot in front of it, cut out or replaced), then from the last text of
// the file that parsed, then from a scan of the `local` bindings before
// the cursor.
func (c *cursor) scope() scope {
	if c.sc != nil {
		return *c.sc
	}
	sc := c.findScope()
	if c.extra != nil {
		// The file's own bindings stay innermost.
		sc.env = appendEnv(sc.env, c.extra)
	}
	c.sc = &sc
	return sc
}

// appendEnv puts outer behind inner.
func appendEnv(inner, outer *env) *env {
	if inner == nil {
		return outer
	}
	return &env{b: inner.b, parent: appendEnv(inner.parent, outer)}
}

func (c *cursor) findScope() scope {
	f, text := c.f, c.f.src.text
	if f.root != nil {
		c.ws.good.remember(f)
		return analyze(f, c.off).at
	}
	from, to := c.f.src.wordAt(c.off)
	cut := from
	if cut > 0 && text[cut-1] == '.' {
		cut--
	}
	// A repair at the cursor fixes an error at the cursor, or in the few
	// lines after it (the token after a dot being typed): for an error
	// elsewhere the parses would fail.
	repairs := []string{
		text[:cut] + text[to:],
		text[:from] + "__ls" + text[to:],
		text[:cut] + "," + text[to:],
		text[:cut] + ";" + text[to:],
		text[:from] + "__ls," + text[to:],
		text[:from] + "__ls;" + text[to:],
		text[:from] + "__ls}" + text[to:],
		text[:from] + "__ls)" + text[to:],
		text[:from] + "__ls]" + text[to:],
	}
	if !errorNear(f, cut) {
		repairs = nil
	}
	for _, repaired := range repairs {
		g := parse(f.path, repaired)
		if g.root != nil {
			g.predefined, g.base, g.outer = f.predefined, f.base, f.outer
			return analyze(g, min(cut, len(repaired))).at
		}
	}
	g := c.ws.good.get(f.path)
	if g != nil && f.outer == nil {
		return analyze(g, min(c.off, len(g.src.text))).at
	}
	return scope{file: f, env: scanLocals(f, text[:c.off])}
}

// errorNear reports whether f's parse error is at offset off or in the
// three lines after it (true when its place is not known).
func errorNear(f *file, off int) bool {
	e, ok := f.err.(located)
	if !ok {
		return true
	}
	lr := e.Loc()
	if !lr.IsSet() {
		return true
	}
	at := f.src.locOffset(lr.Begin)
	return at >= off && f.src.pos(at).Line <= f.src.pos(off).Line+3
}

var localRE = regexp.MustCompile(`\blocal\s+([A-Za-z_][A-Za-z0-9_]*)\s*=`)

// scanLocals finds `local name = expr` before the cursor in text that does
// not parse; each expr that parses on its own (up to the ; or , that ends
// it) is the binding's value.
func scanLocals(f *file, before string) *env {
	var e *env
	for _, m := range localRE.FindAllStringSubmatchIndex(before, -1) {
		if k, _ := lexical(before, m[0]); k != inCode {
			continue
		}
		b := &binding{name: before[m[2]:m[3]], kind: "local", file: f, def: m[2]}
		rest := before[m[1]:]
		if end := exprEnd(rest); end > 0 {
			if g := parse(f.path, rest[:end]); g.root != nil {
				g.predefined = f.predefined
				b.value, b.vfile = g.root, g
			}
		}
		e = &env{b: b, parent: e}
	}
	return e
}

// exprEnd is the offset of the ; or , that ends an expression at depth 0.
func exprEnd(s string) int {
	depth, end := 0, -1
	codeBytes(s, func(i int) bool {
		switch s[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth < 0 {
				end = i
				return false
			}
		case ';', ',':
			if depth == 0 {
				end = i
				return false
			}
		}
		return true
	})
	return end
}

// chainStart is where the expression that ends at end starts: names,
// dots, and bracketed groups, such as lib.deployment('a', 1) before a dot.
func chainStart(text string, end int) int {
	i := end
	for i > 0 {
		ch := text[i-1]
		switch {
		case isIdent(ch) || ch == '.' || ch == '$':
			i--
		case ch == ')' || ch == ']':
			open := map[byte]byte{')': '(', ']': '['}[ch]
			depth := 0
			j := i - 1
			for ; j >= 0; j-- {
				if text[j] == ch {
					depth++
				} else if text[j] == open {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			if j < 0 {
				return i
			}
			i = j
		default:
			return i
		}
	}
	return i
}

// target is the value of the expression that ends at end (just before a
// dot), read in the cursor's scope, and its text.
func (c *cursor) target(end int) (*value, string) {
	text := c.f.src.text
	start := chainStart(text, end)
	expr := text[start:end]
	if strings.TrimSpace(expr) == "" {
		return nil, ""
	}
	if expr == "super" {
		return c.superValue(), expr
	}
	g := parse(c.f.path, expr)
	if g.root == nil {
		return nil, expr
	}
	g.predefined = c.f.predefined
	return c.valueOf(g, g.root), expr
}

// valueOf is resolver.valueOf, with the names of the text at the cursor
// (g, parsed on its own) read in the cursor's scope.
func (c *cursor) valueOf(g *file, n ast.Node) *value {
	sc := c.scope()
	switch n := n.(type) {
	case *ast.Var:
		name := string(n.Id)
		if b := sc.env.lookup(name); b != nil {
			return c.r.bindingValue(b)
		}
		return c.r.varValue(g, name, 0)
	case *ast.Index:
		name := indexName(n)
		if name == "" {
			return nil
		}
		return c.r.memberValue(c.valueOf(g, n.Target).member(name))
	case *ast.Apply:
		if t := c.valueOf(g, n.Target); t != nil && t.fn != nil {
			return c.r.valueOf(t.fnFile, t.fn.Body)
		}
		return nil
	case *ast.Parens:
		return c.valueOf(g, n.Inner)
	case *ast.Self, *ast.Dollar:
		if len(sc.frames) == 0 {
			if _, ok := n.(*ast.Dollar); ok && c.f.path == ExpressionPath {
				return c.r.entryValue()
			}
			return nil
		}
		fr := sc.frames[len(sc.frames)-1]
		if _, ok := n.(*ast.Dollar); ok {
			fr = sc.frames[0]
		}
		return c.r.frameValue(sc.file, fr)
	case *ast.SuperIndex:
		if len(sc.frames) == 0 || n.Id == nil {
			return nil
		}
		return c.r.memberValue(c.r.valueOf(sc.file, sc.frames[len(sc.frames)-1].super).member(string(*n.Id)))
	}
	return c.r.valueOf(g, n)
}

// superValue is what super is at the cursor.
func (c *cursor) superValue() *value {
	sc := c.scope()
	if len(sc.frames) == 0 {
		return nil
	}
	return c.r.valueOf(sc.file, sc.frames[len(sc.frames)-1].super)
}

// importFiles are the paths an import in the file at from can name:
// the workspace's files relative to its directory, and the library.
func (w *workspace) importFiles(from string) []Completion {
	dir := path.Dir(from)
	if from == ExpressionPath {
		dir = "."
	}
	var items []Completion
	for p := range w.files {
		if p == from || p == ExpressionPath {
			continue
		}
		rel := p
		if dir != "." {
			if r, ok := strings.CutPrefix(p, dir+"/"); ok {
				rel = r
			} else {
				rel = strings.Repeat("../", strings.Count(dir, "/")+1) + p
			}
		}
		if strings.HasSuffix(p, ".yakl") {
			rel = "yakl:" + rel
		}
		items = append(items, Completion{Label: rel, Kind: "file", Detail: "workspace file"})
	}
	sort.Slice(items, func(i, j int) bool { return items[i].Label < items[j].Label })
	items = append(items, Completion{Label: "kubecfg.libsonnet", Kind: "file", Detail: "kubecfg's library",
		Doc: "The built-in library, served at " + LibraryPath + "."})
	return items
}
