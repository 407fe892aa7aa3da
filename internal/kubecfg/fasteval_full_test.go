//go:build !kubecfg_noschema

package kubecfg

import (
	"runtime/debug"
	"sync"
	"testing"

	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/pkg/features"
)

// gcPercent reads the collector's target.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// TestFastGC: with the fast evaluator, a command runs at the collector's
// target fastGCPercent and puts the process's own back when it is done;
// a fallback puts it back at once, so go-jsonnet evaluates at the
// process's own; without the fast evaluator nothing changes.
func TestFastGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(137))
	files := map[string]string{
		"ok.jsonnet":  "{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } }",
		"bad.jsonnet": "{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: error 'bad' } }",
	}
	cfg := &Config{Gates: features.AllAlpha(), FS: importer.NewMapFS("/w", files), Cwd: "/w"}
	s, err := cfg.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if release := s.fastGC(); release == nil || gcPercent() != fastGCPercent {
		t.Fatalf("fastGC returned %v and set %d, want a release and %d", release != nil, gcPercent(), fastGCPercent)
	}
	if _, ok := s.tryFast("/w/bad.jsonnet", files["bad.jsonnet"], true); ok || gcPercent() != 137 {
		t.Errorf("after a fallback: finished %v, target %d; want a fallback and 137", ok, gcPercent())
	}
	if _, ok := s.tryFast("/w/ok.jsonnet", files["ok.jsonnet"], true); !ok || gcPercent() != 137 {
		t.Errorf("after a fast evaluation: finished %v, target %d; want 137", ok, gcPercent())
	}
	for _, in := range []string{"ok.jsonnet", "bad.jsonnet"} {
		if r := (Invocation{Inputs: []string{in}}).Run(s); (r.Err == nil) != (in == "ok.jsonnet") || gcPercent() != 137 {
			t.Errorf("%s: error %v, target %d after the command; want 137", in, r.Err, gcPercent())
		}
	}
	plain := &Config{FS: importer.NewMapFS("/w", files), Cwd: "/w"}
	ps, err := plain.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if release := ps.fastGC(); release != nil || gcPercent() != 137 {
		t.Errorf("without fast-eval: fastGC returned a release %v, target %d; want none and 137", release != nil, gcPercent())
	}
}

// TestHoldGCOverlapping: commands that hold the collector's target at
// once, and let go in any order (or twice), leave the process's own.
func TestHoldGCOverlapping(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(137))
	a := holdGC()
	b := holdGC()
	if gcPercent() != fastGCPercent {
		t.Fatalf("held twice: target %d, want %d", gcPercent(), fastGCPercent)
	}
	a()
	a() // a second release does nothing
	if gcPercent() != fastGCPercent {
		t.Errorf("one of two let go: target %d, want %d", gcPercent(), fastGCPercent)
	}
	c := holdGC()
	b()
	c()
	if gcPercent() != 137 {
		t.Errorf("all let go: target %d, want 137", gcPercent())
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 100 {
				holdGC()()
			}
		}()
	}
	wg.Wait()
	if gcPercent() != 137 {
		t.Errorf("after holds from 8 goroutines: target %d, want 137", gcPercent())
	}
}
