package lex

import (
	"errors"
	"io"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	yaml "go.yaml.in/yaml/v3"
)

func TestYAMLDepth(t *testing.T) {
	deep := strings.Repeat("[", 11) + strings.Repeat("]", 11)
	for _, tc := range []struct {
		name, src string
		want      int
	}{
		{"shallow", "a: [1, {b: [2]}]\n", -1},
		{"at the limit", strings.Repeat("[", 10) + strings.Repeat("]", 10), -1},
		{"past the limit", deep, 10},
		{"after a key", "key: " + deep, 14}, // the mapping is one level
		{"after a dash and a space", "- " + deep, 11},
		{"in a nested sequence", "- - " + deep, 12},
		{"after an anchor", "a: &x " + deep, 15},
		{"after a tag", "a: !t " + deep, 15},
		{"after a document marker", "--- " + deep, 14},
		{"after a flow key", "[a]: " + deep, 14},
		{"at the start of a line after a comment", "# c\n" + deep, 14},
		{"after a block scalar", "a: |\n  x\nb: " + deep, 21},
		{"mixed brackets", strings.Repeat("{a: [", 6), 25},
		{"in a flow collection after a plain scalar", "[o" + strings.Repeat("[", 10), 11},
		{"sequential", strings.Repeat("[[]]", 100), -1},
		// Block collections count as flow ones do.
		{"block sequences on one line", strings.Repeat("- ", 11) + "x", 20},
		{"block sequences at the limit", strings.Repeat("- ", 10) + "x", -1},
		{"block mappings", blockMappings(11) + " x", 140},
		{"explicit keys", strings.Repeat("? ", 11) + "x", 20},
		{"a sequence at its mapping's indentation", blockMappings(9) + "\n" + strings.Repeat(" ", 16) + "- - x", 117},
		{"sequences at their mappings' indentation, one after another", "a:\n- 1\n- 2\nb:\n- 3\n" + strings.Repeat("- ", 9), -1},
		{"block and flow together", strings.Repeat("- ", 5) + strings.Repeat("[", 6), 15},
		// Where go-yaml reads the brackets as text.
		{"in single quotes", "'" + deep + "'", -1},
		{"escaped single quote", "'it''s " + deep + "'", -1},
		{"in double quotes", `"\"` + deep + `"`, -1},
		{"in a comment", "a: 1 # " + deep + "\nb: 2", -1},
		{"a hash inside a word is not a comment", "a#" + deep, -1},
		{"in a plain scalar", "o" + deep, -1},
		{"in a plain scalar after a space", "o " + deep, -1},
		{"in a plain scalar after a key", "key: f(" + deep + ")", -1},
		{"in a plain scalar with a colon", "a:" + deep, -1},
		{"in a plain scalar after a character that is not ASCII", "é" + deep, -1},
		{"a quote inside a plain scalar", "a: o '\nb: " + deep, 19},
		{"on a continuation line", "a: word\n  " + deep, -1},
		{"on a line that ends the plain scalar", "a: word\n" + deep, 17},
		{"in a literal block scalar", "a: |\n  x\n  " + deep + "\n", -1},
		{"in a folded block scalar", "- >-\n  " + deep + "\n", -1},
		{"in a block scalar with an indentation indicator", "a: |2\n   " + deep + "\n", -1},
		{"in a tag", "!t" + deep + " x", -1},
		{"after a line separator", "a\u2028" + deep, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := yamlDepthOffset(tc.src, 10); got != tc.want {
				t.Errorf("YAMLDepth(%q) finds %d, want %d", tc.src, got, tc.want)
			}
			if depth, err := yamlDepth(tc.src); err == nil && (depth > 10) != (tc.want >= 0) {
				t.Errorf("go-yaml reads %d levels in %q", depth, tc.src)
			}
		})
	}
}

// yamlDepthOffset is the offset of the collection YAMLDepth finds, or -1.
func yamlDepthOffset(src string, max int) int {
	if s := scanYAML(src, max); s.deep {
		return s.over.offset
	}
	return -1
}

func TestYAMLDepthPosition(t *testing.T) {
	utf16le := func(s string) string {
		b := []byte{0xFF, 0xFE}
		for _, u := range utf16.Encode([]rune(s)) {
			b = append(b, byte(u), byte(u>>8))
		}
		return string(b)
	}
	deep := "a: é\nb: [[[[]]]]\n"
	for _, tc := range []struct {
		name, src string
		line, col int
		deep      bool
	}{
		{"shallow", "a: [[]]", 0, 0, false},
		{"columns in characters", "é: [[[[]]]]", 1, 6, true},
		{"a key around flow collections", "- [[x]]: y", 1, 3, true},
		{"after a byte order mark", "\uFEFF" + deep, 2, 6, true},
		{"UTF-16", utf16le(deep), 2, 6, true},
		{"UTF-16, big-endian", "\xFE\xFF" + string([]byte{0, '[', 0, '[', 0, '[', 0, '[', 0, ']'}), 1, 4, true},
		{"UTF-16, shallow", utf16le("a: [[x]]\n"), 0, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			line, col, deep := YAMLDepth(tc.src, 3)
			if deep != tc.deep || deep && (line != tc.line || col != tc.col) {
				t.Errorf("YAMLDepth(%q) = %d, %d, %v; want %d, %d, %v", tc.src, line, col, deep, tc.line, tc.col, tc.deep)
			}
		})
	}
}

