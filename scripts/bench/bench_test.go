package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/golden"
	"github.com/kubecfg/kubecfg/pkg/playground"
)

func TestMedian(t *testing.T) {
	tests := []struct {
		name string
		xs   []float64
		want float64
	}{
		{"none", nil, 0},
		{"one", []float64{3}, 3},
		{"odd, unsorted", []float64{9, 1, 5}, 5},
		{"even", []float64{4, 1, 3, 2}, 2.5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := median(tt.xs); got != tt.want {
				t.Fatalf("median(%v) = %v, want %v", tt.xs, got, tt.want)
			}
		})
	}
}

func TestReplaceBlock(t *testing.T) {
	const b, e = "<!-- b -->", "<!-- e -->"
	tests := []struct {
		name, text string
		early      bool
		want       string
		wantErr    string
	}{
		{"early, before the first section", "# T\n\nintro\n\n## A\n\na\n", true, "# T\n\nintro\n\n<!-- b -->\nBODY\n<!-- e -->\n\n## A\n\na\n", ""},
		{"late, at the end", "# T\n\n## A\n\na\n", false, "# T\n\n## A\n\na\n\n<!-- b -->\nBODY\n<!-- e -->\n", ""},
		{"early without sections", "# T", true, "# T\n\n<!-- b -->\nBODY\n<!-- e -->\n", ""},
		{"replaced where it is", "x\n<!-- b -->\nold\n<!-- e -->\ny\n", false, "x\n<!-- b -->\nBODY\n<!-- e -->\ny\n", ""},
		{"no end", "x\n<!-- b -->\nold\n", false, "", "without its end"},
		{"no beginning", "x\nold\n<!-- e -->\n", false, "", "without its beginning"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := replaceBlock(tt.text, b, e, "BODY\n", tt.early)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("replaceBlock = %q, %v\nwant %q", got, err, tt.want)
			}
		})
	}
}

// fixed is a run with made-up figures, for the golden section.
func fixed() results {
	nat := platform{}
	wasm := platform{}
	for i, p := range []string{"recursion", "strings", "k8s200"} {
		f := float64(i + 1)
		nat[cellName(p, kindBare)], nat[cellName(p, kindShow)], nat[cellName(p, kindEval)] = 10*f, 12*f, 11*f
		wasm[cellName(p, kindBare)], wasm[cellName(p, kindShow)], wasm[cellName(p, kindEval)] = 30*f, 40*f, 33*f
	}
	for _, e := range newExprs {
		nat[cellName(exprProgram, kindExprCold+e.kind)], nat[cellName(exprProgram, kindExprWarm+e.kind)] = 40, 2
		wasm[cellName(exprProgram, kindExprCold+e.kind)], wasm[cellName(exprProgram, kindExprWarm+e.kind)] = 120, 30
	}
	nat[cellName(exprProgram, kindTrace)], wasm[cellName(exprProgram, kindTrace)] = 4, 120
	return results{
		programs: []string{"recursion", "strings", "k8s200"},
		native:   nat, wasm: wasm,
		env:        []string{"date: D", "load average (1 min) at the start: 1.00, at the end: 2.00"},
		benchLines: []string{"pkg/yakl: BenchmarkCompile/lines=1000/compile-2 5 100 ns/op"},
		runs:       9, warm: 2, clock: "cpu",
	}
}

// TestSectionGolden holds the generated docs (summary and section) for
// fixed figures to testdata/section.golden.md; -update rewrites it.
func TestSectionGolden(t *testing.T) {
	r := fixed()
	got := r.summary() + "\n" + r.section()
	golden.Check(t, "testdata/section.golden.md", got)
	for _, s := range []string{
		"| wasm in Node vs native Go through the playground, median program: ≤ 4.5x | median 3.17x (from 3.00x to 3.33x) | yes |",
		"worst 1.20x (recursion show), median 1.15x | yes |",
		"| 5.0% (2.00 ms vs 40.0 ms) | yes |",
		"| 25.0% (30.0 ms vs 120 ms) | **no** |",
		"(a Deployment's `replicas:`, the program shown already), native: < 100 ms | 4.00 ms | yes |",
		"the program shown already), wasm: < 100 ms | 120 ms | **no** |",
		"load average 1.00 to 2.00",
	} {
		if !strings.Contains(got, s) {
			t.Errorf("generated docs lack %q", s)
		}
	}
}

