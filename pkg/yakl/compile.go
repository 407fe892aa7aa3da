package yakl

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	yaml "sigs.k8s.io/yaml/goyaml.v3"
)

// maxAliasNodes bounds the nodes that aliases (and anchors read as
// variables) may copy in one file: alias bombs are refused, not evaluated.
const maxAliasNodes = 200000

// Compile translates a .yakl file to the Jsonnet that kubecfg evaluates.
// Every node stays on its source line, so the output has as many lines as
// the source and runtime errors name the right line.
func Compile(filename string, src []byte) (string, error) {
	return compileFile(filename, src, false)
}

// options choose the compiler's output.
type options struct {
	pretty    bool // Desugar: formatter-friendly, no padding
	fast      bool // plain subtrees as std.parseJson('…')
	sepLocals bool // file locals as separate local statements
}

// frame is one lexical scope of the compiled code.
type frame struct {
	names  map[string]bool
	object bool // a YAML mapping: self and super refer to it
}

// anchorDef is a node that carries &name.
type anchorDef struct {
	node  *yaml.Node
	name  string
	depth int  // len(frames) where the node sits
	ctx   bool // its code reads locals, parameters or self from around it
}

type compiler struct {
	emitter
	file  string
	src   []byte
	fast  bool // plain subtrees as std.parseJson
	dirty map[*yaml.Node]bool
	size  map[*yaml.Node]int

	frames     []frame
	anchors    map[string]*anchorDef // latest definition of each name so far
	anchorN    map[string]int        // definitions of each name in the document
	anchorOf   map[*yaml.Node]*anchorDef
	inProgress map[*yaml.Node]bool
	expanded   int
	ctxMin     int // smallest frame index the code read from
	replay     int // >0 while copying a node for an alias

	sepLocals bool            // see options
	declared  map[string]bool // file locals declared so far (sepLocals)
	fwdRef    bool            // a file local read one declared after it
}

func (c *compiler) errAt(line, col int, format string, args ...any) error {
	return errorf(c.file, line, col, format, args...)
}

func (c *compiler) errNode(n *yaml.Node, format string, args ...any) error {
	return errorf(c.file, n.Line, n.Column, format, args...)
}

var reYAMLLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)
var reUnknownAnchor = regexp.MustCompile(`^yaml: unknown anchor '(.*)' referenced$`)

// yamlError turns a goyaml error into an *Error with a position.
func (c *compiler) yamlError(err error) error {
	msg := err.Error()
	if m := reYAMLLine.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		return c.errAt(line, 1, "%s", m[2])
	}
	if m := reUnknownAnchor.FindStringSubmatch(msg); m != nil {
		line, col := 1, 1
		if i := bytes.Index(c.src, []byte("*"+m[1])); i >= 0 {
			line, col = lineCol(c.src, i)
		}
		return c.errAt(line, col, "alias *%s has no anchor &%s defined before it", m[1], m[1])
	}
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	return c.errAt(1, 1, "%s", strings.TrimPrefix(msg, "yaml: "))
}

func lineCol(src []byte, off int) (int, int) {
	line := 1 + bytes.Count(src[:off], []byte("\n"))
	col := off - bytes.LastIndexByte(src[:off], '\n')
	return line, col
}

// parseYAML parses a stream, retrying once with repair, and returns the
// source that parsed.
func parseYAML(src []byte) ([]*yaml.Node, []byte, error) {
	docs, err := parseStream(src)
	if err == nil {
		return docs, src, nil
	}
	if fixed, ok := repair(src); ok {
		if d2, err2 := parseStream(fixed); err2 == nil {
			return d2, fixed, nil
		}
	}
	return nil, src, err
}

// parseStream reads every document of a YAML stream as nodes.
func parseStream(src []byte) ([]*yaml.Node, error) {
	var docs []*yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(src))
	for {
		var d yaml.Node
		if err := dec.Decode(&d); err != nil {
			if err == io.EOF {
				return docs, nil
			}
			return nil, err
		}
		docs = append(docs, &d)
	}
}

// docKind classifies a document.
type docKind int

const (
	docEmpty docKind = iota
	docValue
	docLocals
	docOverlay
)

