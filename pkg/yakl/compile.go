package yakl

import (
	"bytes"
	"errors"
	"strings"

	"github.com/kubecfg/kubecfg/internal/predefine"
	"github.com/kubecfg/kubecfg/pkg/yakl/internal/syntax"

	yaml "sigs.k8s.io/yaml/goyaml.v3"
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

// compiler writes the Jsonnet of one parsed file.
type compiler struct {
	emitter
	file  string
	syn   *syntax.Stream
	fast  bool // plain subtrees as std.parseJson
	dirty map[*yaml.Node]bool

	scopes  scopes
	anchors anchorTable
	cursor  exprCursor // exprPos's place in the scalar it is placing

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
	syn, err := syntax.Parse(src)
	if err != nil {
		var se *syntax.Error
		if errors.As(err, &se) {
			return "", false, errorf(filename, se.Line, se.Column, "%s", se.Msg)
		}
		return "", false, err
	}
	c := &compiler{file: filename, syn: syn, fast: opts.fast, sepLocals: opts.sepLocals, declared: map[string]bool{}}
	c.pretty = pretty
	c.line = 1
	c.maxLine = 1 + bytes.Count(src, []byte("\n"))
	docs := syn.Docs
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
