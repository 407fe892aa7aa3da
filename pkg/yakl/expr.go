package yakl

import (
	"strings"

	"github.com/kubecfg/kubecfg/internal/predefine"
	yaml "sigs.k8s.io/yaml/goyaml.v3"
)

// scalar writes a scalar: a literal, or code for ${…}.
func (c *compiler) scalar(n *yaml.Node) error {
	c.at(n.Line)
	if hasExpr(n.Value) && stringy(n) {
		return c.templateText(n, n.Value)
	}
	lit, err := c.plainScalar(n)
	if err != nil {
		return err
	}
	c.w(lit)
	return nil
}

// plainScalar gives the JSON literal of a scalar without expressions.
func (c *compiler) plainScalar(n *yaml.Node) (string, error) {
	var b strings.Builder
	if n.Style&yaml.TaggedStyle == 0 {
		if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
			writeJSONString(&b, n.Value)
			return b.String(), nil
		}
		switch resolvePlain(n.Value) {
		case kindNull:
			return "null", nil
		case kindBool:
			return strings.ToLower(n.Value), nil
		case kindInt:
			return c.number(n, intLiteral)
		case kindFloat:
			return c.number(n, floatLiteral)
		case kindInf, kindNaN:
			return "", c.errNode(n, "%s is not a number Jsonnet can hold; quote it to make it a string", n.Value)
		}
		writeJSONString(&b, n.Value)
		return b.String(), nil
	}
	v := n.Value
	switch n.Tag {
	case "!!str":
		writeJSONString(&b, v)
		return b.String(), nil
	case "!!int":
		if resolvePlain(v) == kindInt {
			return c.number(n, intLiteral)
		}
		return "", c.errNode(n, "%q is not an integer, as its tag !!int says", v)
	case "!!float":
		switch resolvePlain(v) {
		case kindInt, kindFloat:
			return c.number(n, floatLiteral)
		case kindInf, kindNaN:
			return "", c.errNode(n, "%s is not a number Jsonnet can hold; quote it to make it a string", v)
		}
		return "", c.errNode(n, "%q is not a number, as its tag !!float says", v)
	case "!!bool":
		if resolvePlain(v) == kindBool {
			return strings.ToLower(v), nil
		}
		return "", c.errNode(n, "%q is not a boolean, as its tag !!bool says", v)
	case "!!null":
		if resolvePlain(v) == kindNull {
			return "null", nil
		}
		return "", c.errNode(n, "%q is not null, as its tag !!null says", v)
	case "!!map", "!!seq":
		return "", c.errNode(n, "tag %s on a scalar", n.Tag)
	}
	return "", c.errNode(n, "unsupported tag %s (YAKL knows !!str, !!int, !!float, !!bool, !!null, !!map and !!seq)", n.Tag)
}

func (c *compiler) number(n *yaml.Node, conv func(string) (string, string)) (string, error) {
	v := n.Value
	if strings.HasPrefix(v, "0o") || strings.HasPrefix(v, "0x") {
		lit, msg := intLiteral(v)
		if msg != "" {
			return "", c.errNode(n, "%s", msg)
		}
		return lit, nil
	}
	lit, msg := conv(v)
	if msg != "" {
		return "", c.errNode(n, "%s", msg)
	}
	return lit, nil
}

// posIn gives the line and column of a byte offset of a scalar's value.
// Block scalars and multi-line quoted scalars get an approximate column.
func posIn(n *yaml.Node, off int) (int, int) {
	if off > len(n.Value) {
		off = len(n.Value)
	}
	before := n.Value[:off]
	k := strings.Count(before, "\n")
	col := off - strings.LastIndexByte(before, '\n')
	switch {
	case n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0:
		return n.Line + 1 + k, col + n.Column
	case n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0:
		if k == 0 {
			return n.Line, n.Column + 1 + off
		}
		return n.Line + k, col
	}
	return n.Line + k, n.Column + off
}

// exprPos is the source line and column of the "${" at byte offset off of
// a scalar's value. In block scalars and multi-line quoted scalars the value
// does not keep the source's lines (folding, escapes), so it finds the same
// "${" in the source: the k-th one after the node's start.
func (c *compiler) exprPos(n *yaml.Node, off int) (int, int) {
	line, col := posIn(n, off)
	style := n.Style &^ yaml.TaggedStyle
	src, starts := c.syn.Src, c.syn.Starts
	if style == 0 || n.Line > len(starts) {
		return line, col
	}
	k := strings.Count(strings.ReplaceAll(n.Value[:off], "$${", ""), "${")
	o := starts[n.Line-1] + n.Column - 1
	for i := o; i+1 < len(src); i++ {
		if src[i] == '$' && src[i+1] == '$' && i+2 < len(src) && src[i+2] == '{' {
			i += 2
			continue
		}
		if src[i] == '$' && src[i+1] == '{' {
			if k == 0 {
				return c.syn.LineCol(i)
			}
			k--
		}
	}
	return line, col
}

// templateText writes the code of a scalar's text: one expression, or a
// string built by concatenation.
func (c *compiler) templateText(n *yaml.Node, text string) error {
	parts, serr := splitTemplate(text)
	if serr != nil {
		l, col := posIn(n, serr.off)
		return c.errAt(l, col, "unclosed ${: no } closes the expression")
	}
	if len(parts) == 1 && parts[0].isExpr {
		return c.expr(n, parts[0], false)
	}
	for i, p := range parts {
		if i > 0 {
			c.w(" + ")
		}
		if p.isExpr {
			if i == 0 {
				c.w("'' + ")
			}
			if err := c.expr(n, p, true); err != nil {
				return err
			}
			continue
		}
		writeJSONString(&c.b, p.lit)
	}
	return nil
}

// exprCode is the text of an expression as it goes into the output.
func (c *compiler) exprCode(expr string) string {
	if c.pretty && c.flat == 0 && !strings.ContainsAny(expr, "#/\r") {
		return strings.Trim(expr, space)
	}
	return strings.Trim(flatten(expr), space)
}

// expr checks and writes one ${…} expression.
func (c *compiler) expr(n *yaml.Node, p part, paren bool) error {
	line, col := c.exprPos(n, p.off)
	info, err := predefine.Analyze(c.file, p.expr)
	if err != nil {
		l, cl, msg := predefine.StaticMessage(err)
		if l > 1 {
			line, col = line+l-1, cl
		} else if cl > 0 {
			col += 1 + cl
		}
		return c.errAt(line, col, "%s", msg)
	}
	var wraps []*anchorDef
	for _, name := range info.Free {
		if c.scopes.read(name) >= 0 {
			continue
		}
		if c.sepLocals && c.scopes.fileLocal(name) && !c.declared[name] && c.anchors.latest[name] == nil {
			c.fwdRef = true
		}
		if def := c.anchors.latest[name]; def != nil && isIdent(name) {
			if c.anchors.count[name] > 1 {
				return c.errAt(line, col, "the expression reads %s, an anchor that is defined more than once in this document", name)
			}
			wraps = append(wraps, def)
		}
	}
	if info.Outer {
		c.scopes.read("")
	}
	c.at(line)
	code := c.exprCode(p.expr)
	if len(wraps) > 0 {
		c.w("(local ")
		for i, def := range wraps {
			if i > 0 {
				c.w(", ")
			}
			c.w(def.name + " = ")
			if err := c.copyNode(n, def, "the variable "+def.name); err != nil {
				return err
			}
		}
		c.w("; " + code + ")")
		return nil
	}
	if paren {
		c.w("(" + code + ")")
	} else {
		c.w(code)
	}
	return nil
}
