// Command bench is the evaluator benchmark of issue 8 (`make bench`
// runs it as bench-evaluator): it times the same Jsonnet programs
// (testdata/*.jsonnet: deep recursion, string work, a 200-object
// Kubernetes program) natively and as wasm in Node, each through
// pkg/playground (show and eval, what the CLI and the browser run) and as
// bare go-jsonnet on the same platform (natively
// jsonnet.MakeVM().EvaluateAnonymousSnippet; in Node wasm/barejsonnet with
// the same Go's wasm_exec.js), and a new -e against an unchanged
// 200-object workspace against its cold evaluation. It prints the figures
// and the targets as tables, with pkg/yakl's and pkg/playground's
// own benchmark lines, and with -docs rewrites its sections of
// docs/benchmarks.md.
//
//	go run ./scripts/bench [-n 15] [-warm 2] [-docs docs/benchmarks.md] [-cpuprofile f]
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"runtime/pprof"
	"strings"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	n := fs.Int("n", 15, "measured calls per cell (the median is reported; sub-millisecond cells move a lot with fewer)")
	warm := fs.Int("warm", 2, "calls per cell before measuring")
	progs := fs.String("programs", "recursion,strings,k8s200", "benchmark programs (scripts/bench/testdata/NAME.jsonnet)")
	docs := fs.String("docs", "", "rewrite this file's evaluator sections (docs/benchmarks.md) with the figures")
	node := fs.String("node", "node", "Node, to run the wasm builds")
	goCmd := fs.String("go", "go", "the go command, to build the wasm and run the other benchmarks")
	noWasm := fs.Bool("no-wasm", false, "measure natively only")
	noGoBench := fs.Bool("no-gobench", false, "do not run pkg/yakl's and pkg/playground's go test benchmarks")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the native measurements to this file")
	only := fs.String("only", "", "measure only the cells whose name (PROGRAM/KIND) matches this regexp, e.g. to profile one")
	clockName := fs.String("clock", "cpu", "what a call costs: cpu (the process's CPU time) or wall (elapsed time)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *n < 1 || *warm < 0 {
		return fmt.Errorf("-n must be at least 1 and -warm at least 0")
	}
	now := cpuClock
	switch *clockName {
	case "cpu":
	case "wall":
		now = wallClock
	default:
		return fmt.Errorf("-clock %q: want cpu or wall", *clockName)
	}
	if *docs != "" && *noWasm {
		return fmt.Errorf("-docs needs the wasm figures; drop -no-wasm")
	}
	programs, err := loadPrograms(strings.Split(*progs, ","))
	if err != nil {
		return err
	}
	cells := makeCells(programs, *warm, *n)
	if *only != "" {
		re, err := regexp.Compile(*only)
		if err != nil {
			return fmt.Errorf("-only: %w", err)
		}
		if *docs != "" {
			return fmt.Errorf("-docs needs every cell; drop -only")
		}
		var keep []cell
		for _, c := range cells {
			if re.MatchString(c.name) {
				keep = append(keep, c)
			}
		}
		cells = keep
	}
	r := results{runs: *n, warm: *warm, clock: *clockName}
	for _, p := range programs {
		r.programs = append(r.programs, p.name)
	}
	load0 := loadAverage()

	var wb *wasmBuild
	if !*noWasm {
		dir, err := os.MkdirTemp("", "kubecfg-bench-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		fmt.Fprintln(os.Stderr, "bench: building the wasm modules")
		if wb, err = buildWasm(*goCmd, dir); err != nil {
			return err
		}
	}

	fmt.Fprintln(os.Stderr, "bench: native")
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			return err
		}
		pprof.StartCPUProfile(f)
	}
	nat, err := runNative(cells, now)
	if *cpuprofile != "" {
		pprof.StopCPUProfile()
	}
	if err != nil {
		return err
	}
	r.native = medians(nat)

	nodeVersion := ""
	if wb != nil {
		fmt.Fprintln(os.Stderr, "bench: wasm in Node")
		w, _, err := runWasm(*node, wb, cells, *clockName)
		if err != nil {
			return err
		}
		r.wasm = medians(w)
		if out, err := exec.Command(*node, "--version").Output(); err == nil {
			nodeVersion = strings.TrimSpace(string(out))
		}
	}
	if !*noGoBench {
		fmt.Fprintln(os.Stderr, "bench: go test -bench in pkg/playground and pkg/yakl")
		if r.benchLines, err = goBench(*goCmd); err != nil {
			return err
		}
	}
	r.env = environment(*goCmd, nodeVersion, load0, loadAverage())

	fmt.Print(r.text())
	if *docs != "" {
		if err := rewriteDocs(*docs, r); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "bench: wrote %s\n", *docs)
	}
	return nil
}

// goBench runs the benchmarks of pkg/playground that measure a new -e on
// a warm workspace, and pkg/yakl's Compile scaling, and returns their
// result lines.
func goBench(goCmd string) ([]string, error) {
	var lines []string
	for _, b := range []struct{ pkg, pattern, benchtime string }{
		{"./pkg/playground", "^Benchmark(EvalCold|EvalWarmNewExpr|SelectCold|SelectWarm)$", "10x"},
		{"./pkg/yakl", "^BenchmarkCompile$", "5x"},
	} {
		out, err := exec.Command(goCmd, "test", "-run", "^$", "-bench", b.pattern, "-benchtime", b.benchtime, "-benchmem", b.pkg).CombinedOutput()
		if err != nil {
			return nil, fmt.Errorf("go test -bench %s: %w\n%s", b.pkg, err, out)
		}
		for _, l := range strings.Split(string(out), "\n") {
			if strings.HasPrefix(l, "Benchmark") {
				lines = append(lines, b.pkg[2:]+": "+strings.Join(strings.Fields(l), " "))
			}
		}
	}
	return lines, nil
}
