package fasteval

import (
	"sort"

	"github.com/google/go-jsonnet/ast"
)

// fieldDef is one field of an object literal.
type fieldDef struct {
	name     string // the literal name ("" when nameNode computes it)
	nameNode node
	hide     ast.ObjectFieldHide
	plus     bool
	body     node
}

// objDef is an object literal compiled: its fields, asserts and locals
// (the locals, $ among them, are the frame its field bodies run in).
type objDef struct {
	fields  []fieldDef
	static  map[string]int32 // every name a distinct literal: name to field
	names   []string         // static's names in field order
	visible []string         // static's names without hidden fields, sorted
	asserts []node
	locals  []node
}

// fieldRef is a field found in a leaf: its definition and the frame its
// object captured.
type fieldRef struct {
	f   *fieldDef
	env *env
}

// leaf is one object of an inheritance chain, flattened: an object
// literal (def with env, fields when its names are computed), fields
// given as values (values, all with valueHide), or the restriction that
// std.objectRemoveKey puts on top (restrict).
type leaf struct {
	def       *objDef
	env       *env
	fields    map[string]fieldRef
	values    map[string]value
	valueHide ast.ObjectFieldHide
	restrict  map[string]ast.ObjectFieldHide
}

func (l *leaf) has(name string) bool {
	if l.values != nil {
		_, ok := l.values[name]
		return ok
	}
	if l.fields != nil {
		_, ok := l.fields[name]
		return ok
	}
	if l.def != nil && l.def.static != nil {
		_, ok := l.def.static[name]
		return ok
	}
	return false
}

func (l *leaf) ref(name string) fieldRef {
	if l.fields != nil {
		return l.fields[name]
	}
	return fieldRef{&l.def.fields[l.def.static[name]], l.env}
}

// object is a Jsonnet object: its leaves from the base (0) to the top,
// and what has been computed from them.
type object struct {
	leaves     []*leaf
	hasAsserts bool
	asserted   uint8 // 0 not checked, 1 checking or passed
	cache      map[string]value
	scache     map[superKey]value
	// single is the field values of an object of one static leaf, by the
	// field's index (cache is unused then).
	single  []value
	envs    []*env
	env0    *env // envs[0] of an object of one leaf
	vis     map[string]ast.ObjectFieldHide
	visible []string // sorted, without hidden fields
}

type superKey struct {
	name string
	leaf int
}

func newObject(leaves []*leaf, asserts bool) *object {
	return &object{leaves: leaves, hasAsserts: asserts}
}

// find returns the index of the topmost leaf at or below s that has
// name, or -1.
func (o *object) find(name string, s int) int {
	for k := s; k >= 0; k-- {
		l := o.leaves[k]
		if l.restrict != nil {
			if k == s {
				if _, ok := l.restrict[name]; !ok {
					return -1
				}
			}
			continue
		}
		if l.has(name) {
			return k
		}
	}
	return -1
}

// visibility is the object's field names with their visibility.
func (o *object) visibility() map[string]ast.ObjectFieldHide {
	if o.vis != nil {
		return o.vis
	}
	r := map[string]ast.ObjectFieldHide{}
	set := func(name string, h ast.ObjectFieldHide) {
		if h == ast.ObjectFieldInherit {
			if _, ok := r[name]; ok {
				return
			}
		}
		r[name] = h
	}
	for _, l := range o.leaves {
		switch {
		case l.restrict != nil:
			r = make(map[string]ast.ObjectFieldHide, len(l.restrict))
			for k, v := range l.restrict {
				r[k] = v
			}
		case l.values != nil:
			for k := range l.values {
				set(k, l.valueHide)
			}
		case l.fields != nil:
			for k, f := range l.fields {
				set(k, f.f.hide)
			}
		case l.def != nil && l.def.static != nil:
			for i := range l.def.fields {
				set(l.def.fields[i].name, l.def.fields[i].hide)
			}
		}
	}
	o.vis = r
	return r
}

