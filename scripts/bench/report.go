package main

import (
	"fmt"
	"sort"
	"strings"
)

// Targets of issue 8.
const (
	targetOverBare   = 1.25 // show/eval through pkg/playground.Run vs bare go-jsonnet
	targetWasmNative = 4.5  // wasm/native on the median program
	targetWarmCold   = 0.10 // a new -e on an unchanged workspace vs its cold evaluation
	targetTraceMs    = 100  // tracing one output line of the 200-object workspace (issue 18)
)

// median returns the median of xs (0 for none).
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// platform is one platform's medians, by cell name; nil when not run.
type platform map[string]float64

func medians(ms map[string][]float64) platform {
	if ms == nil {
		return nil
	}
	p := platform{}
	for k, v := range ms {
		p[k] = median(v)
	}
	return p
}

// results are one run's figures.
type results struct {
	programs     []string
	native, wasm platform
	env          []string // lines describing machine and load
	benchLines   []string // go test -bench output of other packages
	runs, warm   int
	clock        string // cpu or wall
}

func ratio(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}

func ms(v float64) string {
	switch {
	case v == 0:
		return "–"
	case v < 10:
		return fmt.Sprintf("%.2f ms", v)
	case v < 100:
		return fmt.Sprintf("%.1f ms", v)
	}
	return fmt.Sprintf("%.0f ms", v)
}

func x(v float64) string {
	if v == 0 {
		return "–"
	}
	return fmt.Sprintf("%.2fx", v)
}

func pct(v float64) string {
	if v == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f%%", 100*v)
}

func met(ok bool) string {
	if ok {
		return "yes"
	}
	return "**no**"
}

// overBare is kubecfg's time over bare go-jsonnet's for a program and a
// command on a platform.
func (p platform) overBare(prog, kind string) float64 {
	return ratio(p[cellName(prog, kind)], p[cellName(prog, kindBare)])
}

// figuresTable renders the per-program table.
func (r results) figuresTable() string {
	var b strings.Builder
	b.WriteString("| program | command | native bare | native kubecfg | kubecfg/bare | wasm bare | wasm kubecfg | kubecfg/bare | wasm/native |\n")
	b.WriteString("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	for _, prog := range r.programs {
		for _, kind := range []string{kindShow, kindEval} {
			c := cellName(prog, kind)
			label := "show"
			if kind == kindEval {
				label = "eval -o json"
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", prog, label,
				ms(r.native[cellName(prog, kindBare)]), ms(r.native[c]), x(r.native.overBare(prog, kind)),
				ms(r.wasm[cellName(prog, kindBare)]), ms(r.wasm[c]), x(r.wasm.overBare(prog, kind)),
				x(ratio(r.wasm[c], r.native[c])))
		}
	}
	return b.String()
}

// exprTable renders the new -e against an unchanged workspace.
func (r results) exprTable() string {
	var b strings.Builder
	b.WriteString("| platform | -e | cold (fresh workspace) | warm (unchanged workspace, new -e) | warm/cold | the workspace's cold `eval -o json` | warm/that |\n")
	b.WriteString("| --- | --- | ---: | ---: | ---: | ---: | ---: |\n")
	for _, p := range r.platforms("wasm (Node)") {
		if p.m == nil {
			continue
		}
		for _, e := range newExprs {
			cold, warm := p.m[cellName(exprProgram, kindExprCold+e.kind)], p.m[cellName(exprProgram, kindExprWarm+e.kind)]
			whole := p.m[cellName(exprProgram, kindEval)]
			fmt.Fprintf(&b, "| %s | `%s` | %s | %s | %s | %s | %s |\n", p.name, fmt.Sprintf(e.expr, 0), ms(cold), ms(warm), pct(ratio(warm, cold)), ms(whole), pct(ratio(warm, whole)))
		}
	}
	return b.String()
}

// namedPlatform is a platform's figures under the name a table gives it.
type namedPlatform struct {
	name string
	m    platform
}