func classify(d *yaml.Node) docKind {
	if len(d.Content) == 0 {
		return docEmpty
	}
	r := d.Content[0]
	if r.Kind == yaml.ScalarNode && r.Value == "" && r.Style == 0 && r.Anchor == "" && r.Tag == "!!null" {
		return docEmpty
	}
	if r.Kind != yaml.MappingNode || len(r.Content) == 0 {
		return docValue
	}
	if len(r.Content) == 2 && isDeepMergeKey(r.Content[0]) {
		return docOverlay
	}
	for i := 0; i < len(r.Content); i += 2 {
		if !isLocalKey(r.Content[i]) {
			return docValue
		}
	}
	return docLocals
}

func isLocalKey(k *yaml.Node) bool {
	return k.Kind == yaml.ScalarNode && strings.HasPrefix(k.Value, "&")
}

func isMergeKey(k *yaml.Node) bool {
	return k.Kind == yaml.ScalarNode && k.Style == 0 && k.Value == "<<"
}

func isDeepMergeKey(k *yaml.Node) bool {
	return k.Kind == yaml.ScalarNode && k.Style == 0 && k.Value == "<<+"
}

// firstComments returns the file's leading comment and blank lines.
func firstComments(src []byte) string {
	end := 0
	for end < len(src) {
		nl := bytes.IndexByte(src[end:], '\n')
		lineEnd := len(src)
		if nl >= 0 {
			lineEnd = end + nl + 1
		}
		t := bytes.TrimSpace(src[end:lineEnd])
		if len(t) > 0 && t[0] != '#' {
			break
		}
		if nl < 0 {
			// A last line without newline: keep it only with a newline.
			if len(t) > 0 {
				return string(src[:end]) + string(src[end:lineEnd]) + "\n"
			}
			break
		}
		end = lineEnd
	}
	// Keep only up to the last comment line; blank lines are padding.
	s := string(src[:end])
	if i := strings.LastIndex(s, "#"); i >= 0 {
		if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
			return s[:i+j+1]
		}
	}
	return ""
}

// recoverPanics turns an unexpected panic into an error; the fuzz tests
// turn it off to see the panic.
var recoverPanics = true

func compileFile(filename string, src []byte, pretty bool) (string, error) {
	if pretty {
		out, fwd, err := compileOnce(filename, src, options{pretty: true, sepLocals: true})
		if err != nil || !fwd {
			return out, err
		}
	}
	return compileWith(filename, src, options{pretty: pretty, fast: !pretty})
}

func compileWith(filename string, src []byte, opts options) (string, error) {
	out, _, err := compileOnce(filename, src, opts)
	return out, err
}

// compileOnce compiles; fwd reports that a file local read one declared
// after it (which separate local statements cannot express).
func compileOnce(filename string, src []byte, opts options) (out string, fwd bool, err error) {
	pretty := opts.pretty
	defer func() {
		if !recoverPanics {
			return
		}
		if r := recover(); r != nil {
			out, err = "", errorf(filename, 1, 1, "internal error compiling the file: %v", r)
		}
	}()
	c := &compiler{file: filename, src: src, fast: opts.fast, sepLocals: opts.sepLocals, size: map[*yaml.Node]int{}, declared: map[string]bool{}}
	c.pretty = pretty
	c.line = 1
	c.maxLine = 1 + bytes.Count(src, []byte("\n"))
	docs, fixed, err := parseYAML(src)
	if err != nil {
		return "", false, c.yamlError(err)
	}
	c.src = fixed
	if err := c.lint(docs); err != nil {
		return "", false, err
	}
	comments := firstComments(src)
	if !pretty && !bytes.HasPrefix(src, []byte(comments)) {
		// The comments end the file without a newline: the code must go on
		// their last line, so that line is left out.
		comments = comments[:strings.LastIndexByte(comments[:len(comments)-1], '\n')+1]
	}
	c.w(comments)
	c.line += strings.Count(comments, "\n")
	if err := c.file_(docs); err != nil {
		return "", false, err
	}
	if !pretty {
		c.at(1 + bytes.Count(src, []byte("\n")))
	}
	code := c.b.String()
	if !strings.Contains(code, "kubecfg") {
		// Code without the word cannot read kubecfg or yakl__kubecfg, and
		// its expressions have been parsed one by one already.
		return code, c.fwdRef, nil
	}
	info, aerr := analyze(filename, code)
	if aerr != nil {
		l, col, msg := staticMessage(aerr)
		return "", false, errorf(filename, l, col, "the compiled file does not parse: %s", msg)
	}
	if info.reads("kubecfg") || info.reads("yakl__kubecfg") {
		code = insertPredefine(code, len(comments), pretty)
	}
	return code, c.fwdRef, nil
}

