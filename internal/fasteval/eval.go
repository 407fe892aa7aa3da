package fasteval

import (
	"math"
	"unicode/utf8"

	"github.com/google/go-jsonnet/ast"
)

// evalError is a runtime error of the fast engine: the caller evaluates
// the program again with go-jsonnet, whose error is the one printed.
type evalError struct{ msg string }

func (e *evalError) Error() string { return e.msg }

func (in *interp) fail(msg string) { panic(&evalError{msg}) }

// frame is one of go-jsonnet's "clean" stack frames, as counted against
// the stack limit: a call, a thunk, a field, a level of manifesting.
// trimmable is a frame of a tailstrict call, which go-jsonnet drops from
// its count when the call's body makes a call in tail position; trimmed
// says it was.
type frame struct{ trimmable, trimmed bool }

// enter counts a frame, failing as go-jsonnet does past the limit (one
// sooner: the fast engine may miss a frame go-jsonnet counts for a
// moment, a thunk of a literal).
func (in *interp) enter() { in.push(false) }

func (in *interp) push(trimmable bool) {
	in.depth++
	if in.depth >= in.maxDepth {
		in.fail("max stack frames exceeded.")
	}
	in.frames = append(in.frames, frame{trimmable: trimmable})
}

func (in *interp) leave() {
	n := len(in.frames) - 1
	if !in.frames[n].trimmed {
		in.depth--
	}
	in.frames = in.frames[:n]
}

// tailCall is go-jsonnet's tailCallTrimStack: a call in tail position
// drops the current frame from the count if a tailstrict call made it.
func (in *interp) tailCall() {
	if n := len(in.frames) - 1; n >= 0 {
		if f := &in.frames[n]; f.trimmable && !f.trimmed {
			f.trimmed = true
			in.depth--
		}
	}
}

// cleanString makes s valid UTF-8 as go-jsonnet's runes do: each
// invalid byte becomes U+FFFD.
func cleanString(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return string([]rune(s))
}

type lit struct{ v value }

func (n *lit) eval(*interp, *env) value { return n.v }

type errorLit struct{ msg string }

func (n *errorLit) eval(in *interp, _ *env) value { in.fail(n.msg); return nil }

type var0 struct{ i int }

func (n *var0) eval(in *interp, e *env) value { return in.force(e.vars[n.i]) }

type var1 struct{ i int }

func (n *var1) eval(in *interp, e *env) value { return in.force(e.up.vars[n.i]) }

type varN struct{ d, i int }

func (n *varN) slot(e *env) value {
	for d := n.d; d > 0; d-- {
		e = e.up
	}
	return e.vars[n.i]
}

func (n *varN) eval(in *interp, e *env) value { return in.force(n.slot(e)) }

type selfN struct{}

func (n *selfN) eval(in *interp, e *env) value {
	if e.self == nil {
		in.fail("self outside an object")
	}
	return e.self
}

// delay is n's value in e without computing it: literals and functions
// as they are, anything else a thunk.
func delay(n node, e *env) value {
	switch n := n.(type) {
	case *lit:
		return n.v
	case *funcN:
		return n.eval(nil, e)
	}
	return &thunk{node: n, env: e}
}

// delayArg is delay for an argument or array element, whose frame is
// complete: a variable whose value is known is that value. A variable
// still to compute gets a thunk of its own, as go-jsonnet gives it: the
// frames forcing it costs are counted alike.
func delayArg(n node, e *env) value {
	var v value
	switch n := n.(type) {
	case *lit:
		return n.v
	case *var0:
		v = e.vars[n.i]
	case *var1:
		v = e.up.vars[n.i]
	case *varN:
		v = n.slot(e)
	case *funcN:
		return n.eval(nil, e)
	default:
		return &thunk{node: n, env: e}
	}
	if t, ok := v.(*thunk); ok {
		if t.state != 2 {
			return &thunk{node: n, env: e}
		}
		return t.val
	}
	return v
}

type localN struct {
	binds []node
	body  node
}

func (n *localN) eval(in *interp, e *env) value {
	e2 := newEnv(len(n.binds), e)
	for i, b := range n.binds {
		e2.vars[i] = delay(b, e2)
	}
	return n.body.eval(in, e2)
}

type funcN struct {
	params   []ast.Identifier
	defaults []node
	body     node
}

