// Command engine-versions times the same Jsonnet programs under several
// go-jsonnet releases (make bench-engines), to choose the engine version
// (docs/benchmarks.md, "The engine version"). For each version it writes a
// throw-away module outside the repository that requires that release
// from the Go module proxy, builds a program that evaluates a file as
// jsonnet's EvaluateFile does, and runs it on each program, n times,
// keeping the median wall time. Programs: scripts/bench/testdata's three,
// a std.format of a 46 KB template with three placeholders (as
// kube-prod-runtime's keycloak Secret), and the kubecfg-realworld inputs
// of grafonnet-lib when ../shared/testdata has them.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/kubecfg/kubecfg/internal/testdata"
)

const evaluator = `package main

import (
	"fmt"
	"os"

	jsonnet "github.com/google/go-jsonnet"
)

func main() {
	vm := jsonnet.MakeVM()
	vm.Importer(&jsonnet.FileImporter{JPaths: os.Args[2:]})
	out, err := vm.EvaluateFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Print(len(out))
}
`

type program struct {
	name, file string
	jpath      []string
}

func main() {
	versions := flag.String("versions", "v0.20.0,v0.21.0,v0.22.0", "go-jsonnet releases")
	n := flag.Int("n", 3, "runs a program, the median kept")
	timeout := flag.Duration("timeout", 60*time.Second, "a run's limit")
	flag.Parse()

	var err error
	work, err = os.MkdirTemp("", "engine-versions")
	check(err)
	defer os.RemoveAll(work)
	progs := programs(work)

	fmt.Printf("| program | %s |\n|---|%s\n", strings.ReplaceAll(*versions, ",", " | "), strings.Repeat("---|", len(strings.Split(*versions, ","))))
	bins := map[string]string{}
	for _, v := range strings.Split(*versions, ",") {
		bins[v] = build(work, v)
	}
	for _, p := range progs {
		row := []string{p.name}
		for _, v := range strings.Split(*versions, ",") {
			row = append(row, timeRuns(bins[v], p, *n, *timeout))
		}
		fmt.Printf("| %s |\n", strings.Join(row, " | "))
	}
}

// build writes a module requiring go-jsonnet at version v and builds it.
func build(work, v string) string {
	dir := filepath.Join(work, "mod-"+v)
	check(os.MkdirAll(dir, 0o755))
	check(os.WriteFile(filepath.Join(dir, "main.go"), []byte(evaluator), 0o644))
	check(os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module evaluator\n\ngo 1.26\n"), 0o644))
	bin := filepath.Join(work, "jsonnet-"+v)
	for _, args := range [][]string{{"get", "github.com/google/go-jsonnet@" + v}, {"mod", "tidy"}, {"build", "-o", bin, "."}} {
		cmd := exec.Command("go", args...)
		cmd.Dir, cmd.Stderr = dir, os.Stderr
		check(cmd.Run())
	}
	return bin
}

func timeRuns(bin string, p program, n int, limit time.Duration) string {
	var times []time.Duration
	for i := 0; i < n; i++ {
		cmd := exec.Command("timeout", append([]string{fmt.Sprintf("%.0fs", limit.Seconds()), bin, p.file}, p.jpath...)...)
		start := time.Now()
		out, err := cmd.CombinedOutput()
		d := time.Since(start)
		if err != nil {
			if d >= limit {
				return fmt.Sprintf("> %s", limit)
			}
			return "error: " + strings.TrimSpace(strings.SplitN(string(out), "\n", 2)[0])
		}
		times = append(times, d)
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	return times[len(times)/2].Round(10 * time.Millisecond).String()
}

func programs(work string) []program {
	var progs []program
	for _, name := range []string{"recursion", "strings", "k8s200"} {
		progs = append(progs, program{name: name, file: filepath.Join("scripts", "bench", "testdata", name+".jsonnet")})
	}
	line := "  \"a line of a realm template, with padding to make it about seventy\",\n"
	tmpl := "{\n  \"id\": \"%s\",\n" + strings.Repeat(line, 330) + "  \"secret\": \"%s\",\n" + strings.Repeat(line, 330) + "  \"url\": \"%s\"\n}\n"
	check(os.WriteFile(filepath.Join(work, "template.json"), []byte(tmpl), 0o644))
	format := filepath.Join(work, "format.jsonnet")
	check(os.WriteFile(format, []byte("std.format(importstr 'template.json', ['id', 'secret', 'https://x/cb'])\n"), 0o644))
	progs = append(progs, program{name: fmt.Sprintf("std.format, %d KB template", len(tmpl)/1000), file: format})
	gfl := filepath.Join(testdata.Root(), "kubecfg-realworld", "in", "grafonnet-lib")
	if _, err := os.Stat(gfl); err == nil {
		for _, f := range []string{"examples/jvm.jsonnet", "examples/k8s_cluster_summary.jsonnet", "examples/prometheus.jsonnet"} {
			progs = append(progs, program{name: "grafonnet-lib " + f, file: filepath.Join(gfl, f), jpath: []string{gfl}})
		}
	} else {
		fmt.Fprintf(os.Stderr, "engine-versions: %s not found, grafonnet-lib programs skipped\n", gfl)
	}
	return progs
}

// work is the temporary directory of the modules and programs.
var work string

// check ends the program on an error, removing work first.
func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "engine-versions:", err)
		if work != "" {
			os.RemoveAll(work)
		}
		os.Exit(1)
	}
}