// insertPredefine puts the predefined local after the first comments, in
// front of the code of the first line of code, without adding a line
// (except in pretty mode, where it gets its own lines).
func insertPredefine(code string, after int, pretty bool) string {
	if pretty {
		return code[:after] + "local kubecfg = import 'internal:///kubecfg.libsonnet',\n      yakl__kubecfg = kubecfg;\n" + strings.TrimLeft(code[after:], "\n")
	}
	i := after
	for i < len(code) && code[i] == '\n' {
		i++
	}
	return code[:i] + yaklKubecfgLocal + " " + code[i:]
}

// file_ writes the whole file: file locals, then the value.
func (c *compiler) file_(docs []*yaml.Node) error {
	type doc struct {
		node *yaml.Node
		kind docKind
	}
	var ds []doc
	fileLocals := map[string]bool{}
	fileLocalAt := map[string]int{}
	sawValue, mixed := false, false
	for _, d := range docs {
		k := classify(d)
		if k == docEmpty {
			continue
		}
		if k == docOverlay && len(ds) > 0 {
			return c.errNode(d.Content[0], "an overlay document (<<+ alone) must be the file's first document; nothing may come in front of it")
		}
		ds = append(ds, doc{d, k})
		switch k {
		case docLocals:
			if sawValue {
				mixed = true
			}
			r := d.Content[0]
			for j := 0; j < len(r.Content); j += 2 {
				name, _, err := c.localKey(r.Content[j])
				if err != nil {
					return err
				}
				if line, dup := fileLocalAt[name]; dup {
					return c.errNode(r.Content[j], "file local %s is already declared at line %d", name, line)
				}
				fileLocals[name] = true
				fileLocalAt[name] = r.Content[j].Line
			}
		default:
			sawValue = true
		}
	}
	c.frames = []frame{{names: fileLocals}}
	var values []string // names of value documents (mixed form)
	overlay := -1
	for i, d := range ds {
		if d.kind == docOverlay {
			overlay = i
		}
	}
	// The file's locals (and, in the mixed form, its documents) are one
	// Jsonnet local, so that every document sees every file local.
	started := false
	bind := func() {
		if started {
			c.w(",")
			c.nl()
		} else {
			c.w("local ")
			started = true
		}
	}
	emitValue := func(d doc) error {
		c.resetDoc(d.node)
		r := d.node.Content[0]
		if d.kind == docOverlay {
			return c.paren(r.Content[1])
		}
		return c.node(r)
	}
	var valueDocs []doc
	for i, d := range ds {
		switch {
		case d.kind == docLocals:
			c.resetDoc(d.node)
			r := d.node.Content[0]
			for j := 0; j < len(r.Content); j += 2 {
				c.at(r.Content[j].Line)
				if c.sepLocals && !mixed {
					// Desugar: one local statement per file local, which
					// reads better when no local reads a later one.
					name, _, _ := c.localKey(r.Content[j])
					c.declared[name] = true
					c.w("local ")
					if err := c.localBind(r.Content[j], r.Content[j+1]); err != nil {
						return err
					}
					c.w(";")
					c.nl()
					continue
				}
				bind()
				if err := c.localBind(r.Content[j], r.Content[j+1]); err != nil {
					return err
				}
			}
		case mixed:
			c.at(d.node.Content[0].Line)
			bind()
			name := fmt.Sprintf("yakl__doc%d", i)
			c.w(name + " = ")
			if err := emitValue(d); err != nil {
				return err
			}
			values = append(values, name)
		default:
			valueDocs = append(valueDocs, d)
		}
	}
	if started {
		c.w(";")
		c.nl()
	}
	if mixed {
		return c.body(values, overlay >= 0)
	}
	// Value documents, in place.
	switch {
	case overlay >= 0:
		for i, d := range valueDocs {
			if i > 0 {
				c.w(" + yakl__kubecfg.toOverlay(")
			}
			if err := emitValue(d); err != nil {
				return err
			}
			if i > 0 {
				c.w(")")
			}
		}
	case len(valueDocs) == 0:
		c.w("null")
	case len(valueDocs) == 1:
		return emitValue(valueDocs[0])
	default:
		for i, d := range valueDocs {
			if i == 0 {
				c.at(d.node.Content[0].Line)
				c.w("[")
				c.nl()
			}
			if err := emitValue(d); err != nil {
				return err
			}
			c.w(",")
			c.nl()
		}
		c.w("]")
	}
	return nil
}

