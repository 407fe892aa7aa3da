package kubecfg

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	yaml "sigs.k8s.io/yaml/goyaml.v3"

	"github.com/kubecfg/kubecfg/internal/importer"
)

// Trace is the causal trace of eval --trace and traceback: the source
// lines whose fields feed the value of an expression evaluated against a
// file, computed as kubecfg computes it, by github.com/kubecfg/ursonnet
// (every field body wrapped in std.trace; the lines that fire collected,
// deduplicated, latest first). Roots are its places as "URL:LINE " (with
// kubecfg's trailing space).
type Trace struct {
	Roots []string
}

// TraceExpr traces expr (kubecfg predefined in it where it reads it, as
// in eval's -e) against the file at u. It runs on a fresh VM of the
// session's configuration, never on the session's own: ursonnet rewrites
// the ASTs the VM has cached for the files it imports (every field body
// wrapped in std.trace), which would slow and trace every later
// evaluation, and wrap them again in a later trace.
func (s *Session) TraceExpr(u, expr string) (*Trace, error) {
	return s.trace(u, expr, false)
}

// TraceCollection traces the field at path (from $) of the file at u whose
// value is an object or an array, as a line of its own: the lines that
// make the field, not those inside its value. ursonnet traces a field by
// wrapping its body in std.trace, except a body that is an object
// literal, and tracing the path manifests the whole value: a line that
// held an object listed the lines inside it, never its own. Here the
// value is only evaluated (std.type of it), and on this trace's own VM every
// object literal that is a field's body is put inside a local with no
// bindings (the same value), which ursonnet then wraps.
func (s *Session) TraceCollection(u, path string) (*Trace, error) {
	return s.trace(u, path, true)
}

// trace is TraceExpr, or with collection TraceCollection.
func (s *Session) trace(u, expr string, collection bool) (*Trace, error) {
	s.traces++
	if expr == "" {
		expr = "$"
	}
	if mentions(expr, "kubecfg") {
		expr = "(" + predefineKubecfg("-e", expr) + ")"
	}
	t, err := s.cfg.NewSession()
	if err != nil {
		return nil, err
	}
	if collection {
		if err := traceObjectFields(t.vm, u); err != nil {
			return nil, t.errs.asData(err)
		}
	}
	file := u
	if rest, ok := strings.CutPrefix(expr, "$["); ok && rest != "" && '0' <= rest[0] && rest[0] <= '9' {
		// A path into a top-level array ($[1], a provenance path):
		// ursonnet evaluates EXPR in (import FILE) + {...}, which fails
		// for an array, so FILE is an object without fields of its own
		// to trace (the built-in library) and EXPR imports the array.
		file, expr = "internal:///kubecfg.libsonnet", "(import "+jsonnetString(u)+")["+rest
	}
	if collection {
		// Through a local: ursonnet finds no import in std.type's argument.
		expr = "(local value = " + expr + "; std.type(value))"
	}
	roots, err := traceRoots(t.vm, file, expr)
	if errors.Is(err, ErrNoTrace) {
		return nil, err
	}
	if err != nil {
		return nil, t.errs.asData(err)
	}
	return &Trace{Roots: roots}, nil
}

// jsonnetString is s as a Jsonnet string literal.
func jsonnetString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// ErrNoTrace is TraceExpr's error in an engine built without the causal
// trace (the browser's core engine): the page runs the request again on
// the full engine.
var ErrNoTrace = errors.New("the causal trace is not in this engine (built without it); the full engine has it")

// ErrNoReorder is show --reorder=client's error in an engine built without
// the built-in kinds (the browser's core engine): the page runs the
// request again on the full engine.
var ErrNoReorder = errors.New("--reorder=client is not in this engine; the full engine has it")

// Lines are the trace as kubecfg prints it: one place a line, only
// file:// places unless all, the scheme removed. A compiled .yakl file's
// places are its own lines, so they count as file:// places.
func (t *Trace) Lines(all bool) []string {
	var out []string
	for _, r := range t.Roots {
		r = strings.TrimPrefix(r, importer.YAKLScheme)
		if all || strings.HasPrefix(r, "file://") {
			out = append(out, strings.TrimPrefix(r, "file://"))
		}
	}
	return out
}

// Text is Lines, each ended by a newline.
func (t *Trace) Text(all bool) string {
	var b strings.Builder
	for _, l := range t.Lines(all) {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}

// EvalTrace is eval --trace: the trace of EXPR against eval's input file.
func (s *Session) EvalTrace(opts EvalOptions) (*Trace, error) {
	if opts.Input == "" {
		return nil, fmt.Errorf("--trace traces an input file, not --exec code")
	}
	return s.TraceInput(opts.Input, opts.Expr)
}

// TraceInput traces expr against an input as given (a path from the
// current directory, or a URL).
func (s *Session) TraceInput(input, expr string) (*Trace, error) {
	u := s.cfg.inputURL(input)
	if evalKind(input) == inYAKL {
		u = importer.YAKLScheme + u
	}
	return s.TraceExpr(u, expr)
}

// OutputLine is a line of a YAML or JSON stream (show's or eval's output)
// located: the document it is in, and the field path of the line in that
// document's value ($ for the value itself).
type OutputLine struct {
	Doc  int    // 0-based
	Line int    // 1-based
	Path string // $, $.spec.replicas, $.spec.containers[0].name
	// Collection: the line's field holds a mapping or a sequence (the
	// line is "spec:"), not a scalar.
	Collection bool
	node       *yaml.Node
}

// LocateLine finds line (1-based) of src, a YAML stream (JSON documents
// are YAML too), as kubecfg's yamloc.LineToPath does, and past it: the
// line may be in any document, and a sequence's scalar items match only
// their own line.
func LocateLine(src []byte, line int) (OutputLine, error) {
	dec := yaml.NewDecoder(bytes.NewReader(src))
	for i := 0; ; i++ {
		var doc yaml.Node
		if err := dec.Decode(&doc); err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			return OutputLine{}, err
		}
		p, coll, found, err := linePath(line, "$", &doc)
		if err != nil {
			return OutputLine{}, err
		}
		if found {
			return OutputLine{Doc: i, Line: line, Path: p, Collection: coll, node: &doc}, nil
		}
	}
	return OutputLine{}, fmt.Errorf("didn't find AST node for line %d", line)
}

