package stdlib

import (
	"strings"
	"testing"
)

func TestToOverlay(t *testing.T) {
	runCases(t, Options{}, []evalCase{
		{name: "nested objects merge, scalars replace", expr: `{a: {b: {c: 1, d: 10}}} + kubecfg.toOverlay({a: {b: {c: 2}}})`, want: obj{"a": obj{"b": obj{"c": 2, "d": 10}}}},
		{name: "plain + would drop siblings", expr: `{a: {b: {c: 1, d: 10}}} + {a: {b: {c: 2}}}`, want: obj{"a": obj{"b": obj{"c": 2}}}},
		{name: "arrays replace", expr: `{a: {l: [1, 2], k: 1}} + kubecfg.toOverlay({a: {l: [3]}})`, want: obj{"a": obj{"l": arr{3}, "k": 1}}},
		{name: "object replaced by scalar", expr: `{a: {x: 1}} + kubecfg.toOverlay({a: 3})`, want: obj{"a": 3}},
		{name: "new nested field", expr: `{b: 1} + kubecfg.toOverlay({a: {b: {c: 1}}})`, want: obj{"b": 1, "a": obj{"b": obj{"c": 1}}}},
		{name: "null replaces", expr: `{a: {x: 1}} + kubecfg.toOverlay({a: null})`, want: obj{"a": nil}},
		{name: "scalar is itself", expr: `kubecfg.toOverlay(5)`, want: 5},
		{name: "array is itself", expr: `kubecfg.toOverlay([{a: 1}])`, want: arr{obj{"a": 1}}},
		{name: "base hidden field stays hidden", expr: `std.objectFields({h:: {x: 1}, v: 1} + kubecfg.toOverlay({h: {y: 2}}))`, want: arr{"v"}},
		{name: "base hidden field merged", expr: `({h:: {x: 1}} + kubecfg.toOverlay({h: {y: 2}})).h`, want: obj{"x": 1, "y": 2}},
		{name: "from parsed yaml", expr: `{spec: {replicas: 1, template: {x: 1}}} + kubecfg.toOverlay(kubecfg.parseYaml('spec:\n  replicas: 3\n')[0])`, want: obj{"spec": obj{"replicas": 3, "template": obj{"x": 1}}}},
		{name: "lazy: untouched errors are not evaluated", expr: `({a: error 'boom', b: {c: 1}} + kubecfg.toOverlay({b: {d: 2}})).b`, want: obj{"c": 1, "d": 2}},
	})
}

func TestIsK8sObject(t *testing.T) {
	runCases(t, Options{}, []evalCase{
		{name: "object", expr: `kubecfg.isK8sObject({apiVersion: 'v1', kind: 'Pod'})`, want: true},
		{name: "string", expr: `kubecfg.isK8sObject('bogus')`, want: false},
		{name: "null", expr: `kubecfg.isK8sObject(null)`, want: false},
		{name: "array", expr: `kubecfg.isK8sObject([{apiVersion: 'v1', kind: 'Pod'}])`, want: false},
		{name: "no kind", expr: `kubecfg.isK8sObject({apiVersion: 'v1'})`, want: false},
		{name: "no apiVersion", expr: `kubecfg.isK8sObject({kind: 'Pod'})`, want: false},
		{name: "hidden apiVersion", expr: `kubecfg.isK8sObject({apiVersion:: 'v1', kind: 'Pod'})`, want: false},
	})
}

// walkInput nests objects in objects, arrays, nested arrays, a v1 List
// and null.
const walkInput = `
local o(n) = {apiVersion: 'example.com/v1', kind: 'Test', name: n};
local input = {
  z: o('z'),
  a: o('a'),
  b: [{b1: o('b1')}, o('b2'), [[o('b3')], null]],
  c: null,
  d: {apiVersion: 'v1', kind: 'List', extra: 'keep', items: [o('d1'), [o('d2')]]},
  h:: o('hidden'),
};
`

