package features

import "testing"

// BenchmarkNew resolves RFC05's example invocation: it runs once per
// kubecfg command and once per playground request.
func BenchmarkNew(b *testing.B) {
	sources := []Source{
		{Name: SourceFeatures, Items: SplitList("httpd=false,pack")},
		{Name: SourceRC, Items: []string{"yakl=true", "knit=false"}},
	}
	for b.Loop() {
		if _, err := New(true, sources...); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTable renders the kubecfg features table.
func BenchmarkTable(b *testing.B) {
	g := AllAlpha()
	for b.Loop() {
		_ = Table(g)
	}
}
