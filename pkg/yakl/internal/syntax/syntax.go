// Package syntax is YAKL's syntax layer: it reads a .yakl source as YAML
// nodes with goyaml, and is the only code that knows goyaml's quirks. A
// stream goyaml refuses is retried once with line-keeping repairs
// (repair.go); a stream goyaml reads is checked for what goyaml lets
// through but YAML 1.2 forbids, or misreads (lint.go). Every error is an
// *Error with the line and column it is about.
package syntax

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/kubecfg/kubecfg/internal/lazyre"
	"github.com/kubecfg/kubecfg/internal/lex"

	yaml "sigs.k8s.io/yaml/goyaml.v3"
)

// Error is a syntax error at a 1-based line and column of the source.
type Error struct {
	Line   int
	Column int
	Msg    string
}

// Error returns "LINE:COL: msg".
func (e *Error) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Column, e.Msg) }

func errAt(line, col int, format string, args ...any) *Error {
	return &Error{Line: max(line, 1), Column: max(col, 1), Msg: fmt.Sprintf(format, args...)}
}

func errNode(n *yaml.Node, format string, args ...any) *Error {
	return errAt(n.Line, n.Column, format, args...)
}

// Stream is a parsed YAKL source.
type Stream struct {
	// Docs are the stream's documents, as goyaml's document nodes.
	Docs []*yaml.Node
	// Src is the source that parsed: the input, or its repair, which has
	// the same lines. Node positions are positions in Src.
	Src []byte
	// Starts is the byte offset in Src of each line.
	Starts []int
}

// Parse reads src as a YAML stream. A source nested deeper than
// lex.MaxDepth is refused before goyaml sees it.
func Parse(src []byte) (*Stream, error) {
	if line, col, deep := lex.YAMLDepth(string(src), lex.MaxDepth); deep {
		return nil, errAt(line, col, "collections nested deeper than %d levels; refusing to parse", lex.MaxDepth)
	}
	docs, err := parseStream(src)
	fixed := src
	if err != nil {
		repaired, ok := repair(src)
		if !ok {
			return nil, yamlError(src, err)
		}
		if docs, err = parseStream(repaired); err != nil {
			return nil, yamlError(src, err) // the original error: the repair did not help
		}
		fixed = repaired
	}
	s := &Stream{Docs: docs, Src: fixed, Starts: lineStarts(fixed)}
	if err := s.lint(); err != nil {
		return nil, err
	}
	return s, nil
}

// Reads reports whether goyaml reads src as it is, without repair.
func Reads(src []byte) bool {
	_, err := parseStream(src)
	return err == nil
}

// LineCol is the line and column of a byte offset of Src, found by a
// binary search of Starts.
func (s *Stream) LineCol(off int) (int, int) {
	line := sort.SearchInts(s.Starts, off+1) // the first start after off
	return line, off - s.Starts[line-1] + 1
}

func lineStarts(src []byte) []int {
	starts := []int{0}
	for i, b := range src {
		if b == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

func lineCol(src []byte, off int) (int, int) {
	line := 1 + bytes.Count(src[:off], []byte("\n"))
	col := off - bytes.LastIndexByte(src[:off], '\n')
	return line, col
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

// parserProblems are the errors of goyaml's parser (parserc.go), whose
// line goyaml prints 0-based; the scanner's (scannerc.go) it prints
// 1-based.
var parserProblems = map[string]bool{
	"did not find expected ',' or ']'":       true,
	"did not find expected ',' or '}'":       true,
	"did not find expected '-' indicator":    true,
	"did not find expected <document start>": true,
	"did not find expected <stream-start>":   true,
	"did not find expected key":              true,
	"did not find expected node content":     true,
	"found duplicate %TAG directive":         true,
	"found duplicate %YAML directive":        true,
	"found incompatible YAML document":       true,
	"found undefined tag handle":             true,
}

// lineCount is the number of lines of src, the last one counted only when
// it has text.
func lineCount(src []byte) int {
	n := bytes.Count(src, []byte("\n"))
	if len(src) > 0 && src[len(src)-1] != '\n' {
		n++
	}
	return max(n, 1)
}

var (
	reYAMLLine      = lazyre.New(`^yaml: line (\d+): (.*)$`)
	reUnknownAnchor = lazyre.New(`^yaml: unknown anchor '(.*)' referenced$`)
)

// yamlError turns a goyaml error, which is text, into an *Error with a
// position.
func yamlError(src []byte, err error) *Error {
	msg := err.Error()
	if m := reYAMLLine().FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		if parserProblems[m[2]] {
			// goyaml prints a parser error's mark as it keeps it,
			// 0-based (only a scanner error's is made 1-based): an error
			// on line 4 said line 3. The mark is the problem's, or the
			// start of the collection it was in when that is not on the
			// first line; one at the end of the stream is on its last
			// line.
			line = min(line+1, lineCount(src))
		}
		return errAt(line, 1, "%s", m[2])
	}
	if m := reUnknownAnchor().FindStringSubmatch(msg); m != nil {
		line, col := 1, 1
		if i := bytes.Index(src, []byte("*"+m[1])); i >= 0 {
			line, col = lineCol(src, i)
		}
		return errAt(line, col, "alias *%s has no anchor &%s defined before it", m[1], m[1])
	}
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	return errAt(1, 1, "%s", strings.TrimPrefix(msg, "yaml: "))
}