func TestDeepMap(t *testing.T) {
	o := func(n string) obj { return obj{"apiVersion": "example.com/v1", "kind": "Test", "name": n} }
	runCases(t, Options{}, []evalCase{
		{name: "structure kept", expr: walkInput + `kubecfg.deepMap(function(x) x {name+: '!'}, input)`, want: obj{
			"z": o("z!"),
			"a": o("a!"),
			"b": arr{obj{"b1": o("b1!")}, o("b2!"), arr{arr{o("b3!")}, nil}},
			"c": nil,
			"d": obj{"apiVersion": "v1", "kind": "List", "extra": "keep", "items": arr{o("d1!"), arr{o("d2!")}}},
		}},
		{name: "list itself not passed to func", expr: `kubecfg.deepMap(function(x) x {seen: true}, {apiVersion: 'v1', kind: 'List', items: []})`, want: obj{"apiVersion": "v1", "kind": "List", "items": arr{}}},
		{name: "non-v1 List is an object", expr: `kubecfg.deepMap(function(x) 'f', {apiVersion: 'x/v1', kind: 'List', items: []})`, want: "f"},
		{name: "null", expr: `kubecfg.deepMap(function(x) x, null)`, want: nil},
		{name: "number fails", expr: `kubecfg.deepMap(function(x) x, {a: 1})`, err: "o must be an object or array of k8s objects, found number"},
		{name: "string in array fails", expr: `kubecfg.deepMap(function(x) x, ['s'])`, err: "o must be an object or array of k8s objects, found string"},
	})
}

func TestFold(t *testing.T) {
	names := `local names(acc, x) = acc + [x.name];`
	runCases(t, Options{}, []evalCase{
		{name: "walk order", expr: walkInput + names + `kubecfg.fold(names, input, [])`, want: arr{"a", "b1", "b2", "b3", "d1", "d2", "z"}},
		{name: "left fold", expr: walkInput + `kubecfg.fold(function(acc, x) '(' + acc + x.name + ')', [input.a, input.z], '')`, want: "((a)z)"},
		{name: "count", expr: walkInput + `kubecfg.fold(function(acc, x) acc + 1, input, 0)`, want: 7},
		{name: "null gives init", expr: `kubecfg.fold(function(acc, x) error 'called', null, 'init')`, want: "init"},
		{name: "empty list gives init", expr: `kubecfg.fold(function(acc, x) error 'called', {apiVersion: 'v1', kind: 'List', items: []}, 'init')`, want: "init"},
		{name: "bool fails", expr: `kubecfg.fold(function(acc, x) acc, [true], [])`, err: "o must be an object or array of k8s objects, found boolean"},
	})
}

const nestedObj = `
local nested = {
  foo: {
    bar: {baz: 'nested!', zero: 0, nil: null},
    hidden:: {qux:: 'sneaky!'},
    str: 'text',
  },
};
`

func TestGetPath(t *testing.T) {
	runCases(t, Options{}, []evalCase{
		{name: "nested", expr: nestedObj + `kubecfg.getPath(nested, 'foo.bar.baz')`, want: "nested!"},
		{name: "object", expr: nestedObj + `kubecfg.getPath(nested, 'foo.bar')`, want: obj{"baz": "nested!", "zero": 0, "nil": nil}},
		{name: "hidden by default", expr: nestedObj + `kubecfg.getPath(nested, 'foo.hidden.qux')`, want: "sneaky!"},
		{name: "hidden excluded", expr: nestedObj + `kubecfg.getPath(nested, 'foo.hidden.qux', inc_hidden=false)`, want: nil},
		{name: "hidden excluded with default", expr: nestedObj + `kubecfg.getPath(nested, 'foo.hidden.qux', 'd', false)`, want: "d"},
		{name: "missing is null", expr: nestedObj + `kubecfg.getPath(nested, 'foo.not.exist')`, want: nil},
		{name: "named default", expr: nestedObj + `kubecfg.getPath(nested, 'foo.not.exist', default='hello!')`, want: "hello!"},
		{name: "positional default", expr: nestedObj + `kubecfg.getPath(nested, 'path.not.exist', 'default!')`, want: "default!"},
		{name: "zero is not missing", expr: nestedObj + `kubecfg.getPath(nested, 'foo.bar.zero', 'd')`, want: 0},
		{name: "null value is not missing", expr: nestedObj + `kubecfg.getPath(nested, 'foo.bar.nil', 'd')`, want: nil},
		{name: "through a string gives default", expr: nestedObj + `kubecfg.getPath(nested, 'foo.str.len', 'd')`, want: "d"},
		{name: "on a non-object gives default", expr: `kubecfg.getPath([1], 'a', 'd')`, want: "d"},
	})
}