// TracebackTarget is what traceback traces for one line of a show
// --show-provenance output: the input the line's object came from and the
// field path of the line below the object's path.
type TracebackTarget struct {
	File string // kubecfg.github.com/provenance-file
	Path string // kubecfg.github.com/provenance-path + the line's path
	// Collection: the line's field holds an object or an array; trace it
	// with TraceCollection.
	Collection bool
}

// ParseTracebackArg splits traceback's FILE.yaml:LINE argument.
func ParseTracebackArg(arg string) (file string, line int, err error) {
	file, loc, found := strings.Cut(arg, ":")
	if !found {
		return "", 0, errors.New("argument must be <filename.yaml>:<linenumber>")
	}
	line, err = strconv.Atoi(loc)
	return file, line, err
}

// ValueLines lists the lines of src (a YAML stream) that LocateLine finds
// a value on: each mapping key's line and each scalar sequence item's,
// once per line, in order.
func ValueLines(src []byte) ([]OutputLine, error) {
	var out []OutputLine
	seen := map[int]bool{}
	dec := yaml.NewDecoder(bytes.NewReader(src))
	for i := 0; ; i++ {
		var doc yaml.Node
		if err := dec.Decode(&doc); err != nil {
			if errors.Is(err, io.EOF) {
				return out, nil
			}
			return nil, err
		}
		var visit func(acc string, n *yaml.Node)
		visit = func(acc string, n *yaml.Node) {
			add := func(line int, p string) {
				if !seen[line] {
					seen[line] = true
					out = append(out, OutputLine{Doc: i, Line: line, Path: p})
				}
			}
			switch n.Kind {
			case yaml.DocumentNode:
				if len(n.Content) == 1 {
					visit(acc, n.Content[0])
				}
			case yaml.SequenceNode:
				for j, c := range n.Content {
					p := acc + "[" + strconv.Itoa(j) + "]"
					if c.Kind == yaml.ScalarNode {
						add(c.Line, p)
					}
					visit(p, c)
				}
			case yaml.MappingNode:
				for j := 0; j+1 < len(n.Content); j += 2 {
					p := acc + pathAccessor(n.Content[j].Value)
					add(n.Content[j].Line, p)
					visit(p, n.Content[j+1])
				}
			}
		}
		visit("$", &doc)
	}
}

// FindTracebackTarget finds what traceback traces for line of src, a show
// --show-provenance output (LocateLine, and the provenance annotations of
// the line's document).
func FindTracebackTarget(src []byte, line int) (TracebackTarget, error) {
	l, err := LocateLine(src, line)
	if err != nil {
		return TracebackTarget{}, err
	}
	t, err := targetOf(l.node, l.Path)
	t.Collection = l.Collection
	return t, err
}

// targetOf reads the provenance annotations of doc and appends p to its
// path.
func targetOf(doc *yaml.Node, p string) (TracebackTarget, error) {
	var res struct {
		Metadata struct {
			Annotations map[string]string `yaml:"annotations"`
		} `yaml:"metadata"`
	}
	if err := doc.Decode(&res); err != nil {
		return TracebackTarget{}, err
	}
	// Both of kubecfg's errors name the file annotation.
	missing := fmt.Errorf("provenance annotation %q not found in target yaml file", AnnotationProvenanceFile)
	file, ok := res.Metadata.Annotations[AnnotationProvenanceFile]
	if !ok {
		return TracebackTarget{}, missing
	}
	path, ok := res.Metadata.Annotations[AnnotationProvenancePath]
	if !ok {
		return TracebackTarget{}, missing
	}
	return TracebackTarget{File: file, Path: path + strings.TrimPrefix(p, "$")}, nil
}

// linePath finds the field path of the node on line under n (at path
// acc): a mapping key on the line names its field (kubecfg writes .key
// whatever the key; a key that is not an identifier is written ["key"]
// here, so that the path evaluates), a sequence item its index.
func linePath(line int, acc string, n *yaml.Node) (path string, collection, found bool, err error) {
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) != 1 {
			return "", false, false, nil
		}
		return linePath(line, acc, n.Content[0])
	case yaml.SequenceNode:
		for i, c := range n.Content {
			if p, coll, found, err := linePath(line, acc+"["+strconv.Itoa(i)+"]", c); found || err != nil {
				return p, coll, found, err
			}
		}
		return "", false, false, nil
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			p := acc + pathAccessor(k.Value)
			if k.Line == line {
				coll := (v.Kind == yaml.MappingNode || v.Kind == yaml.SequenceNode) && v.Line != k.Line
				return p, coll, true, nil
			}
			if v.Kind != yaml.ScalarNode {
				if p, coll, found, err := linePath(line, p, v); found || err != nil {
					return p, coll, found, err
				}
			}
		}
		return "", false, false, nil
	case yaml.ScalarNode:
		return acc, false, n.Line == line, nil
	case yaml.AliasNode:
		return "", false, false, nil
	}
	return "", false, false, fmt.Errorf("unhandled node kind %d", n.Kind)
}
