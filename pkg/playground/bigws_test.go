package playground

import (
	"encoding/json"
	"fmt"
	"github.com/kubecfg/kubecfg/internal/kubecfg"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Big workspaces (issue 22): kube-prometheus's example, about 300 files
// and several MB, and a synthetic workspace of the same size that needs no
// corpus. An edit of the entry file must cost this package's own code
// little: the benchmarks below run a cold request and then one edit per
// iteration, through the JSON text as the wasm shim receives it.

// kubePrometheusDir is the corpus that scripts/corpus/kube-prometheus.sh
// builds: $KUBECFG_KUBE_PROMETHEUS, or corpus/kube-prometheus beside the
// repository's directory.
func kubePrometheusDir(tb testing.TB) string {
	dir := os.Getenv("KUBECFG_KUBE_PROMETHEUS")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "corpus", "kube-prometheus")
	}
	if _, err := os.Stat(filepath.Join(dir, "example.jsonnet")); err != nil {
		tb.Skipf("no kube-prometheus corpus at %s (build it with scripts/corpus/kube-prometheus.sh DIR and set KUBECFG_KUBE_PROMETHEUS=DIR): %v", dir, err)
	}
	return dir
}

// kubePrometheusRequest is `kubecfg show -J vendor example.jsonnet` in the
// corpus as a request: example.jsonnet and every Jsonnet and JSON file
// under vendor/. Of vendor's symlinks only kube-prometheus (the local
// package) is followed: the others are jsonnet-bundler's legacy names of
// packages that are there under github.com/ too, and the example imports
// by the long names.
func kubePrometheusRequest(tb testing.TB) Request {
	dir := kubePrometheusDir(tb)
	files := map[string]string{}
	read := func(name string) {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			tb.Fatal(err)
		}
		files[filepath.ToSlash(name)] = string(b)
	}
	read("example.jsonnet")
	for _, top := range []string{"vendor/github.com", "vendor/kube-prometheus/"} {
		// The trailing slash makes the walk enter a symlinked directory.
		err := filepath.WalkDir(filepath.Join(dir, top)+string(filepath.Separator), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			switch filepath.Ext(p) {
			case ".jsonnet", ".libsonnet", ".json":
				rel, _ := filepath.Rel(dir, p)
				read(rel)
			}
			return nil
		})
		if err != nil {
			tb.Fatal(err)
		}
	}
	return Request{Files: files, Invocation: kubecfg.Invocation{Entry: "example.jsonnet", Command: "show", JPath: []string{"vendor"}}}
}

// syntheticRequest is a workspace shaped like a vendored project: an entry
// that imports a few libraries (each a list of objects built from data),
// and many files it never imports, about 8 MB in all.
func syntheticRequest() Request {
	files := map[string]string{}
	var entry strings.Builder
	entry.WriteString("local ns = 'default';\n[\n")
	for i := range 300 {
		var b strings.Builder
		fmt.Fprintf(&b, "// library %d\n{\n  objects(ns):: [\n", i)
		for j := range 40 {
			fmt.Fprintf(&b, "    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'lib%d-cm%d', namespace: ns }, data: { text: %q } },\n",
				i, j, strings.Repeat(fmt.Sprintf("line %d of %d, ", j, i), 30))
		}
		b.WriteString("  ],\n  table:: " + syntheticTable(i) + ",\n}\n")
		name := fmt.Sprintf("vendor/lib%03d/main.libsonnet", i)
		files[name] = b.String()
		if i%30 == 0 {
			fmt.Fprintf(&entry, "  (import '%s').objects(ns)[0],\n", name)
		}
	}
	entry.WriteString("]\n")
	files["main.jsonnet"] = entry.String()
	return Request{Files: files, Invocation: kubecfg.Invocation{Entry: "main.jsonnet", Command: "show"}}
}

// syntheticTable is a JSON-like table that pads a library to about 26 KB.
func syntheticTable(i int) string {
	var b strings.Builder
	b.WriteString("{")
	for k := range 160 {
		fmt.Fprintf(&b, " k%d_%d: [%d, 'value %d'],", i, k, k, k)
	}
	b.WriteString(" }")
	return b.String()
}

// bigEdits are the edits of a big workspace's entry: each iteration's
// request changes one value in it, to a value not seen before.
type bigEdit struct {
	req        Request
	from, repl string
}

func (e bigEdit) at(i int) Request {
	req := e.req
	req.Files = make(map[string]string, len(e.req.Files))
	for k, v := range e.req.Files {
		req.Files[k] = v
	}
	req.Files[req.Entry] = strings.Replace(req.Files[req.Entry], e.from, fmt.Sprintf(e.repl, i), 1)
	return req
}

