package yakl

import (
	"strings"

	"github.com/google/go-jsonnet/ast"
	"github.com/google/go-jsonnet/formatter"
	"github.com/kubecfg/kubecfg/internal/predefine"
	yaml "sigs.k8s.io/yaml/goyaml.v3"
)

// entry is one key/value pair of a mapping, classified.
type entry struct {
	k, v     *yaml.Node
	local    bool
	computed bool
	plus     bool
	name     string // field or local name
	params   string // local function parameters, without parentheses
	pnames   []string
}

// localKey reads '&name' or '&name(a, b=1)'.
func (c *compiler) localKey(k *yaml.Node) (name, params string, err error) {
	text := k.Value[1:]
	if i := strings.IndexByte(text, '('); i >= 0 {
		if !strings.HasSuffix(text, ")") {
			return "", "", c.errNode(k, "local key %q: a local function's parameters end with )", k.Value)
		}
		name, params = text[:i], text[i+1:len(text)-1]
	} else {
		name = text
	}
	if !isIdent(name) {
		return "", "", c.errNode(k, "local key %q: %q is not a Jsonnet identifier (or is a keyword)", k.Value, name)
	}
	return name, params, nil
}

// paramNames parses a local function's parameter list.
func (c *compiler) paramNames(k *yaml.Node, params string) ([]string, error) {
	node, _, err := formatter.SnippetToRawAST(c.file, "function("+params+") null")
	if err != nil {
		_, _, msg := predefine.StaticMessage(err)
		return nil, c.errNode(k, "local key %q: bad parameter list: %s", k.Value, msg)
	}
	f, ok := node.(*ast.Function)
	if !ok {
		return nil, c.errNode(k, "local key %q: bad parameter list", k.Value)
	}
	var names []string
	for _, p := range f.Parameters {
		names = append(names, string(p.Name))
	}
	return names, nil
}

// entries classifies the pairs of a mapping and checks for duplicates.
func (c *compiler) entries(n *yaml.Node) (es []entry, merge *entry, locals map[string]bool, err error) {
	locals = map[string]bool{}
	fields := map[string]int{}
	localAt := map[string]int{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind == yaml.AliasNode && k.Alias != nil && k.Alias.Kind == yaml.ScalarNode {
			k = &yaml.Node{Kind: yaml.ScalarNode, Tag: k.Alias.Tag, Value: k.Alias.Value, Style: k.Alias.Style, Line: k.Line, Column: k.Column}
		}
		if k.Kind != yaml.ScalarNode {
			return nil, nil, nil, c.errNode(k, "a mapping key must be a scalar, since Jsonnet field names are strings")
		}
		e := entry{k: k, v: v}
		switch {
		case isMergeKey(k) || isDeepMergeKey(k):
			if merge != nil {
				return nil, nil, nil, c.errNode(k, "a mapping holds at most one merge key (<< or <<+)")
			}
			e.plus = isDeepMergeKey(k)
			e.name = k.Value
			merge = &e
			es = append(es, e)
			continue
		case isLocalKey(k):
			name, params, err := c.localKey(k)
			if err != nil {
				return nil, nil, nil, err
			}
			if line, dup := localAt[name]; dup {
				return nil, nil, nil, c.errNode(k, "duplicate local key &%s in one mapping (first at line %d)", name, line)
			}
			localAt[name] = k.Line
			e.local, e.name, e.params = true, name, params
			if strings.Contains(k.Value, "(") {
				if e.pnames, err = c.paramNames(k, params); err != nil {
					return nil, nil, nil, err
				}
			}
			locals[name] = true
		case hasExpr(k.Value) && stringy(k):
			e.computed = true
			e.name = k.Value
			if strings.HasSuffix(e.name, "+") {
				e.plus = true
				e.name = e.name[:len(e.name)-1]
			}
		default:
			e.name = k.Value
			if len(e.name) > 1 && strings.HasSuffix(e.name, "+") {
				e.plus = true
				e.name = e.name[:len(e.name)-1]
			}
			if line, dup := fields[e.name]; dup {
				return nil, nil, nil, c.errNode(k, "duplicate key %q in one mapping (first at line %d)", e.name, line)
			}
			fields[e.name] = k.Line
		}
		es = append(es, e)
	}
	return es, merge, locals, nil
}

