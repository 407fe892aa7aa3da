package fasteval_test

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	jsonnet "github.com/google/go-jsonnet"

	"github.com/kubecfg/kubecfg/internal/fasteval"
	"github.com/kubecfg/kubecfg/internal/stdformat"
	"github.com/kubecfg/kubecfg/internal/stdguard"
)

// benchProgram is a program of the evaluator benchmark: its file and the
// library path its imports search.
type benchProgram struct {
	name, file string
	jpath      []string
}

// benchPrograms are scripts/bench's programs and, when
// $KUBE_PROMETHEUS names a built checkout (vendor/ in it),
// kube-prometheus's example.
func benchPrograms(tb testing.TB) []benchProgram {
	_, here, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(here), "..", "..", "scripts", "bench", "testdata")
	var out []benchProgram
	for _, n := range []string{"recursion", "strings", "k8s200"} {
		out = append(out, benchProgram{n, filepath.Join(dir, n+".jsonnet"), nil})
	}
	if kp := os.Getenv("KUBE_PROMETHEUS"); kp != "" {
		out = append(out, benchProgram{"kube-prometheus", filepath.Join(kp, "example.jsonnet"), []string{filepath.Join(kp, "vendor")}})
	}
	return out
}

func (p benchProgram) source(tb testing.TB) string {
	b, err := os.ReadFile(p.file)
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

// kubecfgStd puts in kubecfg's rewrites of go-jsonnet's standard library
// (internal/stdguard's guards, internal/stdformat's std.format) and
// returns the native std.format's rewrite calls: both engines run with
// them, as kubecfg's sessions do.
func kubecfgStd() []*jsonnet.NativeFunction {
	stdguard.Install()
	stdformat.Install()
	return []*jsonnet.NativeFunction{stdformat.Native()}
}

func (p benchProgram) goJsonnet(src string) (string, error) {
	vm := jsonnet.MakeVM()
	vm.Importer(&jsonnet.FileImporter{JPaths: p.jpath})
	for _, n := range kubecfgStd() {
		vm.NativeFunction(n)
	}
	return vm.EvaluateSnippet(p.file, src)
}

func (p benchProgram) fast(src string) (string, error) {
	e := fasteval.New(fasteval.Options{Importer: &jsonnet.FileImporter{JPaths: p.jpath}, Natives: kubecfgStd()})
	return e.Evaluate(p.file, src)
}

// TestBenchProgramsAgree checks the benchmark programs give go-jsonnet's
// output on the fast engine without falling back, and logs the time of
// one evaluation on each.
func TestBenchProgramsAgree(t *testing.T) {
	for _, p := range benchPrograms(t) {
		src := p.source(t)
		t0 := time.Now()
		want, werr := p.goJsonnet(src)
		t1 := time.Now()
		got, err := p.fast(src)
		t2 := time.Now()
		if werr != nil {
			t.Fatalf("%s: go-jsonnet: %v", p.name, werr)
		}
		if err != nil {
			t.Errorf("%s: the fast engine fell back: %v", p.name, err)
			continue
		}
		if got != want {
			t.Errorf("%s: outputs differ (%d and %d bytes)", p.name, len(want), len(got))
		}
		t.Logf("%s: go-jsonnet %v, fast %v", p.name, t1.Sub(t0), t2.Sub(t1))
	}
}

// BenchmarkEngines evaluates each benchmark program with go-jsonnet and
// with the fast engine, side by side, a fresh VM or Engine per call.
func BenchmarkEngines(b *testing.B) {
	for _, p := range benchPrograms(b) {
		src := p.source(b)
		b.Run(p.name+"/go-jsonnet", func(b *testing.B) {
			for b.Loop() {
				if _, err := p.goJsonnet(src); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(p.name+"/fast", func(b *testing.B) {
			for b.Loop() {
				if _, err := p.fast(src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