func (n *funcN) eval(_ *interp, e *env) value {
	return &function{params: n.params, defaults: n.defaults, body: n.body, env: e}
}

type namedArg struct {
	name ast.Identifier
	arg  node
}

type applyN struct {
	target     node
	pos        []node
	named      []namedArg
	tailstrict bool
	tail       bool // in tail position in its frame's body
	loc        *ast.LocationRange
}

func (n *applyN) eval(in *interp, e *env) value {
	fv := n.target.eval(in, e)
	f, ok := fv.(*function)
	if !ok {
		in.fail("Only functions can be called, got " + typeName(fv))
	}
	if f.stub {
		f.builtin(in, nil)
	}
	np := len(f.params)
	if len(n.pos) > np {
		in.fail("function expected fewer positional arguments")
	}
	if f.builtin != nil {
		var buf [4]value
		args := buf[:0]
		if np > len(buf) {
			args = make([]value, 0, np)
		}
		args = args[:np]
		for k := 0; k < f.phantom; k++ {
			in.enter()
		}
		// Each argument is evaluated in a frame, go-jsonnet's thunk's.
		for i, a := range n.pos {
			in.enter()
			args[i] = in.force(a.eval(in, e))
			in.leave()
		}
		for _, na := range n.named {
			k := paramIndex(f.params, na.name)
			if k < 0 || args[k] != nil {
				in.fail("bad named argument " + string(na.name) + " to " + f.name)
			}
			in.enter()
			args[k] = in.force(na.arg.eval(in, e))
			in.leave()
		}
		for i := range args {
			if args[i] == nil && f.defaults == nil {
				in.fail("Missing argument: " + string(f.params[i]))
			}
		}
		in.loc = n.loc
		if n.tail && f.phantom == 0 {
			in.tailCall()
		}
		r := f.builtin(in, args)
		for k := 0; k < f.phantom; k++ {
			in.leave()
		}
		return r
	}
	if n.tail {
		in.tailCall()
	}
	e2 := newEnv(np, f.env)
	vars := e2.vars
	for i, a := range n.pos {
		vars[i] = delayArg(a, e)
	}
	for _, na := range n.named {
		k := paramIndex(f.params, na.name)
		if k < 0 || vars[k] != nil {
			in.fail("bad named argument " + string(na.name) + " to " + f.name)
		}
		vars[k] = delayArg(na.arg, e)
	}
	return in.callClosure(f, e2, n.tailstrict)
}

func paramIndex(params []ast.Identifier, name ast.Identifier) int {
	for i, p := range params {
		if p == name {
			return i
		}
	}
	return -1
}

// callClosure runs f in e2, its parameters' frame (nil where not given).
func (in *interp) callClosure(f *function, e2 *env, strict bool) value {
	vars := e2.vars
	for i := range vars {
		if vars[i] == nil {
			if f.defaults[i] == nil {
				in.fail("Missing argument: " + string(f.params[i]))
			}
			vars[i] = delay(f.defaults[i], e2)
		}
	}
	if strict {
		for _, v := range vars {
			in.force(v)
		}
	}
	in.push(strict)
	r := f.body.eval(in, e2)
	in.leave()
	return r
}

// call calls any function with positional arguments (values or thunks).
func (in *interp) call(f *function, args ...value) value {
	if f.stub {
		f.builtin(in, nil)
	}
	if len(args) > len(f.params) {
		in.fail("function expected fewer positional arguments")
	}
	if f.builtin != nil {
		forced := make([]value, len(f.params))
		for i, a := range args {
			forced[i] = in.force(a)
		}
		for i := range forced {
			if forced[i] == nil && f.defaults == nil {
				in.fail("Missing argument")
			}
		}
		in.loc = nil
		for k := 0; k < f.phantom; k++ {
			in.enter()
		}
		r := f.builtin(in, forced)
		for k := 0; k < f.phantom; k++ {
			in.leave()
		}
		return r
	}
	e2 := newEnv(len(f.params), f.env)
	copy(e2.vars, args)
	return in.callClosure(f, e2, false)
}

type arrayN struct{ elems []node }

func (n *arrayN) eval(in *interp, e *env) value {
	a := &array{elems: make([]value, len(n.elems))}
	for i, el := range n.elems {
		a.elems[i] = delayArg(el, e)
	}
	return a
}

