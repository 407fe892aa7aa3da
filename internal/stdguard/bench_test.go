package stdguard

import (
	"testing"

	jsonnet "github.com/google/go-jsonnet"
)

// BenchmarkParse is init's cost beyond moving four map entries: parsing
// the guards' source.
func BenchmarkParse(b *testing.B) {
	for b.Loop() {
		if _, err := jsonnet.SnippetToAST("<std>", source); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMakeArray is a small std.makeArray through the guard, against
// the builtin it calls (std['$kubecfg:makeArray']).
func BenchmarkMakeArray(b *testing.B) {
	for _, tc := range []struct{ name, call string }{
		{"guarded", "std.makeArray(3, function(x) x)"},
		{"builtin", "std['$kubecfg:makeArray'](3, function(x) x)"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			vm := jsonnet.MakeVM()
			code := "std.foldl(function(a, i) a + std.length(" + tc.call + "), std.range(1, 10000), 0)"
			for b.Loop() {
				if _, err := vm.EvaluateAnonymousSnippet("b.jsonnet", code); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