// body writes the value of a file in the mixed form (documents as locals).
func (c *compiler) body(names []string, overlay bool) error {
	switch {
	case overlay:
		for i, n := range names {
			if i > 0 {
				c.w(" + yakl__kubecfg.toOverlay(" + n + ")")
			} else {
				c.w(n)
			}
		}
	case len(names) == 0:
		c.w("null")
	case len(names) == 1:
		c.w(names[0])
	default:
		c.w("[" + strings.Join(names, ", ") + "]")
	}
	return nil
}

// resetDoc starts a document: anchors are per document.
func (c *compiler) resetDoc(d *yaml.Node) {
	c.anchors = map[string]*anchorDef{}
	c.anchorN = map[string]int{}
	c.anchorOf = map[*yaml.Node]*anchorDef{}
	c.inProgress = map[*yaml.Node]bool{}
	c.dirty = map[*yaml.Node]bool{}
	c.markDirty(d)
	var count func(n *yaml.Node)
	count = func(n *yaml.Node) {
		if n.Anchor != "" {
			c.anchorN[n.Anchor]++
		}
		for _, k := range n.Content {
			count(k)
		}
	}
	count(d)
}

// markDirty records the nodes whose subtree is not plain data (anything but
// untagged scalars without ${, in mappings without special keys), and
// reports whether n is dirty.
func (c *compiler) markDirty(n *yaml.Node) bool {
	d := n.Anchor != "" || n.Kind == yaml.AliasNode || n.Style&yaml.TaggedStyle != 0
	switch n.Kind {
	case yaml.ScalarNode:
		d = d || hasExpr(n.Value) || (n.Tag != "" && !strings.HasPrefix(n.Tag, "!!"))
	case yaml.MappingNode:
		for i, k := range n.Content {
			if c.markDirty(k) {
				d = true
			}
			if i%2 == 0 && (k.Kind != yaml.ScalarNode || isMergeKey(k) || isDeepMergeKey(k) ||
				strings.HasPrefix(k.Value, "&") || strings.HasSuffix(k.Value, "+") || k.Tag == "!!merge") {
				d = true
			}
		}
	default:
		for _, k := range n.Content {
			if c.markDirty(k) {
				d = true
			}
		}
	}
	if d {
		c.dirty[n] = true
	}
	return d
}

// paren writes a node's code in parentheses.
func (c *compiler) paren(n *yaml.Node) error {
	c.at(n.Line)
	c.w("(")
	if err := c.node(n); err != nil {
		return err
	}
	c.w(")")
	return nil
}

// node writes the code of one YAML node.
func (c *compiler) node(n *yaml.Node) error {
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			c.w("null")
			return nil
		}
		return c.node(n.Content[0])
	case yaml.AliasNode:
		return c.alias(n)
	}
	if c.inProgress[n] {
		return c.errNode(n, "an alias refers to the node that holds it")
	}
	c.inProgress[n] = true
	defer delete(c.inProgress, n)
	depth, saved := len(c.frames), c.ctxMin
	c.ctxMin = depth
	var err error
	switch n.Kind {
	case yaml.ScalarNode:
		err = c.scalar(n)
	case yaml.SequenceNode:
		err = c.sequence(n)
	case yaml.MappingNode:
		err = c.mapping(n)
	default:
		err = c.errNode(n, "unexpected YAML node")
	}
	if err != nil {
		return err
	}
	ctx := c.ctxMin < depth
	if c.ctxMin < saved {
		saved = c.ctxMin
	}
	c.ctxMin = saved
	if n.Anchor != "" && c.replay == 0 {
		def := &anchorDef{node: n, name: n.Anchor, depth: depth, ctx: ctx}
		c.anchors[n.Anchor] = def
		c.anchorOf[n] = def
	}
	return nil
}

