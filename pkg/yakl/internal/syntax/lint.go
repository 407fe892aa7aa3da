package syntax

import (
	"bytes"
	"strings"

	yaml "sigs.k8s.io/yaml/goyaml.v3"

	"github.com/kubecfg/kubecfg/internal/lazyre"
)

// After goyaml has parsed a stream, lint checks what goyaml lets through
// but YAML 1.2 forbids, and refuses the few valid constructs that goyaml
// misreads (docs/yakl.md, "Limits"), so that a stream never silently gets a
// different value. It also marks scalars with the non-specific tag "!",
// which goyaml drops, as strings.

var (
	reYAMLDirective = lazyre.New(`^%YAML[ \t]+[0-9]+\.[0-9]+(?:[ \t]+#.*)?[ \t]*$`)
	reHeaderComment = lazyre.New(`(?:^[ \t]*|:[ \t]+|(?:^|[ \t])[-?][ \t]+|^---[ \t]+)[|>][-+0-9]*#`)
)

type linter struct {
	src    []byte
	starts []int // byte offset of each line
}

func (s *Stream) lint() error {
	l := &linter{src: s.Src, starts: s.Starts}
	if err := l.lines(); err != nil {
		return err
	}
	for _, d := range s.Docs {
		if err := l.node(d, false); err != nil {
			return err
		}
		if err := l.continuations(d); err != nil {
			return err
		}
	}
	return nil
}

// continuations checks that the lines a flow collection or a quoted scalar
// continues on, inside a block collection, are indented more than the
// block (a closing bracket may sit at the block's indentation, as goyaml
// and most YAML tools accept).
func (l *linter) continuations(n *yaml.Node) error {
	block := (n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode) && n.Style&yaml.FlowStyle == 0
	for i, k := range n.Content {
		if block && (n.Kind == yaml.SequenceNode || i%2 == 1) {
			if err := l.continuation(k, n.Column-1); err != nil {
				return err
			}
		}
		if err := l.continuations(k); err != nil {
			return err
		}
	}
	return nil
}

func (l *linter) continuation(v *yaml.Node, indent int) error {
	o := l.off(v.Line, v.Column)
	if o < 0 {
		return nil
	}
	var end int
	switch c := l.src[o]; {
	case (c == '[' || c == '{') && v.Style&yaml.FlowStyle != 0:
		end = flowEnd(l.src, o)
	case (c == '"' || c == '\'') && v.Kind == yaml.ScalarNode:
		end = quoteEnd(l.src, o)
	default:
		return nil
	}
	for line := v.Line + 1; line <= len(l.starts) && l.starts[line-1] < end; line++ {
		start := l.starts[line-1]
		j := start
		for j < end && l.src[j] == ' ' {
			j++
		}
		k := j
		for k < end && (l.src[k] == '\t' || l.src[k] == ' ') {
			k++
		}
		if k >= end || l.src[k] == '\n' || l.src[k] == '\r' || l.src[k] == ']' || l.src[k] == '}' {
			continue
		}
		if j-start <= indent {
			return errAt(line, j-start+1, "this line continues a flow collection or quoted scalar and must be indented more than its block")
		}
	}
	return nil
}

// flowEnd is the offset after the bracket that closes the flow collection
// at src[o], outside quotes and comments.
func flowEnd(src []byte, o int) int {
	depth := 0
	for i := o; i < len(src); i++ {
		switch c := src[i]; {
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			depth--
			if depth == 0 {
				return i + 1
			}
		case (c == '"' || c == '\'') && i > 0 && strings.IndexByte(" \t\n[{,:", src[i-1]) >= 0:
			i = quoteEnd(src, i) - 1
		case c == '#' && (src[i-1] == ' ' || src[i-1] == '\t' || src[i-1] == '\n'):
			for i < len(src) && src[i] != '\n' {
				i++
			}
		}
	}
	return len(src)
}

// quoteEnd is the offset after the quote that closes the quoted scalar at
// src[o].
func quoteEnd(src []byte, o int) int {
	q := src[o]
	for i := o + 1; i < len(src); i++ {
		switch {
		case q == '"' && src[i] == '\\':
			i++
		case src[i] == q:
			if q == '\'' && i+1 < len(src) && src[i+1] == '\'' {
				i++
				continue
			}
			return i + 1
		}
	}
	return len(src)
}

// off is the byte offset of a line and column, or -1.
func (l *linter) off(line, col int) int {
	if line < 1 || line > len(l.starts) {
		return -1
	}
	o := l.starts[line-1] + col - 1
	if o < 0 || o >= len(l.src) {
		return -1
	}
	return o
}

// lines checks directives and comments that lack the whitespace before #.
func (l *linter) lines() error {
	blockIndent := -1
	var stack []byte
	for i, full := range strings.SplitAfter(string(l.src), "\n") {
		line := strings.TrimRight(full, "\r\n")
		trimmed := strings.TrimLeft(line, " \t")
		indent := len(line) - len(strings.TrimLeft(line, " "))
		if blockIndent >= 0 {
			if trimmed == "" || indent > blockIndent {
				continue
			}
			blockIndent = -1
		}
		if strings.HasPrefix(line, "%YAML") && !reYAMLDirective().MatchString(line) {
			return errAt(i+1, 1, "malformed %%YAML directive")
		}
		if strings.HasPrefix(trimmed, "#") || strings.HasPrefix(line, "%") {
			continue
		}
		hash := strings.IndexByte(line, '#') >= 0
		block := strings.ContainsAny(line, "|>")
		if hash && block {
			if m := reHeaderComment().FindStringIndex(line); m != nil && !strings.ContainsAny(line[:m[0]], "\"'#") {
				return errAt(i+1, m[1], "a comment needs whitespace before its #")
			}
		}
		if hash {
			if col, bad := badComment(line, stack); bad {
				return errAt(i+1, col, "a comment needs whitespace before its #")
			}
		}
		if len(stack) > 0 || strings.ContainsAny(line, "[]{}") {
			stack = flowScan(line, stack)
		}
		if block && reBlockHdr().MatchString(stripComment(line)) {
			blockIndent = indent
		}
	}
	return nil
}

