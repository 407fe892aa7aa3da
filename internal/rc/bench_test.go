package rc

import (
	"testing"

	"github.com/kubecfg/kubecfg/internal/importer"
)

// BenchmarkDiscover finds and evaluates an rc file four directories above
// the input, as every kubecfg command does before it starts.
func BenchmarkDiscover(b *testing.B) {
	fsys := importer.MapFS{
		"/w/.kubecfgrc.jsonnet": []byte(`{ flags+: { features+: { yakl: true, knit: false }, jpath: ['lib'] } }`),
	}
	eval := JsonnetEval(fsys)
	for b.Loop() {
		f, err := Discover(fsys, "/", []string{"/w/a/b/c/d/app.jsonnet"}, eval)
		if err != nil || len(f.Features.Items) != 2 {
			b.Fatalf("Discover = %+v, %v", f, err)
		}
	}
}
