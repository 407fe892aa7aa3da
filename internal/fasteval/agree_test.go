package fasteval_test

import (
	"testing"

	jsonnet "github.com/google/go-jsonnet"
)

// TestFinishesAndAgrees runs programs that exercise the engine's own
// machinery (inheritance, super, std.objectRemoveKey, assertions,
// comprehensions, tail calls, the Go std functions, .json imports): each
// must be finished by the fast engine, without falling back, with
// go-jsonnet's output.
func TestFinishesAndAgrees(t *testing.T) {
	files := map[string]string{
		"data.json":     `{"a": [1, 2.5, -0, "x\u00e9\n"], "b": {"c": null, "d": true}, "e": 1e3}`,
		"lib.libsonnet": `{ f(x):: x * 2, v: self.f(21) }`,
	}
	for _, src := range []string{
		`{a: 1, b: {c: self.d, d:: 2}} + {b+: {e: super.c}}`,
		`local o = {a: 1, b:: 2, c::: 3}; [std.objectFields(o), std.objectFieldsAll(o), o + {b: 4}, o + {a:: 5}]`,
		`local o = std.objectRemoveKey({a: 1, b: 2}, 'a'); [o, std.objectHas(o, 'a'), o + {c: 3}, (o + {}).a]`,
		`local o = {x: 1, assert self.x > 0 : 'positive'}; [o, o {x: 2}]`,
		`{[k]: v for k in ['p', 'q'] for v in [1] if k != 'r'} + {local z = 3, ['r' + 'z']: z}`,
		`local f(n, acc) = if n == 0 then acc else f(n - 1, acc + 1) tailstrict; f(5000, 0)`,
		`std.format('%s is %d years, %5s|%-4d|%%', ['x', 42.9, 'ab', -3])`,
		`'%(a)s and %(b)05.1f' % {a: 'y', b: 3.14159}`,
		`[std.manifestJsonEx({a: [1, {b: 'c'}], d: {}}, '  '), std.manifestYamlDoc({a: [1, [2, 3], {b: 'x\ny\n'}], c: {}, '1': null, e: []}, true, false)]`,
		`std.parseYaml('a: [1, 2]\nb: {c: d}\n---\n- x\n')`,
		`[std.sort([3, 1, 2], function(x) -x), std.uniq([1, 1, 2]), std.set(['b', 'a', 'b']), std.setUnion([1, 3], [2, 3])]`,
		`[std.splitLimit('a,b,c', ',', 1), std.splitLimitR('a,b,c', ',', 1), std.strReplace('aXbX', 'X', 'y'), std.substr('héllo', 1, 3)]`,
		`[std.length('héllo'), std.codepoint('é'), std.char(233), std.stringChars('ab'), 'héllo'[1], std.toString([1, {a: 'b'}])]`,
		`[1 / 3, 1e20, 0.1 + 0.2, -1.5, 1 << 10, 255 & 15, ~5, std.pow(2, 0.5), std.floor(-2.5), 7 % 3, -7 % 3]`,
		`[std.md5('x'), std.base64('héllo'), std.base64Decode('aMOpbGxv'), std.encodeUTF8('é'), std.decodeUTF8([104, 105])]`,
		`local d = import 'data.json'; [d, d.a[3], d + {f: 1}, std.objectFields(d)]`,
		`local l = import 'lib.libsonnet'; [l.v, l.f(2), l {v+: 1}]`,
		`[std.length(std.type), std.length(function(a, b=1) a), std.isFunction(std.map), std.thisFile]`,
		`std.foldl(function(acc, x) acc + [x * x], std.range(1, 200), [])`,
		`[std.minArray([3, 1, 2]), std.maxArray(['a', 'c', 'b']), std.sum([1, 2]), std.avg([1, 2]), std.contains([1, 2], 2)]`,
		`std.trace('here', {a: 1})`,
		`{a: {b: {c: [1, 2, {d: 'e'}]}}} + {a+: {b+: {c+: [3]}}}`,
	} {
		imp := func() jsonnet.Importer {
			m := jsonnet.MemoryImporter{Data: map[string]jsonnet.Contents{}}
			for k, v := range files {
				m.Data[k] = jsonnet.MakeContents(v)
			}
			return &m
		}
		o, why := run("/lib/main.jsonnet", src, imp)
		if o != agree {
			t.Errorf("%s: %s", src, why)
		}
	}
}

// TestParameterNamedTwice: go-jsonnet takes a function whose parameters
// repeat a name (the fuzzer's find: arguments bound by name, the first
// default winning); the fast engine leaves such programs to it.
func TestParameterNamedTwice(t *testing.T) {
	imp := func() jsonnet.Importer { return &jsonnet.MemoryImporter{} }
	for _, src := range []string{
		`function(a=1, a=2) a`,
		`local f(a=1, a=2) = a; f()`,
		`local f(a=1, a=2) = a; f(5)`,
		`local f(a, a=2) = a; f(5)`,
		`local f(a=1, a) = a; f(a=5)`,
		`local f(a, a) = a; f(5, 6)`,
		`{f(a, b, a=3):: [a, b], g: self.f(1, 2)}`,
		`(function(A000=[0],A0=[0],A0=[0],a4=[],a4=[0])[a4])`,
	} {
		switch o, why := run("x.jsonnet", src, imp); o {
		case differ, agree:
			t.Errorf("%s: %d, want a fallback: %s", src, o, why)
		}
	}
}

// TestGoJsonnetVaries: go-jsonnet's std.parseYaml of a map whose keys
// print alike (01 and 1. are both "1") takes either value, in Go's map
// order (the fuzzer's find, kept as a seed): the harness runs go-jsonnet
// again before it calls a difference the fast engine's.
func TestGoJsonnetVaries(t *testing.T) {
	imp := func() jsonnet.Importer { return &jsonnet.MemoryImporter{} }
	src := "[std.parseYaml('01: \\n1.: 7\\n') for i in std.range(1, 8)]"
	for range 5 {
		if o, why := run("x.jsonnet", src, imp); o == differ {
			t.Fatalf("%s: %s", src, why)
		}
	}
}
