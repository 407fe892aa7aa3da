package fasteval

import "strings"

// equals is go-jsonnet's rawEquals (x and y forced).
func (in *interp) equals(x, y value) bool {
	switch a := x.(type) {
	case *nullType:
		_, ok := y.(*nullType)
		return ok
	case bool:
		b, ok := y.(bool)
		return ok && a == b
	case float64:
		b, ok := y.(float64)
		return ok && a == b
	case string:
		b, ok := y.(string)
		return ok && a == b
	case *array:
		b, ok := y.(*array)
		if !ok {
			return false
		}
		if len(a.elems) != len(b.elems) {
			return false
		}
		for i := range a.elems {
			if !in.equals(in.force(a.elems[i]), in.force(b.elems[i])) {
				return false
			}
		}
		return true
	case *object:
		b, ok := y.(*object)
		if !ok {
			return false
		}
		fa, fb := a.visibleFields(), b.visibleFields()
		if len(fa) != len(fb) {
			return false
		}
		for i := range fa {
			if fa[i] != fb[i] {
				return false
			}
		}
		for _, name := range fa {
			if !in.equals(in.index(a, name), in.index(b, name)) {
				return false
			}
		}
		return true
	case *function:
		if _, ok := y.(*function); ok {
			in.fail("Cannot test equality of functions")
		}
		return false
	}
	in.fail("equals")
	return false
}

// compare is go-jsonnet's valueCmp.
func (in *interp) compare(x, y value) int {
	switch a := x.(type) {
	case float64:
		b := in.number(y)
		switch {
		case a < b:
			return -1
		case a > b:
			return 1
		}
		return 0
	case string:
		return strings.Compare(a, in.str(y))
	case *array:
		b := in.arr(y)
		for i := 0; i < len(a.elems) && i < len(b.elems); i++ {
			if c := in.compare(in.force(a.elems[i]), in.force(b.elems[i])); c != 0 {
				return c
			}
		}
		switch {
		case len(a.elems) < len(b.elems):
			return -1
		case len(a.elems) > len(b.elems):
			return 1
		}
		return 0
	}
	in.fail("Values of type " + typeName(x) + " are not comparable")
	return 0
}
