package validate

import (
	"encoding/json"
	"testing"

	"github.com/kubecfg/kubecfg/internal/k8sschema"
)

// BenchmarkValidate131 validates 131 objects of built-in kinds (the
// realworld suite's, taken round until there are 131, the size of
// kube-prometheus's output) per iteration.
func BenchmarkValidate131(b *testing.B) {
	objs, _ := realworldObjects(b)
	s := mustSchemas(b, k8sschema.Default)
	var known []map[string]any
	for _, o := range objs {
		if ok, _ := s.Validate(o); ok {
			known = append(known, o)
		}
	}
	if len(known) == 0 {
		b.Fatal("no objects of built-in kinds")
	}
	set := make([]map[string]any, 131)
	size := 0
	for i := range set {
		set[i] = known[i%len(known)]
		j, _ := json.Marshal(set[i])
		size += len(j)
	}
	b.SetBytes(int64(size)) // the objects as JSON
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for _, o := range set {
			s.Validate(o)
		}
	}
}

// BenchmarkParse reads the 1.35 document.
func BenchmarkParse(b *testing.B) {
	data, err := k8sschema.Data(k8sschema.Default)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for range b.N {
		if _, err := Parse(data); err != nil {
			b.Fatal(err)
		}
	}
}