// visibleFields is the sorted names of the fields that are not hidden.
func (o *object) visibleFields() []string {
	if o.visible != nil {
		return o.visible
	}
	if d := o.singleDef(); d != nil {
		o.visible = d.visible
		return d.visible
	}
	vis := o.visibility()
	names := make([]string, 0, len(vis))
	for k, h := range vis {
		if h != ast.ObjectFieldHidden {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	o.visible = names
	return names
}

// allFields is the sorted names of every field, hidden ones too.
func (o *object) allFields() []string {
	vis := o.visibility()
	names := make([]string, 0, len(vis))
	for k := range vis {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}

// fieldEnv is the frame fields of leaf k run in, with o as self.
func (in *interp) fieldEnv(o *object, k int, outer *env) *env {
	l := o.leaves[k]
	if l.def == nil {
		// A merged comprehension: each field has its own frame.
		return &env{up: outer, self: o, sup: k}
	}
	if len(o.leaves) == 1 {
		if o.env0 != nil {
			return o.env0
		}
	} else if o.envs == nil {
		o.envs = make([]*env, len(o.leaves))
	} else if e := o.envs[k]; e != nil {
		return e
	}
	e := newEnv(len(l.def.locals), outer)
	e.self, e.sup = o, k
	if len(l.def.locals) > 0 {
		for i, b := range l.def.locals {
			e.vars[i] = delay(b, e)
		}
	}
	if len(o.leaves) == 1 {
		o.env0 = e
	} else {
		o.envs[k] = e
	}
	return e
}

// checkAsserts runs o's assertions once.
func (in *interp) checkAsserts(o *object) {
	if !o.hasAsserts || o.asserted != 0 {
		return
	}
	o.asserted = 1
	for k := len(o.leaves) - 1; k >= 0; k-- {
		l := o.leaves[k]
		if l.def == nil || len(l.def.asserts) == 0 {
			continue
		}
		e := in.fieldEnv(o, k, l.env)
		for _, a := range l.def.asserts {
			in.enter()
			a.eval(in, e)
			in.leave()
		}
	}
}

// singleDef is the definition of an object that is one literal with
// literal field names, or nil.
func (o *object) singleDef() *objDef {
	if len(o.leaves) == 1 {
		if d := o.leaves[0].def; d != nil && d.static != nil && o.leaves[0].fields == nil {
			return d
		}
	}
	return nil
}

// index is o.name.
func (in *interp) index(o *object, name string) value {
	in.checkAsserts(o)
	if d := o.singleDef(); d != nil {
		i, ok := d.static[name]
		if !ok {
			in.fail("Field does not exist: " + name)
		}
		if o.single == nil {
			o.single = make([]value, len(d.fields))
		} else if v := o.single[i]; v != nil {
			return v
		}
		v := in.evalField(o, 0, name)
		o.single[i] = v
		return v
	}
	if v, ok := o.cache[name]; ok {
		return v
	}
	k := o.find(name, len(o.leaves)-1)
	if k < 0 {
		in.fail("Field does not exist: " + name)
	}
	v := in.evalField(o, k, name)
	if o.cache == nil {
		o.cache = make(map[string]value, 8)
	}
	o.cache[name] = v
	return v
}

// superIndex is super.name in a field of leaf sup of o.
func (in *interp) superIndex(o *object, sup int, name string) value {
	in.checkAsserts(o)
	if sup-1 < 0 {
		in.fail("Attempt to use super when there is no super class.")
	}
	k := o.find(name, sup-1)
	if k < 0 {
		in.fail("Field does not exist: " + name)
	}
	key := superKey{name, k}
	if v, ok := o.scache[key]; ok {
		return v
	}
	v := in.evalField(o, k, name)
	if o.scache == nil {
		o.scache = make(map[superKey]value)
	}
	o.scache[key] = v
	return v
}

func (in *interp) evalField(o *object, k int, name string) value {
	l := o.leaves[k]
	if l.values != nil {
		return in.force(l.values[name])
	}
	ref := l.ref(name)
	e := in.fieldEnv(o, k, ref.env)
	if ref.f.plus {
		// go-jsonnet's +: is a frame around the field's own.
		in.enter()
		defer in.leave()
	}
	in.enter()
	v := ref.f.body.eval(in, e)
	in.leave()
	if ref.f.plus && k > 0 && o.find(name, k-1) >= 0 {
		v = in.plus(in.superIndex(o, k, name), v)
	}
	return v
}

// extend is left + right for objects.
func extend(a, b *object) *object {
	leaves := make([]*leaf, 0, len(a.leaves)+len(b.leaves))
	leaves = append(leaves, a.leaves...)
	leaves = append(leaves, b.leaves...)
	return newObject(leaves, a.hasAsserts || b.hasAsserts)
}

// valuesObject is an object of the given fields, all with visibility h.
func valuesObject(fields map[string]value, h ast.ObjectFieldHide) *object {
	return newObject([]*leaf{{values: fields, valueHide: h}}, false)
}
