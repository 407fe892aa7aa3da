//go:build unix

package fasteval_test

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/kubecfg/kubecfg/pkg/kubecfg"
)

// cpuTime is the process's user and system time so far (the garbage
// collector's threads included).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func median(d []time.Duration) time.Duration {
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	return d[len(d)/2]
}

// TestMeasureEngines prints, for docs/benchmarks.md, the median CPU time
// of an evaluation of each benchmark program on go-jsonnet and on the
// fast engine, measured side by side in one run (the engines take turns,
// one call each, after a warm-up call). It runs only when
// FASTEVAL_MEASURE is set (to the number of calls per cell, or 1 for 9).
func TestMeasureEngines(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("FASTEVAL_MEASURE"))
	if n == 0 {
		t.Skip("set FASTEVAL_MEASURE=N to measure (KUBE_PROMETHEUS=DIR adds kube-prometheus's example)")
	}
	if n == 1 {
		n = 9
	}
	fmt.Printf("| program | go-jsonnet | fast | go-jsonnet/fast |\n| --- | ---: | ---: | ---: |\n")
	for _, p := range benchPrograms(t) {
		src := p.source(t)
		var g, f []time.Duration
		for i := -1; i < n; i++ {
			runtime.GC()
			t0 := cpuTime()
			if _, err := p.goJsonnet(src); err != nil {
				t.Fatal(err)
			}
			runtime.GC()
			t1 := cpuTime()
			if _, err := p.fast(src); err != nil {
				t.Fatal(err)
			}
			runtime.GC()
			t2 := cpuTime()
			if i >= 0 {
				g, f = append(g, t1-t0), append(f, t2-t1)
			}
		}
		mg, mf := median(g), median(f)
		fmt.Printf("| %s | %v | %v | %.1fx |\n", p.name, mg.Round(100*time.Microsecond), mf.Round(100*time.Microsecond), float64(mg)/float64(mf))
	}
}

// TestMeasureShow prints, for docs/benchmarks.md, the median CPU time of
// kubecfg show (YAML) on each benchmark program with fast-eval off and
// on, side by side in one run, and checks the outputs are the same. Like
// TestMeasureEngines it runs only when FASTEVAL_MEASURE is set.
func TestMeasureShow(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("FASTEVAL_MEASURE"))
	if n == 0 {
		t.Skip("set FASTEVAL_MEASURE=N to measure (KUBE_PROMETHEUS=DIR adds kube-prometheus's example)")
	}
	if n == 1 {
		n = 9
	}
	fmt.Printf("| program | show | show, fast-eval | ratio |\n| --- | ---: | ---: | ---: |\n")
	for _, p := range benchPrograms(t) {
		env := kubecfg.OSEnv(filepath.Dir(p.file), io.Discard)
		inv := kubecfg.Invocation{Inputs: []string{filepath.Base(p.file)}}
		if p.jpath != nil {
			inv.JPath = []string{"vendor"}
		}
		fastInv := inv
		fastInv.Features = []string{"fast-eval"}
		var g, f []time.Duration
		for i := -1; i < n; i++ {
			runtime.GC()
			t0 := cpuTime()
			want := kubecfg.Run(inv, env)
			runtime.GC()
			t1 := cpuTime()
			got := kubecfg.Run(fastInv, env)
			runtime.GC()
			t2 := cpuTime()
			if want.Err != nil || got.Err != nil || got.Output != want.Output {
				t.Fatalf("%s: outputs differ or fail (%v, %v)", p.name, want.Err, got.Err)
			}
			if i >= 0 {
				g, f = append(g, t1-t0), append(f, t2-t1)
			}
		}
		mg, mf := median(g), median(f)
		fmt.Printf("| %s | %v | %v | %.1fx |\n", p.name, mg.Round(100*time.Microsecond), mf.Round(100*time.Microsecond), float64(mg)/float64(mf))
	}
	// The error path: the program fails in its last field, after all the
	// rest is evaluated, the worst case for the fast attempt (its work is
	// thrown away and go-jsonnet evaluates again).
	for _, p := range benchPrograms(t) {
		env := kubecfg.OSEnv(filepath.Dir(p.file), io.Discard)
		inv := kubecfg.Invocation{Exec: "(import '" + filepath.Base(p.file) + "') + { zzzz: error 'boom' }"}
		if p.jpath != nil {
			inv.JPath = []string{"vendor"}
		}
		fastInv := inv
		fastInv.Features = []string{"fast-eval"}
		var g, f []time.Duration
		for i := -1; i < n; i++ {
			runtime.GC()
			t0 := cpuTime()
			want := kubecfg.Run(inv, env)
			runtime.GC()
			t1 := cpuTime()
			got := kubecfg.Run(fastInv, env)
			runtime.GC()
			t2 := cpuTime()
			if want.Err == nil || got.Err == nil || kubecfg.ErrorText(got.Err) != kubecfg.ErrorText(want.Err) {
				t.Fatalf("%s with an error: errors differ (%v, %v)", p.name, want.Err, got.Err)
			}
			if i >= 0 {
				g, f = append(g, t1-t0), append(f, t2-t1)
			}
		}
		mg, mf := median(g), median(f)
		fmt.Printf("| %s, failing in its last field | %v | %v | %.2fx |\n", p.name, mg.Round(100*time.Microsecond), mf.Round(100*time.Microsecond), float64(mg)/float64(mf))
	}
}
