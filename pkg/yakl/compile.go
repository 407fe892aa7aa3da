package yakl

import (
	"bytes"
	"strings"

	"github.com/kubecfg/kubecfg/internal/lex"
	"github.com/kubecfg/kubecfg/internal/predefine"

	yaml "sigs.k8s.io/yaml/goyaml.v3"
)

// maxAliasSize bounds what aliases (and anchors read as variables) may
// copy in one file, counted as aliasNodeCost per node plus the bytes of its
// scalars: 200,000 nodes, or fewer nodes holding more text. Alias bombs
// (many aliases, or a few of a large anchor) are refused, not evaluated.
const (
	aliasNodeCost = 64
	maxAliasSize  = 200000 * aliasNodeCost
)

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
	id     int // unique in the file; 0 stands for "no frame"
	names  map[string]bool
	object bool // a YAML mapping: self and super refer to it
}

// outerRead is a name (or self) that code inside an anchored node reads
// from a scope around the node: the frame it resolved to, or 0.
type outerRead struct {
	name string // "" for self, super and $
	id   int
}

// collector gathers the outer reads of an anchored node being compiled.
type collector struct {
	depth int // len(frames) where the node sits
	reads []outerRead
}

// anchorDef is a node that carries &name.
type anchorDef struct {
	node  *yaml.Node
	name  string
	reads []outerRead
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
	starts     []int // byte offset of each source line (after lint)
	collectors []*collector
	frameIDs   int
	replay     int // >0 while copying a node for an alias

	sepLocals bool            // see options
	declared  map[string]bool // file locals declared so far (sepLocals)
	fwdRef    bool            // a file local read one declared after it
}

// push opens a scope.
func (c *compiler) push(names map[string]bool, object bool) {
	c.frameIDs++
	c.frames = append(c.frames, frame{id: c.frameIDs, names: names, object: object})
}

func (c *compiler) pop() { c.frames = c.frames[:len(c.frames)-1] }

// resolve finds the scope that a name read here comes from: the index and
// id of the nearest local-key or parameter frame, or -1 and 0 for the file
// level (file locals, anchors, predefined names).
func (c *compiler) resolve(name string) (int, int) {
	for i := len(c.frames) - 1; i >= 1; i-- {
		if c.frames[i].names[name] {
			return i, c.frames[i].id
		}
	}
	return -1, 0
}

// selfFrame is the innermost mapping's frame (index and id), or -1 and 0.
func (c *compiler) selfFrame() (int, int) {
	for i := len(c.frames) - 1; i >= 1; i-- {
		if c.frames[i].object {
			return i, c.frames[i].id
		}
	}
	return -1, 0
}

// noteRead records a read for every anchored node it reaches out of.
func (c *compiler) noteRead(name string, idx, id int) {
	for _, col := range c.collectors {
		if idx < col.depth {
			col.reads = append(col.reads, outerRead{name: name, id: id})
		}
	}
}

func (c *compiler) errAt(line, col int, format string, args ...any) error {
	return errorf(c.file, line, col, format, args...)
}

func (c *compiler) errNode(n *yaml.Node, format string, args ...any) error {
	return errorf(c.file, n.Line, n.Column, format, args...)
}

// recoverPanics turns an unexpected panic into an error; the fuzz tests
// turn it off to see the panic.
var recoverPanics = true

func compileFile(filename string, src []byte, pretty bool) (string, error) {
	if line, col, deep := lex.YAMLDepth(string(src), lex.MaxDepth); deep {
		return "", errorf(filename, line, col, "collections nested deeper than %d levels; refusing to parse", lex.MaxDepth)
	}
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
	info, aerr := predefine.Analyze(filename, code)
	if aerr != nil {
		l, col, msg := predefine.StaticMessage(aerr)
		return "", false, errorf(filename, l, col, "the compiled file does not parse: %s", msg)
	}
	if info.Reads("kubecfg") || info.Reads("yakl__kubecfg") {
		code = insertPredefine(code, len(comments), pretty)
	}
	return code, c.fwdRef, nil
}