func TestMakeCells(t *testing.T) {
	progs, err := loadPrograms([]string{"recursion", "k8s200"})
	if err != nil {
		t.Fatal(err)
	}
	cells := makeCells(progs, 1, 2)
	names := map[string]cell{}
	for _, c := range cells {
		names[c.name] = c
		if c.calls() != 3 && !strings.Contains(c.name, kindExprWarm) && !strings.Contains(c.name, kindTrace) {
			t.Errorf("%s: %d calls, want 3", c.name, c.calls())
		}
	}
	if len(cells) != 3+3+2*len(newExprs)+1 {
		t.Fatalf("%d cells, want %d", len(cells), 3+3+2*len(newExprs)+1)
	}
	tr := names["k8s200/"+kindTrace]
	if tr.warm != 2 || tr.calls() != 4 || tr.reqs[0].TraceLine != 0 || tr.reqs[2].TraceLine == 0 || tr.reqs[2].TraceLine == tr.reqs[3].TraceLine {
		t.Errorf("trace cell: warm %d, %d calls, lines %d %d %d; want the workspace shown first, then new lines", tr.warm, tr.calls(), tr.reqs[0].TraceLine, tr.reqs[2].TraceLine, tr.reqs[3].TraceLine)
	}
	seen := map[string]string{}
	for _, c := range cells {
		if c.alone {
			continue
		}
		for i := 0; i < c.calls(); i++ {
			text := ""
			if c.bare != nil {
				text = c.bare[i].Code
			} else {
				for _, f := range c.reqs[i].Files {
					text = f
				}
			}
			if prev, dup := seen[text]; dup {
				t.Fatalf("%s call %d has the workspace of %s: the playground would reuse its VM", c.name, i, prev)
			}
			seen[text] = fmt.Sprintf("%s call %d", c.name, i)
		}
	}
	hot := names["k8s200/"+kindExprWarm]
	if hot.warm != 2 || hot.reqs[0].Expr != "$" || hot.reqs[1].Files["k8s200.jsonnet"] != progs[1].src {
		t.Errorf("warm cell: warm %d, first -e %q; want the unchanged workspace evaluated first", hot.warm, hot.reqs[0].Expr)
	}
	if hot.reqs[1].Expr == hot.reqs[2].Expr {
		t.Errorf("warm cell repeats its -e: the playground would answer from its cache")
	}
	if _, err := loadPrograms([]string{"nope"}); err == nil {
		t.Errorf("loadPrograms(nope): no error")
	}
}

func TestRunNative(t *testing.T) {
	progs, err := loadPrograms([]string{"recursion"})
	if err != nil {
		t.Fatal(err)
	}
	got, err := runNative(makeCells(progs, 0, 1), wallClock)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{kindBare, kindShow, kindEval} {
		if ms := got[cellName("recursion", k)]; len(ms) != 1 || ms[0] <= 0 {
			t.Errorf("%s: durations %v, want one positive", k, ms)
		}
	}
	bad := program{name: "bad", file: "bad.jsonnet", src: "error 'boom'"}
	if _, err := runNative(makeCells([]program{bad}, 0, 1), cpuClock); err == nil || !strings.Contains(err.Error(), "boom") {
		t.Errorf("runNative on a failing program: %v, want its error", err)
	}
}

func TestSchedule(t *testing.T) {
	cells := []cell{
		{name: "a", reqs: make([]playground.Request, 2)},
		{name: "w", reqs: make([]playground.Request, 2), alone: true},
		{name: "b", bare: make([]bareCall, 3)},
	}
	got := fmt.Sprint(schedule(cells))
	want := "[[0 0] [2 0] [0 1] [2 1] [2 2] [1 0] [1 1]]"
	if got != want {
		t.Fatalf("schedule = %s, want %s", got, want)
	}
}
