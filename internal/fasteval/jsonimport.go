package fasteval

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/google/go-jsonnet/ast"
)

// errNotPlainJSON is decodeJSON's answer for text it leaves to the
// Jsonnet parser.
var errNotPlainJSON = errors.New("not plain JSON")

// decodeJSON reads an imported .json file as JSON, without the Jsonnet
// parser: the value is the one go-jsonnet's evaluation of the same text
// gives. Text that is not plain JSON (comments, Jsonnet), or where the two
// could part (a duplicate key, invalid UTF-8, an escaped surrogate, a
// number out of range), is errNotPlainJSON: the caller parses it as
// Jsonnet.
func decodeJSON(data []byte, intern map[string]string) (v value, err error) {
	if !utf8.Valid(data) {
		return nil, errNotPlainJSON
	}
	defer func() {
		if recover() != nil {
			v, err = nil, errNotPlainJSON
		}
	}()
	p := &jsonParser{s: data, intern: intern}
	v = p.value(0)
	p.space()
	if p.i != len(p.s) {
		return nil, errNotPlainJSON
	}
	return v, nil
}

// jsonParser is a strict JSON parser over s; it panics at anything else.
type jsonParser struct {
	s      []byte
	i      int
	intern map[string]string
}

func (p *jsonParser) bad() { panic(errNotPlainJSON) }

func (p *jsonParser) space() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *jsonParser) next() byte {
	p.space()
	if p.i >= len(p.s) {
		p.bad()
	}
	return p.s[p.i]
}

func (p *jsonParser) value(depth int) value {
	if depth > 500 {
		p.bad()
	}
	switch c := p.next(); {
	case c == '{':
		p.i++
		fields := map[string]value{}
		if p.next() == '}' {
			p.i++
			return valuesObject(fields, ast.ObjectFieldInherit)
		}
		for {
			if p.next() != '"' {
				p.bad()
			}
			k := p.key()
			if _, dup := fields[k]; dup {
				p.bad()
			}
			if p.next() != ':' {
				p.bad()
			}
			p.i++
			fields[k] = p.value(depth + 1)
			switch p.next() {
			case ',':
				p.i++
			case '}':
				p.i++
				return valuesObject(fields, ast.ObjectFieldInherit)
			default:
				p.bad()
			}
		}
	case c == '[':
		p.i++
		var el []value
		if p.next() == ']' {
			p.i++
			return &array{}
		}
		for {
			el = append(el, p.value(depth+1))
			switch p.next() {
			case ',':
				p.i++
			case ']':
				p.i++
				return &array{elems: el}
			default:
				p.bad()
			}
		}
	case c == '"':
		return p.str()
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	case p.word("true"):
		return true
	case p.word("false"):
		return false
	case p.word("null"):
		return null
	}
	p.bad()
	return nil
}

func (p *jsonParser) word(w string) bool {
	if strings.HasPrefix(string(p.s[p.i:min(len(p.s), p.i+len(w))]), w) {
		p.i += len(w)
		return true
	}
	return false
}

// number reads JSON's number grammar; its value is strconv.ParseFloat's,
// as go-jsonnet's for the same literal.
func (p *jsonParser) number() value {
	start := p.i
	if p.s[p.i] == '-' {
		p.i++
	}
	digits := func() int {
		n := 0
		for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	if p.i < len(p.s) && p.s[p.i] == '0' {
		p.i++
	} else if digits() == 0 {
		p.bad()
	}
	if p.i < len(p.s) && p.s[p.i] == '.' {
		p.i++
		if digits() == 0 {
			p.bad()
		}
	}
	if p.i < len(p.s) && (p.s[p.i] == 'e' || p.s[p.i] == 'E') {
		p.i++
		if p.i < len(p.s) && (p.s[p.i] == '+' || p.s[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			p.bad()
		}
	}
	lit := string(p.s[start:p.i])
	if lit[0] == '-' {
		// Jsonnet reads -x as unary minus applied to x.
		f, err := strconv.ParseFloat(lit[1:], 64)
		if err != nil {
			p.bad()
		}
		return -f
	}
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil {
		p.bad()
	}
	return f
}

// key reads an object's key: interned, the same keys of a file (and of
// the files the parser reads after it) sharing one string.
func (p *jsonParser) key() string {
	// A key without escapes is looked up without a copy.
	end := p.i + 1
	for end < len(p.s) && p.s[end] != '"' && p.s[end] != '\\' && p.s[end] >= 0x20 {
		end++
	}
	if end < len(p.s) && p.s[end] == '"' {
		if k, ok := p.intern[string(p.s[p.i+1:end])]; ok {
			p.i = end + 1
			return k
		}
	}
	k := p.str()
	if p.intern != nil {
		p.intern[k] = k
	}
	return k
}

// str reads a string at p.i (its opening quote).
func (p *jsonParser) str() string {
	p.i++
	start := p.i
	for p.i < len(p.s) {
		c := p.s[p.i]
		if c == '"' {
			s := string(p.s[start:p.i])
			p.i++
			return s
		}
		if c == '\\' {
			break
		}
		if c < 0x20 {
			p.bad()
		}
		p.i++
	}
	var b []byte
	b = append(b, p.s[start:p.i]...)
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			return string(b)
		case c < 0x20:
			p.bad()
		case c == '\\':
			p.i++
			if p.i >= len(p.s) {
				p.bad()
			}
			e := p.s[p.i]
			p.i++
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
				if p.i+4 > len(p.s) {
					p.bad()
				}
				n, err := strconv.ParseUint(string(p.s[p.i:p.i+4]), 16, 32)
				if err != nil || (n >= 0xd800 && n <= 0xdfff) || n == 0 {
					p.bad()
				}
				p.i += 4
				b = utf8.AppendRune(b, rune(n))
			default:
				p.bad()
			}
		default:
			b = append(b, c)
			p.i++
		}
	}
	p.bad()
	return ""
}

// isJSONFile says whether an import found at this name is read as JSON
// first.
func isJSONFile(foundAt string) bool { return strings.HasSuffix(foundAt, ".json") }
