// Package sidebyside times programs two ways in one run, taking turns,
// and reports the ratios: kubecfg with the fast evaluator off and on
// (issue 32's "no program of any corpus slower than go-jsonnet"). Tests
// of each corpus's package build the Cases; this package measures and
// prints.
package sidebyside

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"testing"
	"time"
)

// Case is one program: Off runs it once with the gate off (go-jsonnet),
// On once with it on as a user gets it (the fast attempt, and
// go-jsonnet's evaluation when it falls back). Fails says the program
// fails on go-jsonnet (the error path, reported apart).
type Case struct {
	Name     string
	Off, On  func()
	Fails    bool
	FellBack bool // the fast attempt fell back (set by the caller after a trial run)
}

// Result is a Case's median CPU time per call each way.
type Result struct {
	Case
	Off, On time.Duration
	Calls   int // calls per sample
}

// Ratio is On's time over Off's: above 1, the gate on is slower.
func (r Result) Ratio() float64 { return float64(r.On) / float64(r.Off) }

// Options say how much to measure: Samples per side and case (the
// median is taken), and the CPU time a sample aims at (a sample repeats
// the call until it takes about that long, so tiny programs are timed
// over many calls).
type Options struct {
	Samples int
	Target  time.Duration
	// Only, when set, keeps the cases whose name it matches.
	Only *regexp.Regexp
}

// FromEnv reads the options of a measurement from the environment:
// FASTEVAL_CORPORA is the samples per side and program (the measurement
// is skipped when it is not set), FASTEVAL_CORPORA_ONLY a regular
// expression the programs' names must match, FASTEVAL_CORPORA_TARGET the
// CPU time a sample aims at (a Go duration).
func FromEnv(tb testing.TB) Options {
	n, _ := strconv.Atoi(os.Getenv("FASTEVAL_CORPORA"))
	if n <= 0 {
		tb.Skip("set FASTEVAL_CORPORA=N (samples per program) to time every program with fast-eval off and on")
	}
	o := Options{Samples: n}
	if re := os.Getenv("FASTEVAL_CORPORA_ONLY"); re != "" {
		var err error
		if o.Only, err = regexp.Compile(re); err != nil {
			tb.Fatalf("FASTEVAL_CORPORA_ONLY: %v", err)
		}
	}
	if d := os.Getenv("FASTEVAL_CORPORA_TARGET"); d != "" {
		var err error
		if o.Target, err = time.ParseDuration(d); err != nil {
			tb.Fatalf("FASTEVAL_CORPORA_TARGET: %v", err)
		}
	}
	return o
}

// sample runs f k times on a collected heap and returns their CPU time:
// the collections their garbage causes on the way included, as in a
// process of its own (a forced collection's own CPU time, from under a
// millisecond to several in a small process on a loaded machine, would
// be noise).
func sample(f func(), k int) time.Duration {
	runtime.GC()
	return calls(f, k)
}

// calls is the CPU time of k calls of f, without a collection.
func calls(f func(), k int) time.Duration {
	t0 := cpuTime()
	for range k {
		f()
	}
	return cpuTime() - t0
}

func median(d []time.Duration) time.Duration {
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}

// Measure times every case: one unmeasured call each way, then Samples
// samples each way, the two sides taking turns (which goes first
// alternating), each sample Calls calls long from a collected heap.
func Measure(cases []Case, o Options) []Result {
	if o.Samples <= 0 {
		o.Samples = 9
	}
	if o.Target <= 0 {
		o.Target = 10 * time.Millisecond
	}
	out := make([]Result, 0, len(cases))
	for _, c := range cases {
		if o.Only != nil && !o.Only.MatchString(c.Name) {
			continue
		}
		runtime.GC()
		c.Off()
		c.On()
		runtime.GC()
		// Calls per sample: enough for the target (the quicker of three
		// single calls estimates one).
		d := min(calls(c.Off, 1), calls(c.Off, 1), calls(c.Off, 1))
		k := 1
		if d < o.Target {
			k = min(int(o.Target/max(d, time.Microsecond))+1, 2000)
		}
		var off, on []time.Duration
		for i := range o.Samples {
			if i%2 == 0 {
				off = append(off, sample(c.Off, k))
				on = append(on, sample(c.On, k))
			} else {
				on = append(on, sample(c.On, k))
				off = append(off, sample(c.Off, k))
			}
		}
		out = append(out, Result{Case: c, Off: median(off) / time.Duration(k), On: median(on) / time.Duration(k), Calls: k})
	}
	return out
}

// Summary is a corpus's figures: the programs that succeed on go-jsonnet
// and those that fail (the error path), each with the median ratio, the
// count slower with the gate on and the slowest.
type Summary struct {
	OK, Failing group
}

type group struct {
	Results []Result // slowest first (by ratio)
	Median  float64
	Slower  int // ratio above 1
}

func newGroup(rs []Result) group {
	g := group{Results: append([]Result(nil), rs...)}
	sort.Slice(g.Results, func(i, j int) bool { return g.Results[i].Ratio() > g.Results[j].Ratio() })
	if len(rs) > 0 {
		g.Median = g.Results[len(rs)/2].Ratio()
		if len(rs)%2 == 0 {
			g.Median = (g.Median + g.Results[len(rs)/2-1].Ratio()) / 2
		}
	}
	for _, r := range rs {
		if r.Ratio() > 1 {
			g.Slower++
		}
	}
	return g
}

// Summarize splits results into those that succeed and those that fail.
func Summarize(rs []Result) Summary {
	var ok, bad []Result
	for _, r := range rs {
		if r.Fails {
			bad = append(bad, r)
		} else {
			ok = append(ok, r)
		}
	}
	return Summary{OK: newGroup(ok), Failing: newGroup(bad)}
}

// Print writes a corpus's summary as Markdown: a line per group and the
// slowest programs of each.
func Print(w io.Writer, corpus string, rs []Result, slowest int) Summary {
	s := Summarize(rs)
	for _, g := range []struct {
		name string
		g    group
	}{{"succeed on go-jsonnet", s.OK}, {"fail on go-jsonnet (the error path)", s.Failing}} {
		if len(g.g.Results) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s, %d programs that %s: median on/off %.2f, %d with a ratio above 1\n\n",
			corpus, len(g.g.Results), g.name, g.g.Median, g.g.Slower)
		fmt.Fprintf(w, "| program | off | on | on/off | calls per sample |\n| --- | ---: | ---: | ---: | ---: |\n")
		for i, r := range g.g.Results {
			if i == slowest {
				break
			}
			fb := ""
			if r.FellBack && !r.Fails {
				fb = " (falls back)"
			}
			fmt.Fprintf(w, "| %s%s | %v | %v | %.2f | %d |\n", r.Name, fb, round(r.Off), round(r.On), r.Ratio(), r.Calls)
		}
	}
	return s
}

func round(d time.Duration) time.Duration {
	switch {
	case d >= 100*time.Millisecond:
		return d.Round(time.Millisecond)
	case d >= time.Millisecond:
		return d.Round(10 * time.Microsecond)
	}
	return d.Round(time.Microsecond)
}