func kubePrometheusEdit(tb testing.TB) bigEdit {
	return bigEdit{kubePrometheusRequest(tb), "namespace: 'monitoring'", "namespace: 'monitoring-%d'"}
}

func syntheticEdit() bigEdit {
	return bigEdit{syntheticRequest(), "local ns = 'default';", "local ns = 'ns-%d';"}
}

// runText runs a request's JSON text: decode, run, encode the response.
func runText(tb testing.TB, r *Runner, text []byte) []byte {
	req, err := bigDecode(r, text)
	if err != nil {
		tb.Fatal(err)
	}
	resp := r.Run(req)
	if resp.ExitCode != 0 {
		tb.Fatalf("exit %d: %s", resp.ExitCode, resp.Stderr)
	}
	out, err := json.Marshal(resp)
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

func mustJSON(tb testing.TB, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// benchEdit runs e's cold request once, then one edit per iteration.
func benchEdit(b *testing.B, e bigEdit) {
	texts := make([][]byte, 16)
	for i := range texts {
		texts[i] = mustJSON(b, e.at(i+1))
	}
	b.SetBytes(int64(len(texts[0])))
	r := &Runner{}
	runText(b, r, mustJSON(b, e.req))
	i := 0
	for b.Loop() {
		runText(b, r, texts[i%len(texts)])
		i++
		if i%len(texts) == 0 {
			// The response cache would answer the next round.
			r.cache.responses, r.cache.order = nil, nil
		}
	}
	b.ReportMetric(float64(r.cache.sessions), "VMs")
}

// benchCold runs e's request on a new Runner per iteration.
func benchCold(b *testing.B, e bigEdit) {
	text := mustJSON(b, e.req)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		runText(b, &Runner{}, text)
	}
}

// BenchmarkEditKubePrometheus is an edit of kube-prometheus's
// example.jsonnet (the namespace, a new value each time) after a cold run.
func BenchmarkEditKubePrometheus(b *testing.B) { benchEdit(b, kubePrometheusEdit(b)) }

// BenchmarkColdKubePrometheus is kube-prometheus's example on a new Runner.
func BenchmarkColdKubePrometheus(b *testing.B) { benchCold(b, kubePrometheusEdit(b)) }

// BenchmarkEditSynthetic is an edit of the synthetic workspace's entry.
func BenchmarkEditSynthetic(b *testing.B) { benchEdit(b, syntheticEdit()) }

// BenchmarkColdSynthetic is the synthetic workspace on a new Runner.
func BenchmarkColdSynthetic(b *testing.B) { benchCold(b, syntheticEdit()) }

// TestEditHashesOnlyTheEntry checks the per-edit path of a big workspace:
// after the cold run, an edit of the entry copies into the workspace and
// hashes the entry's bytes and no others, keeps the VM, and answers what a new Runner
// answers.
func TestEditHashesOnlyTheEntry(t *testing.T) {
	e := syntheticEdit()
	r := &Runner{}
	runText(t, r, mustJSON(t, e.req))
	total := 0
	for _, text := range e.req.Files {
		total += len(text)
	}
	if r.ws.copied != total || r.ws.hashed != total {
		t.Fatalf("cold run copied %d and hashed %d bytes, want the workspace's %d", r.ws.copied, r.ws.hashed, total)
	}
	for i := 1; i <= 3; i++ {
		edit := e.at(i)
		copied, hashed := r.ws.copied, r.ws.hashed
		got := runText(t, r, mustJSON(t, edit))
		entry := len(edit.Files[edit.Entry])
		if d := r.ws.copied - copied; d != entry {
			t.Errorf("edit %d copied %d bytes, want the entry's %d", i, d, entry)
		}
		if h := r.ws.hashed - hashed; h != entry {
			t.Errorf("edit %d hashed %d bytes, want the entry's %d", i, h, entry)
		}
		if r.cache.sessions != 1 || r.cache.rebases != i {
			t.Errorf("edit %d: %d VMs made, %d rebases; want 1 and %d", i, r.cache.sessions, r.cache.rebases, i)
		}
		want := runText(t, &Runner{}, mustJSON(t, edit))
		if !equalResponses(t, got, want) {
			t.Errorf("edit %d: the warm Runner's response differs from a new one's", i)
		}
	}
}

// TestEditKubePrometheus is TestEditHashesOnlyTheEntry's last check on
// kube-prometheus: an edit of example.jsonnet on a warm Runner prints what
// a new Runner prints.
func TestEditKubePrometheus(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: kube-prometheus takes seconds to evaluate")
	}
	e := kubePrometheusEdit(t)
	r := &Runner{}
	runText(t, r, mustJSON(t, e.req))
	got := runText(t, r, mustJSON(t, e.at(1)))
	want := runText(t, &Runner{}, mustJSON(t, e.at(1)))
	if !equalResponses(t, got, want) {
		t.Error("the warm Runner's response differs from a new one's")
	}
	if !strings.Contains(string(got), "namespace: monitoring-1") {
		t.Error("the edit did not reach the output")
	}
}

