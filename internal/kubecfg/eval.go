package kubecfg

import (
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/internal/lex"
	"github.com/kubecfg/kubecfg/internal/predefine"
	"github.com/kubecfg/kubecfg/pkg/features"
	"github.com/kubecfg/kubecfg/pkg/yakl"
)

// EvalOptions are the arguments and flags of eval.
type EvalOptions struct {
	Input    string // the file, as typed
	Exec     string // --exec, instead of a file
	Overlay  Overlay
	Expr     string // -e; "" means $
	ShowKeys bool   // -k
	Format   string // "yaml", "json" or "jsonnet"
}

// evalKind is how eval imports its input: a .yakl file compiled, any
// other imported as Jsonnet, whatever its extension (as kubecfg's eval
// does: only show refuses unknown extensions).
func evalKind(input string) inputKind {
	if path.Ext(input) == ".yakl" {
		return inYAKL
	}
	return inJsonnet
}

// ExprField is the hidden field eval's wrapper evaluates EXPR in.
const ExprField = "Z____expr__Z_"

// EvalSnippet returns the code eval evaluates and its name: EXPR in a
// hidden field of the input's value, so $ is that value, called with the
// top-level arguments when there are any. Evaluation predefines kubecfg in
// the whole snippet (RFC06), so a top-level argument named kubecfg wins.
func (c *Config) EvalSnippet(opts EvalOptions) (name, code string, err error) {
	expr := opts.Expr
	if expr == "" {
		expr = "$"
	}
	var base string
	switch {
	case opts.Exec != "" && opts.Input != "":
		return "", "", fmt.Errorf("eval takes one input file or --exec, not both")
	case opts.Exec != "":
		name, base = c.cwdURL(), "("+opts.Exec+")"
	case opts.Input == "":
		return "", "", fmt.Errorf("eval needs an input file or --exec")
	default:
		if err := c.GateInput(opts.Input); err != nil {
			return "", "", err
		}
		name, base = opts.Input, c.importExpr(opts.Input, evalKind(opts.Input))
	}
	if !opts.Overlay.empty() {
		if err := c.Gates.Require(features.Overlay); err != nil {
			return "", "", err
		}
		base = "(" + base + ") + (" + c.overlayCode(opts.Overlay) + ")"
	}
	if tla := c.TLANames(); len(tla) > 0 {
		pairs := make([]string, len(tla))
		for i, n := range tla {
			pairs[i] = n + "=" + n
		}
		code = fmt.Sprintf("function(%s) ((%s)(%s) { %s:: %s}).%s",
			strings.Join(tla, ","), base, strings.Join(pairs, ","), ExprField, expr, ExprField)
	} else {
		code = fmt.Sprintf("((%s) { %s:: %s}).%s", base, ExprField, expr, ExprField)
	}
	if opts.ShowKeys {
		code = "std.objectFields(" + code + ")"
	}
	return name, code, nil
}

// Eval evaluates EXPR against the input and prints the result: "json" as
// go-jsonnet prints it, "yaml" as go-yaml v2 does, each with a trailing
// newline; "jsonnet" prints the desugared Jsonnet of a .yakl input.
func (c *Config) Eval(opts EvalOptions) (string, error) {
	s, err := c.NewSession()
	if err != nil {
		return "", err
	}
	return s.Eval(opts)
}

// checkInputDepth refuses eval's input when it nests deeper than
// lex.MaxDepth. eval imports it whatever its extension, and the import
// checks only the extensions it knows to be code (importer.IsCode); any
// other input is read as an input (ReadInput checks it) first. A file that
// cannot be read is left to the evaluation, which says so in kubecfg's
// words.
func (s *Session) checkInputDepth(input string) error {
	u := s.cfg.inputURL(input)
	if input == "" || evalKind(input) == inYAKL || importer.IsCode(u) {
		return nil
	}
	_, _, err := s.imp.ReadInput(u)
	var ne *importer.NestingError
	if errors.As(err, &ne) {
		return err
	}
	return nil
}

// Eval is Config.Eval on the session's VM: files it imported before are
// not evaluated again.
func (s *Session) Eval(opts EvalOptions) (string, error) {
	c := s.cfg
	if err := c.Gates.Require(features.Eval); err != nil {
		return "", err
	}
	switch opts.Format {
	case "json", "yaml":
	case "jsonnet":
		return c.desugar(opts)
	default:
		return "", fmt.Errorf("unsupported format %q", opts.Format)
	}
	if err := s.checkInputDepth(opts.Input); err != nil {
		return "", err
	}
	if out, ok := s.fastEval(opts); ok {
		return formatEval(out, opts.Format)
	}
	name, code, err := c.EvalSnippet(opts)
	if err != nil {
		return "", err
	}
	out, err := s.evaluate(name, code)
	if err != nil {
		return "", exprError(err, name, code, opts.Expr)
	}
	return formatEval(out, opts.Format)
}