type andN struct{ l, r node }

func (n *andN) eval(in *interp, e *env) value {
	if !in.boolean(n.l.eval(in, e)) {
		return false
	}
	return in.boolean(n.r.eval(in, e))
}

type orN struct{ l, r node }

func (n *orN) eval(in *interp, e *env) value {
	if in.boolean(n.l.eval(in, e)) {
		return true
	}
	return in.boolean(n.r.eval(in, e))
}

func (in *interp) boolean(v value) bool {
	b, ok := v.(bool)
	if !ok {
		in.fail("Unexpected type " + typeName(v) + ", expected boolean")
	}
	return b
}

func (in *interp) number(v value) float64 {
	f, ok := v.(float64)
	if !ok {
		in.fail("Unexpected type " + typeName(v) + ", expected number")
	}
	return f
}

func (in *interp) str(v value) string {
	s, ok := v.(string)
	if !ok {
		in.fail("Unexpected type " + typeName(v) + ", expected string")
	}
	return s
}

func (in *interp) arr(v value) *array {
	a, ok := v.(*array)
	if !ok {
		in.fail("Unexpected type " + typeName(v) + ", expected array")
	}
	return a
}

func (in *interp) obj(v value) *object {
	o, ok := v.(*object)
	if !ok {
		in.fail("Unexpected type " + typeName(v) + ", expected object")
	}
	return o
}

func (in *interp) fn(v value) *function {
	f, ok := v.(*function)
	if !ok {
		in.fail("Unexpected type " + typeName(v) + ", expected function")
	}
	return f
}

// checked is x, or a failure for NaN and infinities.
func (in *interp) checked(x float64) value {
	if math.IsNaN(x) {
		in.fail("Not a number")
	}
	if math.IsInf(x, 0) {
		in.fail("Overflow")
	}
	return x
}

type binN struct {
	op   ast.BinaryOp
	l, r node
}

func (n *binN) eval(in *interp, e *env) value {
	l := n.l.eval(in, e)
	r := n.r.eval(in, e)
	return in.binary(n.op, l, r)
}

func (in *interp) binary(op ast.BinaryOp, l, r value) value {
	switch op {
	case ast.BopPlus:
		return in.plus(l, r)
	case ast.BopMinus:
		return in.checked(in.number(l) - in.number(r))
	case ast.BopMult:
		return in.checked(in.number(l) * in.number(r))
	case ast.BopDiv:
		x, y := in.number(l), in.number(r)
		if y == 0 {
			in.fail("Division by zero.")
		}
		return in.checked(x / y)
	case ast.BopManifestEqual:
		return in.equals(l, r)
	case ast.BopManifestUnequal:
		return !in.equals(l, r)
	case ast.BopLess:
		return in.compare(l, r) < 0
	case ast.BopLessEq:
		return in.compare(l, r) <= 0
	case ast.BopGreater:
		return in.compare(l, r) > 0
	case ast.BopGreaterEq:
		return in.compare(l, r) >= 0
	case ast.BopShiftL, ast.BopShiftR, ast.BopBitwiseAnd, ast.BopBitwiseOr, ast.BopBitwiseXor:
		x, y := in.number(l), in.number(r)
		const maxSafe = float64(1<<53 - 1)
		if x < -maxSafe || x > maxSafe || y < -maxSafe || y > maxSafe {
			in.fail("Bitwise operator argument outside of range")
		}
		a, b := int64(x), int64(y)
		switch op {
		case ast.BopShiftL:
			if b < 0 {
				in.fail("Shift by negative exponent.")
			}
			return in.checked(float64(a << uint(b%64)))
		case ast.BopShiftR:
			if b < 0 {
				in.fail("Shift by negative exponent.")
			}
			return in.checked(float64(a >> uint(b%64)))
		case ast.BopBitwiseAnd:
			return float64(a & b)
		case ast.BopBitwiseOr:
			return float64(a | b)
		}
		return float64(a ^ b)
	}
	panic(&unsupported{"binary operator " + op.String()})
}