// equalResponses compares two encoded responses but their timings.
func equalResponses(t *testing.T, a, b []byte) bool {
	var ra, rb Response
	if err := json.Unmarshal(a, &ra); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &rb); err != nil {
		t.Fatal(err)
	}
	ra.Timings, rb.Timings = Timings{}, Timings{}
	return reflect.DeepEqual(ra, rb)
}

// TestWriteBigRequests writes the big workspaces' requests, for
// scripts/bench/bigws.mjs (the wasm engine under Node), into
// $KUBECFG_WRITE_BIG_REQUESTS: synthetic.json and, with the corpus,
// kube-prometheus.json, each {request, from, to}: the cold request, and
// the edit of its entry (from → to, %d the edit's number).
func TestWriteBigRequests(t *testing.T) {
	dir := os.Getenv("KUBECFG_WRITE_BIG_REQUESTS")
	if dir == "" {
		t.Skip("set KUBECFG_WRITE_BIG_REQUESTS=DIR to write the big workspaces' requests there")
	}
	write := func(name string, e bigEdit) {
		b := mustJSON(t, map[string]any{"request": e.req, "from": e.from, "to": e.repl})
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("synthetic.json", syntheticEdit())
	write("kube-prometheus.json", kubePrometheusEdit(t))
}

// TestBigPhases times the phases of big-workspace edits, for
// docs/benchmarks.md: $KUBECFG_BIG_PHASES names the workspace
// (synthetic or kube-prometheus), $KUBECFG_BIG_EDITS how many edits (5),
// and $KUBECFG_BIG_PROFILE, when set, is a file for a CPU profile of the
// edits alone (not the cold run), whose go-jsonnet share
// `go tool pprof -top -focus google/go-jsonnet` gives.
func TestBigPhases(t *testing.T) {
	var e bigEdit
	switch os.Getenv("KUBECFG_BIG_PHASES") {
	case "":
		t.Skip("set KUBECFG_BIG_PHASES=synthetic or kube-prometheus to time a big workspace's edits")
	case "synthetic":
		e = syntheticEdit()
	case "kube-prometheus":
		e = kubePrometheusEdit(t)
	default:
		t.Fatalf("KUBECFG_BIG_PHASES=%s: want synthetic or kube-prometheus", os.Getenv("KUBECFG_BIG_PHASES"))
	}
	edits := 5
	if n, err := strconv.Atoi(os.Getenv("KUBECFG_BIG_EDITS")); err == nil {
		edits = n
	}
	r := &Runner{}
	var decodes, runs, encodes []float64
	phases := func(name string, text []byte) {
		t0 := time.Now()
		req, err := bigDecode(r, text)
		if err != nil {
			t.Fatal(err)
		}
		t1 := time.Now()
		resp := r.Run(req)
		t2 := time.Now()
		if resp.ExitCode != 0 {
			t.Fatal(resp.Stderr)
		}
		out, _ := json.Marshal(resp)
		t3 := time.Now()
		ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
		t.Logf("%s: decode %.1f ms, run %.1f ms, encode %.1f ms (request %d bytes, response %d)",
			name, ms(t1.Sub(t0)), ms(t2.Sub(t1)), ms(t3.Sub(t2)), len(text), len(out))
		decodes, runs, encodes = append(decodes, ms(t1.Sub(t0))), append(runs, ms(t2.Sub(t1))), append(encodes, ms(t3.Sub(t2)))
	}
	phases("cold", mustJSON(t, e.req))
	texts := make([][]byte, edits)
	for i := range texts {
		texts[i] = mustJSON(t, e.at(i+1))
	}
	if p := os.Getenv("KUBECFG_BIG_PROFILE"); p != "" {
		f, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			t.Fatal(err)
		}
		defer pprof.StopCPUProfile()
	}
	for i, text := range texts {
		phases(fmt.Sprintf("edit %d", i+1), text)
	}
	med := func(v []float64) float64 {
		v = slices.Clone(v[1:]) // the edits, not the cold run
		slices.Sort(v)
		return v[len(v)/2]
	}
	if edits > 0 {
		t.Logf("median of %d edits: decode %.1f ms, run %.1f ms, encode %.1f ms", edits, med(decodes), med(runs), med(encodes))
	}
}

// bigDecode is how TestBigPhases decodes a stateless request's text.
func bigDecode(_ *Runner, text []byte) (req Request, err error) {
	err = json.Unmarshal(text, &req)
	return req, err
}
