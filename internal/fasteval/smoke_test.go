package fasteval

import (
	"testing"

	jsonnet "github.com/google/go-jsonnet"
)

func TestSmoke(t *testing.T) {
	for _, src := range []string{
		`{a: 1, b: "x\n", c: [1, 2.5, null, true], d: {e: self.f, f:: 3}}`,
		`local f(x, y=2) = x + y; [f(1), f(1, 3), f(y=4, x=1)]`,
		`{a: 1} + {a+: 2, b: super.a}`,
		`[x * 2 for x in std.range(1, 5) if x != 3]`,
		`{[k]: k + "!" for k in ["a", "b"]}`,
		`std.map(function(x) x + 1, [1, 2, 3])`,
		`std.format("%s-%d", ["a", 3])`,
		`std.join(",", ["a", "b"]) + std.toString({a: [1, {}]})`,
		`{ local x = self.y, y: 1, z: x, assert self.y == 1 }`,
		`std.manifestJsonEx({a: [1, "2"]}, "  ")`,
		`std.sort([3, 1, 2]) + std.uniq([1, 1, 2]) + std.set([3, 3, 1])`,
		`std.objectFields({a: 1, b:: 2}) + [std.length("héllo"), 0.1, 1e20, -0.5]`,
		`"%05.2f %x" % [3.14159, 255]`,
		`std.mergePatch({a: {b: 1}}, {a: {c: 2}})`,
	} {
		vm := jsonnet.MakeVM()
		want, werr := vm.EvaluateAnonymousSnippet("t.jsonnet", src)
		e := New(Options{})
		got, err := e.Evaluate("t.jsonnet", src)
		if err != nil {
			t.Errorf("%s: %v (go-jsonnet: %v)", src, err, werr)
			continue
		}
		if got != want {
			t.Errorf("%s:\ngot  %q\nwant %q", src, got, want)
		}
	}
}
