package yakl

import (
	"strings"

	yaml "sigs.k8s.io/yaml/goyaml.v3"
)

// resetDoc starts a document: anchors are per document.
func (c *compiler) resetDoc(d *yaml.Node) {
	c.anchors.reset(d)
	c.dirty = map[*yaml.Node]bool{}
	c.markDirty(d)
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
	if c.anchors.inProgress[n] {
		return c.errNode(n, "an alias refers to the node that holds it")
	}
	c.anchors.inProgress[n] = true
	defer delete(c.anchors.inProgress, n)
	var collected func() []outerRead
	if n.Anchor != "" && c.anchors.replay == 0 {
		collected = c.scopes.collect()
	}
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
	var reads []outerRead
	if collected != nil {
		reads = collected()
	}
	if err != nil {
		return err
	}
	if collected != nil {
		c.anchors.define(n, reads)
	}
	return nil
}

// copyNode writes the code of an anchored node again, for an alias or an
// anchor read as a variable.
func (c *compiler) copyNode(at *yaml.Node, def *anchorDef, what string) error {
	if c.anchors.inProgress[def.node] {
		return c.errNode(at, "%s refers to the node that holds it", what)
	}
	// The copy must see what the node saw: the same local keys and
	// parameters, and the same mapping as self.
	if name, ok := c.scopes.sees(def.reads); !ok && name == "" {
		return c.errNode(at, "%s copies a node that uses self, super or $ of the mapping around it, which is another mapping here", what)
	} else if !ok {
		return c.errNode(at, "%s copies a node that reads %s from the mappings around it, and %s is out of scope or another name here", what, name, name)
	}
	if !c.anchors.charge(def) {
		return c.errNode(at, "aliases expand past 200000 nodes or %d MiB of YAML; alias bombs are refused", maxAliasSize>>20)
	}
	c.anchors.replay++
	c.flat++
	c.w("(")
	err := c.node(def.node)
	c.w(")")
	c.flat--
	c.anchors.replay--
	return err
}

func (c *compiler) alias(n *yaml.Node) error {
	c.at(n.Line)
	def := c.anchors.of[n.Alias]
	if n.Alias == nil || def == nil {
		if n.Alias != nil && c.anchors.inProgress[n.Alias] {
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