// nodeSize counts the nodes an alias of n copies.
func (c *compiler) nodeSize(n *yaml.Node) int {
	if s, ok := c.size[n]; ok {
		return s
	}
	c.size[n] = 1 << 30 // a cycle counts as too big
	s := 1
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		s = c.nodeSize(n.Alias)
	}
	for _, k := range n.Content {
		s += c.nodeSize(k)
		if s > maxAliasNodes {
			s = maxAliasNodes + 1
			break
		}
	}
	c.size[n] = s
	return s
}

// copyNode writes the code of an anchored node again, for an alias or an
// anchor read as a variable.
func (c *compiler) copyNode(at *yaml.Node, def *anchorDef, what string) error {
	if c.inProgress[def.node] {
		return c.errNode(at, "%s refers to the node that holds it", what)
	}
	if def.ctx {
		return c.errNode(at, "%s copies a node whose expressions read local keys, parameters or self around it, which the copy cannot see", what)
	}
	c.expanded += c.nodeSize(def.node)
	if c.expanded > maxAliasNodes {
		return c.errNode(at, "aliases expand to more than %d nodes; alias bombs are refused", maxAliasNodes)
	}
	c.replay++
	c.flat++
	c.w("(")
	err := c.node(def.node)
	c.w(")")
	c.flat--
	c.replay--
	return err
}

func (c *compiler) alias(n *yaml.Node) error {
	c.at(n.Line)
	def := c.anchorOf[n.Alias]
	if n.Alias == nil || def == nil {
		if n.Alias != nil && c.inProgress[n.Alias] {
			return c.errNode(n, "alias *%s refers to the node that holds it", n.Value)
		}
		return c.errNode(n, "alias *%s has no anchor &%s defined before it", n.Value, n.Value)
	}
	return c.copyNode(n, def, "alias *"+n.Value)
}

func (c *compiler) sequence(n *yaml.Node) error {
	c.at(n.Line)
	if t := n.Tag; n.Style&yaml.TaggedStyle != 0 && t != "!!seq" {
		return c.errNode(n, "unsupported tag %s on a sequence", t)
	}
	if c.fast && !c.dirty[n] && len(n.Content) > 0 {
		return c.parseJSON(n)
	}
	if len(n.Content) == 0 {
		c.w("[]")
		return nil
	}
	c.w("[")
	c.nl()
	for _, e := range n.Content {
		if err := c.node(e); err != nil {
			return err
		}
		c.w(",")
		c.nl()
	}
	c.w("]")
	return nil
}

// parseJSON writes a plain subtree as std.parseJson('…'): much faster to
// evaluate than an object literal. The code sits on the subtree's first
// line; the lines after it are padding (plain data has no runtime errors).
func (c *compiler) parseJSON(n *yaml.Node) error {
	var j strings.Builder
	if err := c.writeJSON(&j, n); err != nil {
		return err
	}
	c.w("std.parseJson(")
	writeJsonnetSingle(&c.b, j.String())
	c.w(")")
	return nil
}

// writeJSON writes a plain subtree as JSON.
func (c *compiler) writeJSON(b *strings.Builder, n *yaml.Node) error {
	switch n.Kind {
	case yaml.ScalarNode:
		lit, err := c.plainScalar(n)
		if err != nil {
			return err
		}
		b.WriteString(lit)
	case yaml.SequenceNode:
		b.WriteByte('[')
		for i, e := range n.Content {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := c.writeJSON(b, e); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case yaml.MappingNode:
		seen := make(map[string]int, len(n.Content)/2)
		b.WriteByte('{')
		for i := 0; i < len(n.Content); i += 2 {
			k := n.Content[i]
			if line, dup := seen[k.Value]; dup {
				return c.errNode(k, "duplicate key %q in one mapping (first at line %d)", k.Value, line)
			}
			seen[k.Value] = k.Line
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSONString(b, k.Value)
			b.WriteByte(':')
			if err := c.writeJSON(b, n.Content[i+1]); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	default:
		return c.errNode(n, "unexpected YAML node")
	}
	return nil
}
