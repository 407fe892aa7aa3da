// Package yamlout writes decoded JSON values as YAML, byte for byte as go-yaml
// v2's Marshal (sigs.k8s.io/yaml/goyaml.v2) writes them, without reflection
// and without go-yaml's event queue.
//
// It handles the values encoding/json decodes into an any: map[string]any,
// []any, string, float64, bool and nil. The structure (block mappings in
// go-yaml v2's natural key order, block sequences not indented under their
// key, flow [] and {} for empty collections) and every scalar (the YAML 1.1
// resolution that decides quoting, the plain, single-quoted, double-quoted
// and literal styles, folding near 80 columns, chomping hints) follow
// go-yaml v2's encode.go and emitterc.go. Anything else (other Go types,
// strings that are not valid UTF-8, which go-yaml v2 writes as !!binary) is
// handed to go-yaml v2 itself for the whole value.
package yamlout

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"sync"

	yamlv2 "sigs.k8s.io/yaml/goyaml.v2"
)

// bestWidth and bestIndent are go-yaml v2's emitter defaults.
const (
	bestWidth  = 80
	bestIndent = 2
)

// errUnsupported aborts the fast writer; Marshal then asks go-yaml v2.
var errUnsupported = errors.New("yamlout: value outside the decoded-JSON subset")

// Marshal returns the YAML document for v, the same bytes as go-yaml v2's
// Marshal(v). Values outside the decoded-JSON subset are marshalled by go-yaml
// v2, so its errors are Marshal's errors.
func Marshal(v any) ([]byte, error) {
	sp := scratch.Get().(*[]byte)
	buf, err := Append((*sp)[:0], v)
	out := bytes.Clone(buf)
	if cap(buf) <= 1<<20 {
		*sp = buf
		scratch.Put(sp)
	}
	return out, err
}

// scratch holds output buffers for Marshal, which copies out the result.
var scratch = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

// keyStacks holds the encoders' key stacks.
var keyStacks = sync.Pool{New: func() any { k := make([]string, 0, 64); return &k }}

// Append appends the YAML document for v (as Marshal writes it) to dst and
// returns the extended buffer. On an error dst is returned unchanged.
func Append(dst []byte, v any) ([]byte, error) {
	ks := keyStacks.Get().(*[]string)
	e := encoder{buf: dst, indent: -1, whitespace: true, indention: true, keys: (*ks)[:0]}
	err := e.node(v, false, false)
	clear(e.keys[:cap(e.keys)])
	*ks = e.keys[:0]
	keyStacks.Put(ks)
	if err != nil {
		if !errors.Is(err, errUnsupported) {
			return dst, err
		}
		out, err := yamlv2.Marshal(v)
		if err != nil {
			return dst, fmt.Errorf("yamlout: go-yaml v2: %w", err)
		}
		return append(dst, out...), nil
	}
	// Document end: go-yaml v2's write_indent at indent 0.
	e.indent = -1
	e.writeIndent()
	return e.buf, nil
}

// encoder is the part of go-yaml v2's emitter state that the output of a
// decoded JSON value depends on.
type encoder struct {
	buf        []byte
	column     int
	indent     int
	whitespace bool
	indention  bool
	keys       []string // a stack of map keys being sorted and walked
}

// node writes one value. mapping and simpleKey are go-yaml v2's
// mapping_context and simple_key_context for the node.
func (e *encoder) node(v any, mapping, simpleKey bool) error {
	switch x := v.(type) {
	case nil:
		e.word("null")
	case string:
		return e.str(x, simpleKey)
	case bool:
		if x {
			e.word("true")
		} else {
			e.word("false")
		}
	case float64:
		e.float(x)
	case int64:
		// kubecfg prints an object through encoding/json and back, so an
		// integer of a .json or .yaml input is a float64 by then.
		e.float(float64(x))
	case map[string]any:
		return e.mapping(x)
	case []any:
		return e.sequence(x, mapping)
	default:
		return errUnsupported
	}
	return nil
}

// word writes a plain scalar that the emitter never quotes, folds or
// breaks (null, booleans, numbers): a space unless one precedes, then the
// text. Values are never keys here, so the simple-key rules do not apply.
func (e *encoder) word(w string) {
	if !e.whitespace {
		e.buf = append(e.buf, ' ')
		e.column++
	}
	e.buf = append(e.buf, w...)
	e.column += len(w)
	e.whitespace = false
	e.indention = false
}

