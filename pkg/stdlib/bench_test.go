package stdlib

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkParseYaml reads a stream of 100 ConfigMaps.
func BenchmarkParseYaml(b *testing.B) {
	var sb strings.Builder
	for i := range 100 {
		fmt.Fprintf(&sb, "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm%d\n  labels: {app: web, enabled: yes}\ndata:\n  key: value %d\n", i, i)
	}
	stream := sb.String()
	b.SetBytes(int64(len(stream)))
	for b.Loop() {
		docs, err := ParseYAMLStream(stream)
		if err != nil || len(docs) != 100 {
			b.Fatalf("got %d docs, %v", len(docs), err)
		}
	}
}

// BenchmarkKnitMerge merges a patch into a pod spec with 20 containers of
// 20 env vars each, through a real VM.
func BenchmarkKnitMerge(b *testing.B) {
	expr := `
local c(i) = {name: 'c%d' % i, image: 'img', env: [{name: 'E%d' % j, value: 'v'} for j in std.range(1, 20)]};
local base = {spec: {containers: [c(i) for i in std.range(1, 20)]}};
local patch = {spec: {containers: [{name: 'c%d' % i, env: [{name: 'E20', value: 'new'}, {name: 'X', value: 'x'}]} for i in std.range(10, 30)]}};
std.length(kubecfg.knit.merge(base, patch).spec.containers)`
	g, err := newGatesForBench()
	if err != nil {
		b.Fatal(err)
	}
	opts := Options{Gates: g}
	for b.Loop() {
		out, err := evalExpr(opts, expr)
		if err != nil || strings.TrimSpace(out) != "30" {
			b.Fatalf("got %q, %v", out, err)
		}
	}
}
