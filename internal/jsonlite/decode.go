// Package jsonlite reads and writes JSON on the browser engine's first
// run without encoding/json or reflect: V8 compiles a wasm function the
// first time it runs, so the first result pays for every function its run
// touches, and encoding/json's reflection-driven decoder and encoder are
// 200 kB of them (docs/benchmarks.md, issue 33).
//
// It gives what encoding/json gives, value for value and byte for byte,
// for what it accepts, and declines the rest: Decode answers ok false for
// anything it does not read exactly as json.Unmarshal does (a syntax
// error, a surrogate escape, invalid UTF-8, a number out of range, deep
// nesting), and an object with a key twice (which json.Unmarshal merges
// into a struct or a map it fills, where a caller of Decode would not), and the writers' callers fall back to encoding/json for types
// they do not write. A caller falls back to encoding/json then, which
// gives its own values and error texts.
package jsonlite

import (
	"strconv"
	"unicode/utf8"
)

// Number is a JSON number's text, as json.Number (Decode with numbers).
type Number string

// maxDepth is the nesting Decode reads; deeper input is declined (and
// encoding/json, which reads 10000 levels, decides).
const maxDepth = 512

// Decode reads data as json.Unmarshal reads it into an any: objects as
// map[string]any, arrays as []any, strings, bools, nil, and numbers as
// float64, or as Number with numbers. ok is false when data is not JSON
// that it reads exactly as encoding/json does; v is then nil.
func Decode(data []byte, numbers bool) (v any, ok bool) {
	d := decoder{data: data, numbers: numbers}
	d.space()
	v, ok = d.value(0)
	if !ok {
		return nil, false
	}
	d.space()
	if d.i != len(d.data) {
		return nil, false
	}
	return v, true
}

type decoder struct {
	data    []byte
	i       int
	numbers bool
}

func (d *decoder) space() {
	for d.i < len(d.data) {
		switch d.data[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

func (d *decoder) value(depth int) (any, bool) {
	if d.i >= len(d.data) || depth > maxDepth {
		return nil, false
	}
	switch c := d.data[d.i]; {
	case c == '{':
		return d.object(depth + 1)
	case c == '[':
		return d.array(depth + 1)
	case c == '"':
		return d.str()
	case c == '-' || c >= '0' && c <= '9':
		return d.number()
	case d.word("true"):
		return true, true
	case d.word("false"):
		return false, true
	case d.word("null"):
		return nil, true
	}
	return nil, false
}

func (d *decoder) word(w string) bool {
	if len(d.data)-d.i >= len(w) && string(d.data[d.i:d.i+len(w)]) == w {
		d.i += len(w)
		return true
	}
	return false
}

func (d *decoder) object(depth int) (any, bool) {
	d.i++ // {
	m := map[string]any{}
	d.space()
	if d.i < len(d.data) && d.data[d.i] == '}' {
		d.i++
		return m, true
	}
	for {
		d.space()
		if d.i >= len(d.data) || d.data[d.i] != '"' {
			return nil, false
		}
		k, ok := d.str()
		if !ok {
			return nil, false
		}
		d.space()
		if d.i >= len(d.data) || d.data[d.i] != ':' {
			return nil, false
		}
		d.i++
		d.space()
		v, ok := d.value(depth)
		if _, dup := m[k.(string)]; !ok || dup {
			return nil, false
		}
		m[k.(string)] = v
		if more, ok := d.next('}'); !more {
			return m, ok
		}
	}
}

// next reads what follows a member or an element: a comma (more), the
// closing byte end (ok), or anything else (neither).
func (d *decoder) next(end byte) (more, ok bool) {
	d.space()
	if d.i >= len(d.data) {
		return false, false
	}
	c := d.data[d.i]
	d.i++
	return c == ',', c == ',' || c == end
}

func (d *decoder) array(depth int) (any, bool) {
	d.i++ // [
	a := []any{}
	d.space()
	if d.i < len(d.data) && d.data[d.i] == ']' {
		d.i++
		return a, true
	}
	for {
		d.space()
		v, ok := d.value(depth)
		if !ok {
			return nil, false
		}
		a = append(a, v)
		if more, ok := d.next(']'); !more {
			return a, ok
		}
	}
}

// str reads a string; it declines a \u escape of a surrogate and invalid
// UTF-8, which encoding/json replaces.
func (d *decoder) str() (any, bool) {
	d.i++ // "
	start := d.i
	for d.i < len(d.data) {
		c := d.data[d.i]
		switch {
		case c == '"':
			s := string(d.data[start:d.i])
			d.i++
			return s, true
		case c == '\\':
			return d.escaped(start)
		case c < 0x20:
			return nil, false
		case c < utf8.RuneSelf:
			d.i++
		default:
			r, n := utf8.DecodeRune(d.data[d.i:])
			if r == utf8.RuneError && n == 1 {
				return nil, false
			}
			d.i += n
		}
	}
	return nil, false
}

// escaped reads the rest of a string from its first backslash on.
func (d *decoder) escaped(start int) (any, bool) {
	b := append([]byte(nil), d.data[start:d.i]...)
	for d.i < len(d.data) {
		c := d.data[d.i]
		switch {
		case c == '"':
			d.i++
			return string(b), true
		case c == '\\':
			if d.i+1 >= len(d.data) {
				return nil, false
			}
			e := d.data[d.i+1]
			d.i += 2
			switch e {
			case '"', '\\', '/':
				b = append(b, e)
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case 'u':
				if d.i+4 > len(d.data) {
					return nil, false
				}
				r, err := strconv.ParseUint(string(d.data[d.i:d.i+4]), 16, 32)
				if err != nil || r >= 0xd800 && r < 0xe000 {
					return nil, false
				}
				b = utf8.AppendRune(b, rune(r))
				d.i += 4
			default:
				return nil, false
			}
		case c < 0x20:
			return nil, false
		case c < utf8.RuneSelf:
			b = append(b, c)
			d.i++
		default:
			r, n := utf8.DecodeRune(d.data[d.i:])
			if r == utf8.RuneError && n == 1 {
				return nil, false
			}
			b = append(b, d.data[d.i:d.i+n]...)
			d.i += n
		}
	}
	return nil, false
}

// number reads a number of JSON's grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func (d *decoder) number() (any, bool) {
	start := d.i
	if d.data[d.i] == '-' {
		d.i++
	}
	switch {
	case d.i < len(d.data) && d.data[d.i] == '0':
		d.i++
	case d.digits() == 0:
		return nil, false
	}
	if d.i < len(d.data) && d.data[d.i] == '.' {
		d.i++
		if d.digits() == 0 {
			return nil, false
		}
	}
	if d.i < len(d.data) && (d.data[d.i] == 'e' || d.data[d.i] == 'E') {
		d.i++
		if d.i < len(d.data) && (d.data[d.i] == '+' || d.data[d.i] == '-') {
			d.i++
		}
		if d.digits() == 0 {
			return nil, false
		}
	}
	text := string(d.data[start:d.i])
	if d.numbers {
		return Number(text), true
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return nil, false
	}
	return f, true
}

func (d *decoder) digits() int {
	n := 0
	for d.i < len(d.data) && d.data[d.i] >= '0' && d.data[d.i] <= '9' {
		d.i++
		n++
	}
	return n
}
