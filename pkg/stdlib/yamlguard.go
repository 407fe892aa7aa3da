package stdlib

import (
	"bytes"
	"fmt"
	"strings"

	yamlv3 "sigs.k8s.io/yaml/goyaml.v3"
)

// MaxYAMLExpansion bounds what one YAML document may expand to through its
// aliases, counted as scalar bytes plus one per node. go-yaml v2 expands
// aliases while converting, so a small file of aliases to a large anchor
// (an alias bomb) would take all memory before any check could run. Every
// document that parseYaml or kubecfg's .yaml reader decodes is checked.
const MaxYAMLExpansion = 64 << 20

// checkAliases refuses a YAML document whose aliases expand past
// MaxYAMLExpansion. It reads the node tree (where an alias is one node
// pointing at its anchor) and sizes each node once. Syntax errors are left
// to the converter, which reports them in kubectl's words.
func checkAliases(doc []byte) error {
	if !bytes.Contains(doc, []byte("*")) {
		return nil
	}
	var root yamlv3.Node
	if err := yamlv3.NewDecoder(bytes.NewReader(doc)).Decode(&root); err != nil {
		// go-yaml v3 reads ahead past a "..." document-end line, and a
		// tail it cannot tokenize fails the whole text, while go-yaml v2
		// (the converter) reads the document before it and expands its
		// aliases: size that document.
		loc := documentEnd().FindIndex(doc)
		if loc == nil {
			return nil
		}
		root = yamlv3.Node{}
		if yamlv3.NewDecoder(bytes.NewReader(doc[:loc[0]])).Decode(&root) != nil {
			return nil
		}
	}
	memo := map[*yamlv3.Node]int64{}
	var size func(n *yamlv3.Node, depth int) int64
	size = func(n *yamlv3.Node, depth int) int64 {
		if n == nil || depth > 10000 {
			return 1
		}
		if s, ok := memo[n]; ok {
			return s
		}
		memo[n] = 1 // a cycle counts once
		var s int64 = 1
		if n.Kind == yamlv3.AliasNode {
			s = size(n.Alias, depth+1)
		} else {
			s += int64(len(n.Value))
			for _, c := range n.Content {
				if s += size(c, depth+1); s > MaxYAMLExpansion {
					break
				}
			}
		}
		memo[n] = s
		return s
	}
	if s := size(&root, 0); s > MaxYAMLExpansion {
		return fmt.Errorf("YAML aliases expand this document past %d MiB; refusing to read it", MaxYAMLExpansion>>20)
	}
	return nil
}

// CheckYAML refuses what parseYaml and the .yaml reader refuse before
// they decode: a text nested deeper than lex.MaxDepth (CheckYAMLDepth) or
// a document whose aliases expand past MaxYAMLExpansion. It is the guard
// in front of go-jsonnet's own std.parseYaml (internal/stdguard), which
// decodes with go-yaml v2 and would expand the bomb; text that does not
// split into documents is left to the decoder's own error.
func CheckYAML(s string) error {
	if err := CheckYAMLDepth(s); err != nil {
		return err
	}
	if !strings.Contains(s, "*") {
		return nil
	}
	docs, err := SplitYAMLStream(s)
	if err != nil {
		return nil
	}
	for _, d := range docs {
		if err := checkAliases([]byte(d.Text)); err != nil {
			return err
		}
	}
	return nil
}
