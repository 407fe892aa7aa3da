package fasteval

import (
	"sort"

	"github.com/google/go-jsonnet/ast"
)

// value is one Jsonnet value: nullType (null), bool, float64, string,
// *array, *object or *function. A *thunk stands for a value not yet
// computed; it is found only in variable slots, array elements and
// argument lists, never as the result of an evaluation.
type value any

// nullType is null's type; null is its one value.
type nullType struct{}

var null = &nullType{}

// thunk is a value computed on first use: node in env.
type thunk struct {
	node  node
	env   *env
	val   value
	state uint8 // 0 pending, 1 running, 2 done
}

// force returns v's value, computing it if v is a thunk.
func (in *interp) force(v value) value {
	t, ok := v.(*thunk)
	if !ok {
		return v
	}
	if t.state == 2 {
		return t.val
	}
	if t.state == 1 {
		in.fail("infinite recursion")
	}
	t.state = 1
	in.enter()
	r := t.node.eval(in, t.env)
	in.leave()
	t.val, t.state, t.node, t.env = r, 2, nil, nil
	return r
}

// array is a Jsonnet array; its elements may be thunks.
type array struct {
	elems []value
}

// env is one frame of variables: vars, then the enclosing frames through
// up; self and sup are the object a field or method runs in and the leaf
// it was found at (super is the leaves below sup).
type env struct {
	vars []value
	up   *env
	self *object
	sup  int
	// inline holds vars when there are few, saving an allocation.
	inline [3]value
}

// newEnv returns a frame of n variables under up, with up's object.
func newEnv(n int, up *env) *env {
	e := &env{up: up}
	if up != nil {
		e.self, e.sup = up.self, up.sup
	}
	if n <= len(e.inline) {
		e.vars = e.inline[:n:n]
	} else {
		e.vars = make([]value, n)
	}
	return e
}

// function is a closure or a builtin.
type function struct {
	params   []ast.Identifier
	defaults []node // nil where a parameter has none
	body     node
	env      *env
	// builtin, when set, is the function: its arguments are given
	// forced, missing defaults as nil.
	builtin func(in *interp, args []value) value
	name    string
	// phantom is the frames go-jsonnet counts that a builtin written here
	// does not: where go-jsonnet's is Jsonnet (std.format's loop) or
	// behind internal/stdguard's Jsonnet guard. They are counted around
	// the builtin's call and its arguments' evaluation.
	phantom int
	// nreq is a builtin's number of required parameters (std.length).
	nreq int
	// stub marks a builtin of go-jsonnet's not written here: calling it
	// leaves the program to go-jsonnet.
	stub bool
}

func (f *function) required() int {
	if f.builtin != nil {
		if f.stub {
			panic(&unsupported{"std.length of std." + f.name})
		}
		return f.nreq
	}
	n := 0
	for _, d := range f.defaults {
		if d == nil {
			n++
		}
	}
	return n
}

// typeName is std.type's name of v (forced).
func typeName(v value) string {
	switch v.(type) {
	case *nullType:
		return "null"
	case bool:
		return "boolean"
	case float64:
		return "number"
	case string:
		return "string"
	case *array:
		return "array"
	case *object:
		return "object"
	case *function:
		return "function"
	}
	return "unknown"
}

// sortedStrings sorts a copy-free slice in place and returns it.
func sortedStrings(s []string) []string {
	sort.Strings(s)
	return s
}
