package yakl

import (
	"bytes"
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
	before := n.Value[:min(off, len(n.Value))]
	return posAfter(n, off, strings.Count(before, "\n"), strings.LastIndexByte(before, '\n'))
}

// posAfter is posIn for an offset with k newlines before it, the last at
// lastNL (-1: none).
func posAfter(n *yaml.Node, off, k, lastNL int) (int, int) {
	if off > len(n.Value) {
		off = len(n.Value)
	}
	col := off - lastNL
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

// nextExpr is the offset of the first "${" of s at or after from that is
// not the escape "$${", or -1.
func nextExpr(s []byte, from int) int {
	for i := from; i+1 < len(s); i++ {
		if s[i] == '$' && s[i+1] == '$' && i+2 < len(s) && s[i+2] == '{' {
			i += 2
			continue
		}
		if s[i] == '$' && s[i+1] == '{' {
			return i
		}
	}
	return -1
}

// exprCursor places the expressions of one scalar in order, walking its
// value and the source together, so that a scalar with many expressions
// costs linear time, not quadratic.
type exprCursor struct {
	node   *yaml.Node
	value  []byte
	voff   int // where the value's walk is
	k      int // the "${" before voff
	nl     int // the newlines before voff
	lastNL int // the offset of the last of them (-1: none)
	soff   int // the source offset of the k-th "${" after the node's start, or where the walk starts
	sk     int // which "${" soff is (-1: none yet)
	noMore bool
}

// exprPos is the source line and column of the "${" at byte offset off of
// a scalar's value. In block scalars and multi-line quoted scalars the value
// does not keep the source's lines (folding, escapes), so it finds the same
// "${" in the source: the k-th one after the node's start. Calls for one
// node come in increasing off.
func (c *compiler) exprPos(n *yaml.Node, off int) (int, int) {
	cur := &c.cursor
	if cur.node != n || off < cur.voff {
		start := 0
		if n.Line <= len(c.syn.Starts) {
			start = c.syn.Starts[n.Line-1] + n.Column - 1
		}
		*cur = exprCursor{node: n, value: []byte(n.Value), soff: start, sk: -1, lastNL: -1}
	}
	for cur.voff < off && cur.voff < len(cur.value) {
		j := nextExpr(cur.value, cur.voff)
		if j < 0 || j >= off {
			j = off
		} else {
			cur.k++
			j++ // past this "${"'s $
		}
		seg := cur.value[cur.voff:min(j, len(cur.value))]
		if i := bytes.LastIndexByte(seg, '\n'); i >= 0 {
			cur.nl += bytes.Count(seg, []byte("\n"))
			cur.lastNL = cur.voff + i
		}
		cur.voff = j
	}
	line, col := posAfter(n, off, cur.nl, cur.lastNL)
	style := n.Style &^ yaml.TaggedStyle
	if style == 0 || n.Line > len(c.syn.Starts) {
		return line, col
	}
	src := c.syn.Src
	for cur.sk < cur.k && !cur.noMore {
		from := cur.soff
		if cur.sk >= 0 {
			from = cur.soff + 2
		}
		i := nextExpr(src, from)
		if i < 0 {
			cur.noMore = true
			break
		}
		cur.soff, cur.sk = i, cur.sk+1
	}
	if cur.sk != cur.k {
		return line, col
	}
	return c.syn.LineCol(cur.soff)
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
	if len(parts) > maxChain {
		return c.joinText(n, parts)
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

// maxChain is the most parts a scalar's text is written as a + chain:
// go-jsonnet evaluates and formats a chain in time quadratic in its
// length, so a longer text is written as one std.join.
const maxChain = 64

// joinText writes a scalar's text of many parts as std.join(”, [...]),
// each expression through std.toString (” + x is std.toString(x)).
func (c *compiler) joinText(n *yaml.Node, parts []part) error {
	c.w("std.join('', [")
	for i, p := range parts {
		if i > 0 {
			c.w(", ")
		}
		if !p.isExpr {
			writeJSONString(&c.b, p.lit)
			continue
		}
		c.w("std.toString(")
		if err := c.expr(n, p, false); err != nil {
			return err
		}
		c.w(")")
	}
	c.w("])")
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