// ExprError is an error of eval's wrapper (EvalSnippet's code) that knows
// where -e's expression sits in it, so that a place go-jsonnet gives in
// the wrapper can be given in the expression's own text (ExprPlace). Its
// text and everything it wraps are the error's, unchanged.
type ExprError struct {
	Err    error
	Name   string // the wrapper's name, as go-jsonnet's places give it
	code   string // the wrapper, as EvalSnippet returns it
	start  int    // the byte offset of the expression in code
	end    int
	prefix int // the bytes predefine put in front of line 1
}

func (e *ExprError) Error() string { return e.Err.Error() }
func (e *ExprError) Unwrap() error { return e.Err }

// exprError wraps err when the wrapper holds -e's expression.
func exprError(err error, name, code, expr string) error {
	if expr == "" {
		return err
	}
	at := strings.Index(code, ExprField+":: "+expr+"}")
	if at < 0 {
		return err
	}
	start := at + len(ExprField) + len(":: ")
	prefix := len(predefineKubecfg(name, code)) - len(code)
	return &ExprError{Err: err, Name: name, code: code, start: start, end: start + len(expr), prefix: prefix}
}

// ExprPlace maps a place in the wrapper (go-jsonnet's 1-based line and
// column, the column counted in bytes as go-jsonnet counts it; predefined
// says the place is in the code as evaluated, with predefine's line in
// front of it) to the same place in the expression's text, when it lies
// inside the expression; an end column may be one past its last byte.
func (e *ExprError) ExprPlace(line, col int, predefined bool) (int, int, bool) {
	if predefined && line == 1 {
		col -= e.prefix
	}
	off, ok := offsetOf(e.code, line, col)
	if !ok || off < e.start || off > e.end {
		return 0, 0, false
	}
	expr := e.code[e.start:off]
	l := 1 + strings.Count(expr, "\n")
	return l, 1 + len(expr) - (strings.LastIndex(expr, "\n") + 1), true
}

// ExprEnd is the place one past the expression's last character, in its
// own text.
func (e *ExprError) ExprEnd() (int, int, bool) {
	expr := e.code[e.start:e.end]
	return 1 + strings.Count(expr, "\n"), 1 + len(expr) - (strings.LastIndex(expr, "\n") + 1), true
}

// offsetOf is the byte offset of a 1-based line and column (in bytes)
// in text; the column may be one past the line's last byte.
func offsetOf(text string, line, col int) (int, bool) {
	if line < 1 || col < 1 {
		return 0, false
	}
	off := 0
	for ; line > 1; line-- {
		i := strings.IndexByte(text[off:], '\n')
		if i < 0 {
			return 0, false
		}
		off += i + 1
	}
	end := strings.IndexByte(text[off:], '\n')
	if end < 0 {
		end = len(text) - off
	}
	if col-1 > end {
		return 0, false
	}
	return off + col - 1, true
}

func formatEval(out, format string) (string, error) {
	if format == "json" {
		return out + "\n", nil
	}
	var v any
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		return "", err
	}
	b, err := marshalYAML(v)
	if err != nil {
		return "", err
	}
	return string(b) + "\n", nil
}

// desugar prints the readable Jsonnet of a .yakl input (eval -o jsonnet).
func (c *Config) desugar(opts EvalOptions) (string, error) {
	if path.Ext(opts.Input) != ".yakl" {
		return "", fmt.Errorf("-o jsonnet prints the compiled Jsonnet of a .yakl input, and %q is not one", opts.Input)
	}
	if opts.Expr != "" || opts.ShowKeys || !opts.Overlay.empty() {
		return "", fmt.Errorf("-o jsonnet prints the whole compiled file: it takes no -e, -k or overlay")
	}
	if err := c.GateInput(opts.Input); err != nil {
		return "", err
	}
	src, err := c.readFile(opts.Input)
	if err != nil {
		return "", fmt.Errorf("error reading %s: %w", opts.Input, err)
	}
	return yakl.Desugar(c.fileURL(opts.Input), src)
}

// predefineKubecfg puts RFC06's line in front of code that reads kubecfg freely.
// Code without the identifier (outside strings and comments) is returned
// at once, without parsing it.
func predefineKubecfg(name, code string) string {
	if !mentions(code, "kubecfg") {
		return code
	}
	return predefine.Kubecfg(name, code)
}

// mentions reports whether code has the identifier word outside strings
// and comments.
func mentions(code, word string) bool {
	if !strings.Contains(code, word) {
		return false
	}
	s := codeOnly(code)
	for i := strings.Index(s, word); i >= 0; {
		end := i + len(word)
		if (i == 0 || !identByte(s[i-1])) && (end == len(s) || !identByte(s[end])) {
			return true
		}
		j := strings.Index(s[end:], word)
		if j < 0 {
			break
		}
		i = end + j
	}
	return false
}

// codeOnly is code without its strings and comments, each replaced by one
// space (it separated tokens).
func codeOnly(code string) string {
	var b strings.Builder
	b.Grow(len(code))
	next := 0
	lex.Code(code, func(i int) bool {
		if i != next {
			b.WriteByte(' ')
		}
		b.WriteByte(code[i])
		next = i + 1
		return true
	})
	return b.String()
}

func identByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