func TestObjectHasPath(t *testing.T) {
	runCases(t, Options{}, []evalCase{
		{name: "present", expr: nestedObj + `kubecfg.objectHasPath(nested, 'foo.bar.baz')`, want: true},
		{name: "prefix", expr: nestedObj + `kubecfg.objectHasPath(nested, 'foo')`, want: true},
		{name: "missing", expr: nestedObj + `kubecfg.objectHasPath(nested, 'foo.not.exist')`, want: false},
		{name: "hidden not counted", expr: nestedObj + `kubecfg.objectHasPath(nested, 'foo.hidden.qux')`, want: false},
		{name: "hidden counted on request", expr: nestedObj + `kubecfg.objectHasPath(nested, 'foo.hidden.qux', inc_hidden=true)`, want: true},
		{name: "all counts hidden", expr: nestedObj + `kubecfg.objectHasPathAll(nested, 'foo.hidden.qux')`, want: true},
		{name: "all missing", expr: nestedObj + `kubecfg.objectHasPathAll(nested, 'foo.hidden.nope')`, want: false},
		{name: "null value exists", expr: nestedObj + `kubecfg.objectHasPath(nested, 'foo.bar.nil')`, want: true},
		{name: "through a string", expr: nestedObj + `kubecfg.objectHasPath(nested, 'foo.str.x')`, want: false},
		{name: "the upstream example", expr: `kubecfg.objectHasPathAll({foo:: {bar: {baz: {qux: 'some-val'}}}}.foo, 'bar.baz.qux')`, want: true},
	})
}

const layoutObjs = `
local cm(name, ns=null) = {apiVersion: 'v1', kind: 'ConfigMap', metadata: {name: name} + (if ns == null then {} else {namespace: ns})};
local dep(name) = {apiVersion: 'apps/v1', kind: 'Deployment', metadata: {name: name, namespace: 'web'}};
`

func TestLayouts(t *testing.T) {
	cm := func(name, ns string) obj {
		md := obj{"name": name}
		if ns != "" {
			md["namespace"] = ns
		}
		return obj{"apiVersion": "v1", "kind": "ConfigMap", "metadata": md}
	}
	dep := obj{"apiVersion": "apps/v1", "kind": "Deployment", "metadata": obj{"name": "d", "namespace": "web"}}
	runCases(t, Options{}, []evalCase{
		{name: "gvkName", expr: layoutObjs + `kubecfg.fold(kubecfg.layouts.gvkName, [cm('a'), dep('d'), cm('b', 'x')], {})`, want: obj{
			"v1.ConfigMap":       obj{"a": cm("a", ""), "b": cm("b", "x")},
			"apps/v1.Deployment": obj{"d": dep},
		}},
		{name: "gvkNsName", expr: layoutObjs + `kubecfg.fold(kubecfg.layouts.gvkNsName, {l: {apiVersion: 'v1', kind: 'List', items: [cm('a'), cm('a', 'x'), dep('d')]}}, {})`, want: obj{
			"v1.ConfigMap":       obj{"_": obj{"a": cm("a", "")}, "x": obj{"a": cm("a", "x")}},
			"apps/v1.Deployment": obj{"web": obj{"d": dep}},
		}},
		{name: "gvkName keeps the accumulator", expr: layoutObjs + `kubecfg.layouts.gvkName({other: 1}, cm('a'))`, want: obj{"other": 1, "v1.ConfigMap": obj{"a": cm("a", "")}}},
		{name: "gvkName duplicate", expr: layoutObjs + `kubecfg.fold(kubecfg.layouts.gvkName, [cm('a'), cm('a', 'x')], {})`, err: "layouts.gvkName: duplicate object v1.ConfigMap a"},
		{name: "gvkNsName duplicate", expr: layoutObjs + `kubecfg.fold(kubecfg.layouts.gvkNsName, [cm('a', 'x'), cm('b'), cm('a', 'x')], {})`, err: "layouts.gvkNsName: duplicate object v1.ConfigMap a in namespace x"},
		{name: "gvkNsName duplicate without namespace", expr: layoutObjs + `kubecfg.fold(kubecfg.layouts.gvkNsName, [cm('a'), cm('a')], {})`, err: "layouts.gvkNsName: duplicate object v1.ConfigMap a in namespace _"},
	})
}

func TestLibraryFieldsAreHidden(t *testing.T) {
	// Manifesting the library itself gives {}: every name is hidden, so
	// importing it never adds output, and knit is not read.
	out, err := evalExpr(Options{}, `kubecfg`)
	if err != nil {
		t.Fatal(err)
	}
	if strings.TrimSpace(out) != "{ }" {
		t.Fatalf("library manifests as %s, want { }", out)
	}
	runCases(t, Options{}, []evalCase{
		{name: "every name in STDLIB.md", expr: `std.sort(std.objectFieldsAll(kubecfg))`, want: arr{
			"deepMap", "escapeStringRegex", "fold", "getPath", "isK8sObject", "knit", "layouts",
			"manifestJson", "manifestYaml", "objectHasPath", "objectHasPathAll", "parseHelmChart",
			"parseJson", "parseYaml", "regexMatch", "regexSubst", "requireFeature", "resolveImage",
			"toOverlay", "validateJSONSchema",
		}},
		{name: "layouts", expr: `std.objectFieldsAll(kubecfg.layouts)`, want: arr{"gvkName", "gvkNsName"}},
	})
}
