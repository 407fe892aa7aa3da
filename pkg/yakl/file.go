package yakl

import (
	"bytes"
	"fmt"
	"strings"

	yaml "sigs.k8s.io/yaml/goyaml.v3"
)

// docKind classifies a document.
type docKind int

const (
	docEmpty docKind = iota
	docValue
	docLocals
	docOverlay
)

func classify(d *yaml.Node) docKind {
	if len(d.Content) == 0 {
		return docEmpty
	}
	r := d.Content[0]
	if r.Kind == yaml.ScalarNode && r.Value == "" && r.Style == 0 && r.Anchor == "" && r.Tag == "!!null" {
		return docEmpty
	}
	if r.Kind != yaml.MappingNode || len(r.Content) == 0 {
		return docValue
	}
	if len(r.Content) == 2 && isDeepMergeKey(r.Content[0]) {
		return docOverlay
	}
	for i := 0; i < len(r.Content); i += 2 {
		if !isLocalKey(r.Content[i]) {
			return docValue
		}
	}
	return docLocals
}

func isLocalKey(k *yaml.Node) bool {
	return k.Kind == yaml.ScalarNode && strings.HasPrefix(k.Value, "&")
}

func isMergeKey(k *yaml.Node) bool {
	return k.Kind == yaml.ScalarNode && k.Style == 0 && k.Value == "<<"
}

func isDeepMergeKey(k *yaml.Node) bool {
	return k.Kind == yaml.ScalarNode && k.Style == 0 && k.Value == "<<+"
}

// firstComments returns the file's leading comment and blank lines.
func firstComments(src []byte) string {
	end := 0
	for end < len(src) {
		nl := bytes.IndexByte(src[end:], '\n')
		lineEnd := len(src)
		if nl >= 0 {
			lineEnd = end + nl + 1
		}
		t := bytes.Trim(src[end:lineEnd], space)
		if len(t) > 0 && t[0] != '#' {
			break
		}
		if nl < 0 {
			// A last line without newline: keep it only with a newline.
			if len(t) > 0 {
				return string(src[:end]) + string(src[end:lineEnd]) + "\n"
			}
			break
		}
		end = lineEnd
	}
	// Keep only up to the last comment line; blank lines are padding.
	s := string(src[:end])
	if i := strings.LastIndex(s, "#"); i >= 0 {
		if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
			return s[:i+j+1]
		}
	}
	return ""
}

// insertPredefine puts the predefined local after the first comments, in
// front of the code of the first line of code, without adding a line
// (except in pretty mode, where it gets its own lines).
func insertPredefine(code string, after int, pretty bool) string {
	if pretty {
		return code[:after] + "local kubecfg = import 'internal:///kubecfg.libsonnet',\n      yakl__kubecfg = kubecfg;\n" + strings.TrimLeft(code[after:], "\n")
	}
	i := after
	for i < len(code) && code[i] == '\n' {
		i++
	}
	return code[:i] + yaklKubecfgLocal + " " + code[i:]
}

// file_ writes the whole file: file locals, then the value.
func (c *compiler) file_(docs []*yaml.Node) error {
	type doc struct {
		node *yaml.Node
		kind docKind
	}
	var ds []doc
	fileLocals := map[string]bool{}
	fileLocalAt := map[string]int{}
	sawValue, mixed := false, false
	for _, d := range docs {
		k := classify(d)
		if k == docEmpty {
			continue
		}
		if k == docOverlay && len(ds) > 0 {
			return c.errNode(d.Content[0], "an overlay document (<<+ alone) must be the file's first document; nothing may come in front of it")
		}
		ds = append(ds, doc{d, k})
		switch k {
		case docLocals:
			if sawValue {
				mixed = true
			}
			r := d.Content[0]
			for j := 0; j < len(r.Content); j += 2 {
				name, _, err := c.localKey(r.Content[j])
				if err != nil {
					return err
				}
				if line, dup := fileLocalAt[name]; dup {
					return c.errNode(r.Content[j], "file local %s is already declared at line %d", name, line)
				}
				fileLocals[name] = true
				fileLocalAt[name] = r.Content[j].Line
			}
		default:
			sawValue = true
		}
	}
	c.scopes.reset(fileLocals)
	var values []string // names of value documents (mixed form)
	overlay := -1
	for i, d := range ds {
		if d.kind == docOverlay {
			overlay = i
		}
	}
	// The file's locals (and, in the mixed form, its documents) are one
	// Jsonnet local, so that every document sees every file local.
	started := false
	bind := func() {
		if started {
			c.w(",")
			c.nl()
		} else {
			c.w("local ")
			started = true
		}
	}
	emitValue := func(d doc) error {
		c.resetDoc(d.node)
		r := d.node.Content[0]
		if d.kind == docOverlay {
			return c.paren(r.Content[1])
		}
		return c.node(r)
	}
	var valueDocs []doc
	for i, d := range ds {
		switch {
		case d.kind == docLocals:
			c.resetDoc(d.node)
			r := d.node.Content[0]
			for j := 0; j < len(r.Content); j += 2 {
				c.at(r.Content[j].Line)
				if c.sepLocals && !mixed {
					// Desugar: one local statement per file local, which
					// reads better when no local reads a later one.
					name, _, _ := c.localKey(r.Content[j])
					c.declared[name] = true
					c.w("local ")
					if err := c.localBind(r.Content[j], r.Content[j+1]); err != nil {
						return err
					}
					c.w(";")
					c.nl()
					continue
				}
				bind()
				if err := c.localBind(r.Content[j], r.Content[j+1]); err != nil {
					return err
				}
			}
		case mixed:
			c.at(d.node.Content[0].Line)
			bind()
			name := fmt.Sprintf("yakl__doc%d", i)
			c.w(name + " = ")
			if err := emitValue(d); err != nil {
				return err
			}
			values = append(values, name)
		default:
			valueDocs = append(valueDocs, d)
		}
	}
	if started {
		c.w(";")
		c.nl()
	}
	if mixed {
		return c.body(values, overlay >= 0)
	}
	// Value documents, in place.
	switch {
	case overlay >= 0:
		for i, d := range valueDocs {
			if i > 0 {
				c.w(" + yakl__kubecfg.toOverlay(")
			}
			if err := emitValue(d); err != nil {
				return err
			}
			if i > 0 {
				c.w(")")
			}
		}
	case len(valueDocs) == 0:
		c.w("null")
	case len(valueDocs) == 1:
		return emitValue(valueDocs[0])
	default:
		for i, d := range valueDocs {
			if i == 0 {
				c.at(d.node.Content[0].Line)
				c.w("[")
				c.nl()
			}
			if err := emitValue(d); err != nil {
				return err
			}
			c.w(",")
			c.nl()
		}
		c.w("]")
	}
	return nil
}

// body writes the value of a file in the mixed form (documents as locals).
func (c *compiler) body(names []string, overlay bool) error {
	switch {
	case overlay:
		for i, n := range names {
			if i > 0 {
				c.w(" + yakl__kubecfg.toOverlay(" + n + ")")
			} else {
				c.w(n)
			}
		}
	case len(names) == 0:
		c.w("null")
	case len(names) == 1:
		c.w(names[0])
	default:
		c.w("[" + strings.Join(names, ", ") + "]")
	}
	return nil
}
