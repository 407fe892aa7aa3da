package fasteval_test

import (
	"fmt"
	"testing"

	jsonnet "github.com/google/go-jsonnet"
)

// TestStackLimitLikeGoJsonnet runs recursions of many shapes at depths
// around go-jsonnet's stack limit, with kubecfg's rewrites of std in: the
// fast engine must never finish a program that go-jsonnet refuses for
// its depth (it counts frames as go-jsonnet does, or more).
func TestStackLimitLikeGoJsonnet(t *testing.T) {
	imp := func() jsonnet.Importer { return &jsonnet.MemoryImporter{} }
	patterns := []string{
		`local f(n, x) = if n == 0 then x else f(n - 1, x); f(%d, 1+1)`,
		`local f(n, x) = if n == 0 then x else f(n - 1, x + 1) tailstrict; f(%d, 0)`,
		`local f(n) = if n == 0 then 0 else 1 + f(n - 1) tailstrict; f(%d)`,
		`local f(n) = if n == 0 then [] else [f(n - 1) tailstrict]; f(%d)`,
		`local f(n) = if n == 0 then 0 else 1 + f(n - 1); f(%d)`,
		`local f(n) = if n == 0 then '' else std.toString(f(n - 1)); f(%d)`,
		`local f(n) = if n == 0 then [] else [f(n - 1)]; f(%d)`,
		`local f(n) = if n == 0 then {} else {a: f(n - 1)}; f(%d)`,
		`local f(n) = if n == 0 then {} else {a+: f(n - 1)}; f(%d)`,
		`local f(n) = if n == 0 then 'x' else '%%s' %% f(n - 1); f(%d)`,
		`local f(n) = if n == 0 then 'x' else std.format('%%s', [f(n - 1)]); f(%d)`,
		`local f(n) = if n == 0 then 0 else std.length(std.range(0, f(n - 1))); f(%d)`,
		`local f(n) = if n == 0 then 0 else std.foldl(function(a, b) a + b, [f(n - 1)], 0); f(%d)`,
		`local f(n) = if n == 0 then 0 else std.max(f(n - 1), 1); f(%d)`,
		`local f(n) = if n == 0 then {v: 0} else {v: f(n - 1).v + 1} + {w: self.v}; f(%d).w`,
		`local f(n) = if n == 0 then [] else std.map(function(x) x, [f(n - 1)]); f(%d)`,
		`local f(n) = local y = if n == 0 then 0 else f(n - 1); y + 1; f(%d)`,
		`std.foldl(function(acc, x) [acc], std.range(1, %d), [])`,
		`local f(n) = if n == 0 then 0 else (function(x) x + 1)(f(n - 1)); f(%d)`,
		`local o = {f(n): if n == 0 then 0 else self.f(n - 1) + 1}; o.f(%d)`,
		`local f(n) = if n == 0 then 0 else std.parseJson(std.toString(f(n - 1))); f(%d)`,
		`local f(n) = if n == 0 then [] else std.makeArray(1, function(i) f(n - 1)); f(%d)`,
		`local f(n) = if n == 0 then [0] else std.removeAt([1] + f(n - 1), 0); f(%d)`,
		`local f(n) = if n == 0 then 'a: 1' else std.manifestYamlDoc(std.parseYaml(f(n - 1))); f(%d)`,
		`local f(n) = if n == 0 then 1 else f(n - 1) %% 7 + 1; f(%d)`,
		`local f(n) = if n == 0 then {a: 0} else f(n - 1) + {a+: 1}; f(%d).a`,
		`local f(n) = if n == 0 then {a: 0} else {a: 1} + {b: f(n - 1)}; f(%d)`,
		`local f(n) = if n == 0 then 0 else std.sort([f(n - 1)])[0]; f(%d)`,
		`local f(n) = if n == 0 then {a: 1} else {a: f(n - 1)}; std.manifestTomlEx(f(%d), ' ')`,
		`local f(n) = if n == 0 then 1 else [f(n - 1)]; std.manifestTomlEx({a: f(%d)}, ' ')`,
		`local f(n) = if n == 0 then 1 else [{a: f(n - 1)}]; std.manifestTomlEx({a: f(%d)}, ' ')`,
		`local f(n) = if n == 0 then 0 else std.length(std.manifestTomlEx({a: f(n - 1)}, '')); f(%d)`,
	}
	saved := natives
	natives = append(append([]*jsonnet.NativeFunction(nil), natives...), kubecfgStd()...)
	defer func() { natives = saved }()
	counts := map[outcome]int{}
	for _, p := range patterns {
		for n := 50; n <= 700; n += 7 {
			src := fmt.Sprintf(p, n)
			o, why := run("x.jsonnet", src, imp)
			counts[o]++
			if o == differ {
				t.Errorf("%s: %.150s", src, why)
			}
		}
	}
	t.Logf("agree %d, fall back %d, both fail %d, differ %d", counts[agree], counts[fellBack], counts[bothFail], counts[differ])
}
