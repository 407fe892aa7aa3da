package validate

import (
	"strconv"
	"strings"
)

// Path is the way from an object's root to one value: string keys of
// objects and int indices of arrays.
type Path []any

// String writes the path as kubectl does: spec.template.spec.containers[0].image.
// A key that is not an identifier (letters, digits and _, not starting
// with a digit) is written quoted in brackets:
// metadata.labels["app.kubernetes.io/name"]. The empty path is "".
func (p Path) String() string {
	var b strings.Builder
	for _, e := range p {
		switch e := e.(type) {
		case int:
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(e))
			b.WriteByte(']')
		case string:
			if isIdent(e) {
				if b.Len() > 0 {
					b.WriteByte('.')
				}
				b.WriteString(e)
			} else {
				b.WriteByte('[')
				b.WriteString(strconv.Quote(e))
				b.WriteByte(']')
			}
		default:
			b.WriteString("[?]")
		}
	}
	return b.String()
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r == '_', 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z':
		case '0' <= r && r <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

// with returns p extended by e, sharing nothing with p.
func (p Path) with(e any) Path {
	q := make(Path, len(p)+1)
	copy(q, p)
	q[len(p)] = e
	return q
}

// comparePaths orders paths element by element, an index before a key,
// a prefix before the paths it starts.
func comparePaths(a, b Path) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if c := compareElem(a[i], b[i]); c != 0 {
			return c
		}
	}
	return len(a) - len(b)
}

func compareElem(a, b any) int {
	ai, aInt := a.(int)
	bi, bInt := b.(int)
	switch {
	case aInt && bInt:
		return ai - bi
	case aInt:
		return -1
	case bInt:
		return 1
	}
	as, _ := a.(string)
	bs, _ := b.(string)
	return strings.Compare(as, bs)
}