// platforms are the run's platforms in table order, wasm named wasmName.
func (r results) platforms(wasmName string) []namedPlatform {
	return []namedPlatform{{"native", r.native}, {wasmName, r.wasm}}
}

// traceRows are the summary's rows for tracing an output line.
func (r results) traceRows(b *strings.Builder) {
	for _, p := range r.platforms("wasm") {
		if p.m == nil {
			continue
		}
		v := p.m[cellName(exprProgram, kindTrace)]
		fmt.Fprintf(b, "| tracing one line of the 200-object workspace's `show` output (a Deployment's `replicas:`, the program shown already), %s: < %d ms | %s | %s |\n",
			p.name, targetTraceMs, ms(v), met(v > 0 && v < targetTraceMs))
	}
}

// worstOverBare returns the largest kubecfg/bare ratio on a platform, its
// cell and the median of all of them.
func (r results) worstOverBare(p platform) (worst float64, where string, med float64) {
	var all []float64
	for _, prog := range r.programs {
		for _, kind := range []string{kindShow, kindEval} {
			v := p.overBare(prog, kind)
			all = append(all, v)
			if v > worst {
				worst, where = v, prog+" "+kind
			}
		}
	}
	return worst, where, median(all)
}

// wasmNative returns the median over the programs and commands of the
// wasm/native ratio through the playground, and its extremes.
func (r results) wasmNative() (med, lo, hi float64) {
	var all []float64
	for _, prog := range r.programs {
		for _, kind := range []string{kindShow, kindEval} {
			c := cellName(prog, kind)
			all = append(all, ratio(r.wasm[c], r.native[c]))
		}
	}
	sort.Float64s(all)
	return median(all), all[0], all[len(all)-1]
}

// summaryTable renders the targets and whether this run met them.
func (r results) summaryTable() string {
	var b strings.Builder
	b.WriteString("| target | measured | met |\n| --- | --- | --- |\n")
	for _, p := range r.platforms("wasm") {
		if p.m == nil {
			continue
		}
		worst, where, med := r.worstOverBare(p.m)
		fmt.Fprintf(&b, "| show and eval through `pkg/playground.Run` vs bare go-jsonnet, %s: ≤ %.2fx | worst %s (%s), median %s | %s |\n",
			p.name, targetOverBare, x(worst), where, x(med), met(worst <= targetOverBare))
	}
	if r.wasm != nil && r.native != nil {
		med, lo, hi := r.wasmNative()
		fmt.Fprintf(&b, "| wasm in Node vs native Go through the playground, median program: ≤ %.1fx | median %s (from %s to %s) | %s |\n",
			targetWasmNative, x(med), x(lo), x(hi), met(med <= targetWasmNative))
	}
	for _, p := range r.platforms("wasm") {
		if p.m == nil {
			continue
		}
		for _, e := range newExprs {
			cold, warm := p.m[cellName(exprProgram, kindExprCold+e.kind)], p.m[cellName(exprProgram, kindExprWarm+e.kind)]
			v := ratio(warm, cold)
			fmt.Fprintf(&b, "| a new `-e` (`%s`) against the unchanged 200-object workspace vs the same `-e` on a fresh workspace, %s: ≤ %.0f%% | %s (%s vs %s) | %s |\n",
				fmt.Sprintf(e.expr, 0), p.name, 100*targetWarmCold, pct(v), ms(warm), ms(cold), met(v <= targetWarmCold))
			whole := p.m[cellName(exprProgram, kindEval)]
			w := ratio(warm, whole)
			fmt.Fprintf(&b, "| the same vs the workspace's own cold evaluation (`eval -o json` of the 200 objects, a fresh workspace), %s: ≤ %.0f%% | %s (%s vs %s) | %s |\n",
				p.name, 100*targetWarmCold, pct(w), ms(warm), ms(whole), met(w <= targetWarmCold))
		}
	}
	r.traceRows(&b)
	return b.String()
}