func (in *interp) plus(l, r value) value {
	if rs, ok := r.(string); ok {
		if ls, ok := l.(string); ok {
			return ls + rs
		}
		return in.toString(l) + rs
	}
	switch l := l.(type) {
	case float64:
		return in.checked(l + in.number(r))
	case string:
		return l + in.toString(r)
	case *object:
		ro, ok := r.(*object)
		if !ok {
			in.fail("Unexpected type " + typeName(r) + ", expected object")
		}
		return extend(l, ro)
	case *array:
		ra := in.arr(r)
		if len(l.elems) == 0 {
			return ra
		}
		if len(ra.elems) == 0 {
			return l
		}
		el := make([]value, 0, len(l.elems)+len(ra.elems))
		el = append(el, l.elems...)
		el = append(el, ra.elems...)
		return &array{elems: el}
	}
	in.fail("Unexpected type " + typeName(l))
	return nil
}

type unN struct {
	op ast.UnaryOp
	x  node
}

func (n *unN) eval(in *interp, e *env) value {
	v := n.x.eval(in, e)
	switch n.op {
	case ast.UopNot:
		return !in.boolean(v)
	case ast.UopMinus:
		return -in.number(v)
	case ast.UopPlus:
		return in.number(v)
	case ast.UopBitwiseNot:
		return float64(^int64(in.number(v)))
	}
	panic(&unsupported{"unary operator"})
}

type condN struct{ c, t, f node }

func (n *condN) eval(in *interp, e *env) value {
	if in.boolean(n.c.eval(in, e)) {
		return n.t.eval(in, e)
	}
	return n.f.eval(in, e)
}

type errorN struct{ x node }

func (n *errorN) eval(in *interp, e *env) value {
	in.fail("error")
	return nil
}

type fieldN struct {
	target node
	name   string
}

func (n *fieldN) eval(in *interp, e *env) value {
	t := n.target.eval(in, e)
	if o, ok := t.(*object); ok {
		return in.index(o, n.name)
	}
	return in.indexValue(t, n.name)
}

type indexN struct{ target, index node }

func (n *indexN) eval(in *interp, e *env) value {
	return in.indexValue(n.target.eval(in, e), n.index.eval(in, e))
}

func (in *interp) indexValue(t, i value) value {
	switch t := t.(type) {
	case *object:
		return in.index(t, in.str(i))
	case *array:
		k := int(in.number(i))
		if k < 0 || k >= len(t.elems) {
			in.fail("Index out of bounds")
		}
		return in.force(t.elems[k])
	case string:
		k := int(in.number(i))
		if k >= 0 && k < len(t) && isASCII(t) {
			return t[k : k+1]
		}
		rs := []rune(t)
		if k < 0 || k >= len(rs) {
			in.fail("Index out of bounds")
		}
		return string(rs[k])
	}
	in.fail("Value non indexable")
	return nil
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// strLen is s's length in code points.
func strLen(s string) int { return utf8.RuneCountInString(s) }

type superIndexN struct{ index node }

func (n *superIndexN) eval(in *interp, e *env) value {
	name := in.str(n.index.eval(in, e))
	if e.self == nil {
		in.fail("super outside an object")
	}
	return in.superIndex(e.self, e.sup, name)
}

type inSuperN struct{ index node }

func (n *inSuperN) eval(in *interp, e *env) value {
	name := in.str(n.index.eval(in, e))
	if e.self == nil {
		in.fail("super outside an object")
	}
	if e.sup-1 < 0 {
		return false
	}
	return e.self.find(name, e.sup-1) >= 0
}

type objN struct{ def *objDef }

func (n *objN) eval(in *interp, e *env) value {
	d := n.def
	l := &leaf{def: d, env: e}
	if d.static == nil {
		l.fields = make(map[string]fieldRef, len(d.fields))
		for i := range d.fields {
			f := &d.fields[i]
			nv := f.nameNode.eval(in, e)
			switch nv := nv.(type) {
			case *nullType:
				continue
			case string:
				if _, dup := l.fields[nv]; dup {
					in.fail("Duplicate field name")
				}
				l.fields[nv] = fieldRef{f, e}
			default:
				in.fail("Field name must be string")
			}
		}
	}
	return newObject([]*leaf{l}, len(d.asserts) > 0)
}

type importKind int

const (
	importCode importKind = iota
	importString
	importBinary
)

type importN struct {
	kind importKind
	path string
	from string
}

func (n *importN) eval(in *interp, _ *env) value {
	return in.importValue(n.kind, n.from, n.path)
}