// stringy reports whether a scalar is a string (so ${ in it is code).
func stringy(n *yaml.Node) bool {
	if n.Style&yaml.TaggedStyle != 0 {
		return n.Tag == "!!str"
	}
	if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
		return true
	}
	return resolvePlain(n.Value) == kindString
}

func (c *compiler) mapping(n *yaml.Node) error {
	c.at(n.Line)
	if c.fast && !c.dirty[n] && len(n.Content) > 0 {
		return c.parseJSON(n)
	}
	if t := n.Tag; n.Style&yaml.TaggedStyle != 0 && t != "!!map" {
		return c.errNode(n, "unsupported tag %s on a mapping", t)
	}
	es, merge, locals, err := c.entries(n)
	if err != nil {
		return err
	}
	if merge != nil {
		// X + { own }: X is outside the object. When << is not the first
		// key, X is written out of line order, on one line.
		first := es[0].k == merge.k
		if !first {
			c.flat++
		}
		if err := c.mergeValue(merge.v, merge.plus); err != nil {
			return err
		}
		if !first {
			c.flat--
		}
		c.w(" + ")
		if merge.plus {
			c.w("yakl__kubecfg.toOverlay(")
		}
	}
	c.scopes.push(locals, true)
	defer c.scopes.pop()
	c.w("{")
	if len(es) > 1 || (len(es) == 1 && merge == nil) {
		c.nl()
	}
	for _, e := range es {
		if merge != nil && e.k == merge.k {
			continue
		}
		c.at(e.k.Line)
		if err := c.field(e); err != nil {
			return err
		}
		c.w(",")
		c.nl()
	}
	c.w("}")
	if merge != nil && merge.plus {
		c.w(")")
	}
	return nil
}

// mergeValue writes the X of <<: X. A sequence merges several; earlier ones
// win, so they come last.
func (c *compiler) mergeValue(v *yaml.Node, deep bool) error {
	if v.Kind == yaml.SequenceNode && !deep {
		if len(v.Content) == 0 {
			c.w("{}")
			return nil
		}
		if len(v.Content) > 1 {
			c.flat++
			defer func() { c.flat-- }()
		}
		for i := len(v.Content) - 1; i >= 0; i-- {
			if err := c.paren(v.Content[i]); err != nil {
				return err
			}
			if i > 0 {
				c.w(" + ")
			}
		}
		return nil
	}
	return c.paren(v)
}

func (c *compiler) field(e entry) error {
	switch {
	case e.local:
		c.w("local ")
		return c.localBindEntry(e)
	case e.computed:
		// A field name is evaluated outside the object.
		err := c.scopes.outside(func() error {
			c.w("[")
			err := c.templateText(e.k, e.name)
			c.w("]")
			return err
		})
		if err != nil {
			return err
		}
	case isIdent(e.name):
		c.w(e.name)
	default:
		writeJSONString(&c.b, e.name)
	}
	if e.plus {
		c.w("+: ")
	} else {
		c.w(": ")
	}
	return c.node(e.v)
}

// localBind writes name = value for a local key of a locals document.
func (c *compiler) localBind(k, v *yaml.Node) error {
	name, params, err := c.localKey(k)
	if err != nil {
		return err
	}
	e := entry{k: k, v: v, local: true, name: name, params: params}
	if strings.Contains(k.Value, "(") {
		if e.pnames, err = c.paramNames(k, params); err != nil {
			return err
		}
	}
	return c.localBindEntry(e)
}

func (c *compiler) localBindEntry(e entry) error {
	c.w(e.name)
	if strings.Contains(e.k.Value, "(") {
		c.w("(" + strings.TrimSpace(flatten(e.params)) + ")")
		names := map[string]bool{}
		for _, p := range e.pnames {
			names[p] = true
		}
		c.scopes.push(names, false)
		defer c.scopes.pop()
	}
	c.w(" = ")
	return c.node(e.v)
}