// blockMappings is n block mappings, one in another, each key on a line of
// its own and indented two spaces more.
func blockMappings(n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(strings.Repeat("  ", i) + "k:")
	}
	return b.String()
}

// yamlDepth is the deepest nesting of collections go-yaml v3 reads in
// src, or an error where it cannot read src.
func yamlDepth(src string) (int, error) {
	dec := yaml.NewDecoder(strings.NewReader(src))
	deepest := 0
	for {
		var doc yaml.Node
		err := dec.Decode(&doc)
		if errors.Is(err, io.EOF) {
			return deepest, nil
		}
		if err != nil {
			return 0, err
		}
		deepest = max(deepest, nodeDepth(&doc, src, lineStarts(src), false))
	}
}

// nodeDepth counts the collections of n and below, all but one kind: a
// single pair in a flow sequence ([a: b], [? a]) is a mapping of its own
// in go-yaml's tree, but no bracket in the text.
func nodeDepth(n *yaml.Node, src string, lines []int, inFlowSeq bool) int {
	flow := n.Style&yaml.FlowStyle != 0
	deepest := 0
	for _, c := range n.Content {
		deepest = max(deepest, nodeDepth(c, src, lines, flow && n.Kind == yaml.SequenceNode))
	}
	switch {
	case n.Kind != yaml.SequenceNode && n.Kind != yaml.MappingNode:
	case flow && n.Kind == yaml.MappingNode && inFlowSeq && len(n.Content) == 2 && n.Anchor == "" &&
		n.Style&yaml.TaggedStyle == 0 && (charAt(src, lines, n.Line, n.Column) != '{' ||
		n.Line == n.Content[0].Line && n.Column == n.Content[0].Column):
	default:
		deepest++
	}
	return deepest
}

// lineStarts is the offset of each line of src, lines broken as go-yaml
// breaks them; a byte order mark at the start is not in the first line.
func lineStarts(src string) []int {
	s := yamlScanner{src: src}
	if strings.HasPrefix(src, "\uFEFF") {
		s.i = 3
	}
	starts := []int{s.i}
	for s.i < len(s.src) {
		broke := s.isBreak(s.i)
		s.skip()
		if broke {
			starts = append(starts, s.i)
		}
	}
	return starts
}

// charAt is the byte at go-yaml's line and column (from 1, in
// characters), or 0.
func charAt(src string, lines []int, line, col int) byte {
	if line < 1 || line > len(lines) {
		return 0
	}
	i := lines[line-1]
	for ; col > 1 && i < len(src); col-- {
		_, n := utf8.DecodeRuneInString(src[i:])
		i += n
	}
	if i >= len(src) {
		return 0
	}
	return src[i]
}

// FuzzYAMLDepth holds YAMLDepth to go-yaml: for every text go-yaml
// reads, it refuses exactly those whose flow collections nest deeper than
// the limit.
func FuzzYAMLDepth(f *testing.F) {
	for _, s := range []string{
		"a: [1, {b: [2]}]\n", "[[[[a]]]]", "- - [[[[x]]]]\n", "a: |\n  [[[[\n", "a: o '\nb: [[[[x]]]]\n",
		"a: word\n  [[[[\n", "? [[[[a]]]]\n: b\n", "&x [[[[a]]]]: y\n", "!t[[[[ x\n", "'[[[['\n", "a: >2\n   [[[[\n",
		"--- [[[[a]]]]\n...\n", "a:\n- {b: [[[c]]]}\n", "a\u2028[[[[b]]]]\n", "\ufeff[[[[a]]]]\n", "a\tb: [[[[c]]]]\n",
		"- - - - x\n", "a:\n  b:\n    c:\n      d: x\n", "a:\n- b:\n  - c: [d]\n", "? - - - x\n: y\n",
	} {
		f.Add(s)
	}
	const limit = 3
	f.Fuzz(func(t *testing.T, src string) {
		if strings.Contains(strings.TrimPrefix(src, "\uFEFF"), "\uFEFF") {
			// A byte order mark inside the text: go-yaml v2, which the
			// check follows, skips it at the start of a line; v3 does
			// not. Either way it is an unusual text, not a deep one.
			return
		}
		_, _, refused := YAMLDepth(src, limit)
		depth, err := yamlDepth(src)
		if err != nil {
			return
		}
		if depth > limit && !refused {
			t.Fatalf("YAMLDepth(%q) lets through %d levels of collections", src, depth)
		}
		if depth <= limit && refused {
			t.Fatalf("YAMLDepth(%q) refuses it, but go-yaml reads at most %d levels", src, depth)
		}
	})
}