// badComment finds a # right after a closing quote, or after ] } or , in a
// flow collection.
func badComment(line string, stack []byte) (int, bool) {
	var q byte
	depth := len(stack)
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case q != 0:
			if c == '\\' && q == '"' {
				i++
				continue
			}
			if c == q {
				if q == '\'' && i+1 < len(line) && line[i+1] == '\'' {
					i++
					continue
				}
				q = 0
				if i+1 < len(line) && line[i+1] == '#' {
					return i + 2, true
				}
			}
		case c == '"' || c == '\'':
			if i == 0 || strings.IndexByte(" \t[{,:-?", line[i-1]) >= 0 {
				q = c
			}
		case c == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t'):
			return 0, false
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}' || c == ',':
			if depth > 0 && i+1 < len(line) && line[i+1] == '#' {
				return i + 2, true
			}
			if c != ',' && depth > 0 {
				depth--
			}
		}
	}
	return 0, false
}

const yamlEscapes = "0abt\tnvfre \"/\\N_LPxuU\n\r"

func (l *linter) node(n *yaml.Node, flow bool) error {
	o := l.off(n.Line, n.Column)
	if n.Anchor != "" && o >= 0 && l.src[o] == '&' {
		end := o + 1 + len(n.Anchor)
		if end < len(l.src) && !bytes.ContainsAny(l.src[end:end+1], " \t\r\n,[]{}") {
			return errNode(n, "anchor names that hold %q are not supported (goyaml misreads them); rename the anchor", l.src[end:end+1])
		}
	}
	if n.Kind == yaml.ScalarNode {
		if err := l.scalar(n, o, flow); err != nil {
			return err
		}
	}
	inFlow := flow || n.Style&yaml.FlowStyle != 0
	for _, k := range n.Content {
		if err := l.node(k, inFlow); err != nil {
			return err
		}
	}
	return nil
}

func (l *linter) scalar(n *yaml.Node, o int, flow bool) error {
	style := n.Style &^ yaml.TaggedStyle
	switch {
	case style == 0 && o >= 0 && l.src[o] == '!' && n.Style&yaml.TaggedStyle == 0:
		// "! text": the non-specific tag makes a plain scalar a string.
		n.Style |= yaml.TaggedStyle
		n.Tag = "!!str"
	case style == 0 && (n.Value == "-" || strings.HasPrefix(n.Value, "- ")) && n.Tag != "!!null":
		return errNode(n, "a plain scalar cannot start with \"- \"; quote it")
	case style == 0 && flow && o > 0 && l.src[o-1] == '?' && o >= 0 && l.src[o] != '?':
		return errNode(n, "a flow scalar that starts with ? is not supported (goyaml misreads it); quote it")
	case style == yaml.DoubleQuotedStyle && o >= 0:
		for i := o + 1; i < len(l.src); i++ {
			switch l.src[i] {
			case '\\':
				if i+1 < len(l.src) && strings.IndexByte(yamlEscapes, l.src[i+1]) < 0 {
					line, col := lineCol(l.src, i)
					return errAt(line, col, "invalid escape \\%c in a double-quoted scalar", l.src[i+1])
				}
				i++
			case '"':
				return nil
			}
		}
	case style == yaml.LiteralStyle || style == yaml.FoldedStyle:
		return l.blockScalar(n)
	}
	return nil
}

// blockScalar refuses leading empty lines with more spaces than the first
// line (YAML forbids them, goyaml lets them through), and a last line of
// only spaces without a newline (goyaml drops it).
func (l *linter) blockScalar(n *yaml.Node) error {
	line := func(i int) string { // 0-based line i, without its line break
		end := len(l.src)
		if i+1 < len(l.starts) {
			end = l.starts[i+1]
		}
		return strings.TrimRight(string(l.src[l.starts[i]:end]), "\r\n")
	}
	endsFile := func(i int) bool { return i == len(l.starts)-1 && !bytes.HasSuffix(l.src, []byte("\n")) }
	indent := -1
	var blanks []int // leading lines of only spaces, before the first content
	for i := n.Line; i < len(l.starts); i++ {
		s := line(i)
		t := strings.TrimLeft(s, " ")
		if t != "" {
			if indent < 0 {
				indent = len(s) - len(t)
				for _, b := range blanks {
					if len(line(b)) > indent {
						return errAt(b+1, 1, "a leading empty line of a block scalar has more spaces than its first line")
					}
				}
			}
			if len(s)-len(t) < indent {
				return nil
			}
			continue
		}
		if indent < 0 {
			blanks = append(blanks, i)
		}
		if endsFile(i) && len(s) > 0 && (indent < 0 || len(s) > indent) {
			return errAt(i+1, 1, "a block scalar that ends the file with a line of only spaces is not supported (goyaml misreads it); end the file with a newline")
		}
	}
	return nil
}