// float is go-yaml v2's floatv: strconv's shortest 'g' format, and .inf,
// -.inf, .nan; each of these is a plain scalar to the emitter.
func (e *encoder) float(f float64) {
	switch {
	case math.IsInf(f, 1):
		e.word(".inf")
		return
	case math.IsInf(f, -1):
		e.word("-.inf")
		return
	case math.IsNaN(f):
		e.word(".nan")
		return
	}
	if !e.whitespace {
		e.buf = append(e.buf, ' ')
		e.column++
	}
	n := len(e.buf)
	e.buf = strconv.AppendFloat(e.buf, f, 'g', -1, 64)
	e.column += len(e.buf) - n
	e.whitespace = false
	e.indention = false
}

// str is go-yaml v2's stringv for an untagged string.
func (e *encoder) str(s string, simpleKey bool) error {
	if !validUTF8(s) {
		return errUnsupported
	}
	style := styleDoubleQuoted
	switch {
	case containsNewline(s):
		style = styleLiteral
	case canUsePlain(s):
		style = stylePlain
	}
	e.scalar(s, style, simpleKey)
	return nil
}

// increaseIndent is yaml_emitter_increase_indent; it returns the indent to
// restore afterwards.
func (e *encoder) increaseIndent(flow, indentless bool) int {
	old := e.indent
	if e.indent < 0 {
		if flow {
			e.indent = bestIndent
		} else {
			e.indent = 0
		}
	} else if !indentless {
		e.indent += bestIndent
	}
	return old
}

// sequence writes a block sequence, or [] when it is empty.
func (e *encoder) sequence(s []any, mapping bool) error {
	if len(s) == 0 {
		e.indicator("[", true, true, false)
		e.indicator("]", false, false, false)
		return nil
	}
	old := e.increaseIndent(false, mapping && !e.indention)
	for _, item := range s {
		e.writeIndent()
		e.indicator("-", true, false, true)
		if err := e.node(item, false, false); err != nil {
			return err
		}
	}
	e.indent = old
	return nil
}

// mapping writes a block mapping in go-yaml v2's key order, or {} when it
// is empty.
func (e *encoder) mapping(m map[string]any) error {
	if len(m) == 0 {
		e.indicator("{", true, true, false)
		e.indicator("}", false, false, false)
		return nil
	}
	start := len(e.keys)
	for k := range m {
		e.keys = append(e.keys, k)
	}
	keys := e.keys[start:]
	if len(keys) > 1 {
		slices.SortFunc(keys, compareKeys)
	}
	old := e.increaseIndent(false, false)
	for _, k := range keys {
		if err := e.entry(k, m[k]); err != nil {
			return err
		}
	}
	e.indent = old
	e.keys = e.keys[:start]
	return nil
}

// entry writes one key and its value: a simple key ("k: v") when go-yaml
// v2's check_simple_key allows it, else the "? k" / ": v" form.
func (e *encoder) entry(k string, v any) error {
	e.writeIndent()
	if !validUTF8(k) {
		return errUnsupported
	}
	if len(k) <= 128 && !hasBreak(k) {
		if err := e.str(k, true); err != nil {
			return err
		}
		e.indicator(":", false, false, false)
	} else {
		e.indicator("?", true, false, true)
		if err := e.str(k, false); err != nil {
			return err
		}
		e.writeIndent()
		e.indicator(":", true, false, true)
	}
	return e.node(v, true, false)
}

// writeIndent is yaml_emitter_write_indent.
func (e *encoder) writeIndent() {
	indent := max(e.indent, 0)
	if !e.indention || e.column > indent || (e.column == indent && !e.whitespace) {
		e.putBreak()
	}
	for e.column < indent {
		e.buf = append(e.buf, ' ')
		e.column++
	}
	e.whitespace = true
	e.indention = true
}

// indicator is yaml_emitter_write_indicator for an ASCII indicator.
func (e *encoder) indicator(ind string, needWhitespace, isWhitespace, isIndention bool) {
	if needWhitespace && !e.whitespace {
		e.buf = append(e.buf, ' ')
		e.column++
	}
	e.buf = append(e.buf, ind...)
	e.column += len(ind)
	e.whitespace = isWhitespace
	e.indention = e.indention && isIndention
}

// putBreak is put_break with a line-feed line break.
func (e *encoder) putBreak() {
	e.buf = append(e.buf, '\n')
	e.column = 0
}
