package kubecfg

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/kubecfg/ursonnet"
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
// in eval's -e) against the file at u, on the session's VM. It takes over
// the VM's std.trace output while it runs, and gives it back to standard
// error, go-jsonnet's default.
func (s *Session) TraceExpr(u, expr string) (*Trace, error) {
	if expr == "" {
		expr = "$"
	}
	if mentions(expr, "kubecfg") {
		expr = "(" + predefineKubecfg("-e", expr) + ")"
	}
	defer s.vm.SetTraceOut(os.Stderr)
	roots, err := ursonnet.Roots(s.vm, u, expr)
	if err != nil {
		return nil, s.errs.asData(err)
	}
	return &Trace{Roots: roots}, nil
}

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
	u := s.cfg.inputURL(opts.Input)
	if evalKind(opts.Input) == inYAKL {
		u = importer.YAKLScheme + u
	}
	return s.TraceExpr(u, opts.Expr)
}

// TracebackTarget is what traceback traces for one line of a show
// --show-provenance output: the input the line's object came from and the
// field path of the line below the object's path.
type TracebackTarget struct {
	File string // kubecfg.github.com/provenance-file
	Path string // kubecfg.github.com/provenance-path + the line's path
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

// FindTracebackTarget finds what traceback traces for line of src, a show
// --show-provenance output, as kubecfg does (its yamloc.LineToPath), and
// past it: the line may be in any document of the stream, not only the
// first, and a sequence's scalar items match only their own line.
func FindTracebackTarget(src []byte, line int) (TracebackTarget, error) {
	dec := yaml.NewDecoder(bytes.NewReader(src))
	for {
		var doc yaml.Node
		if err := dec.Decode(&doc); err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			return TracebackTarget{}, err
		}
		p, found, err := linePath(line, "$", &doc)
		if err != nil {
			return TracebackTarget{}, err
		}
		if found {
			return targetOf(&doc, p)
		}
	}
	return TracebackTarget{}, fmt.Errorf("didn't find AST node for line %d", line)
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
func linePath(line int, acc string, n *yaml.Node) (string, bool, error) {
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) != 1 {
			return "", false, nil
		}
		return linePath(line, acc, n.Content[0])
	case yaml.SequenceNode:
		for i, c := range n.Content {
			if p, found, err := linePath(line, acc+"["+strconv.Itoa(i)+"]", c); found || err != nil {
				return p, found, err
			}
		}
		return "", false, nil
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			p := acc + pathAccessor(k.Value)
			if k.Line == line {
				return p, true, nil
			}
			if v.Kind != yaml.ScalarNode {
				if p, found, err := linePath(line, p, v); found || err != nil {
					return p, found, err
				}
			}
		}
		return "", false, nil
	case yaml.ScalarNode:
		return acc, n.Line == line, nil
	case yaml.AliasNode:
		return "", false, nil
	}
	return "", false, fmt.Errorf("unhandled node kind %d", n.Kind)
}
