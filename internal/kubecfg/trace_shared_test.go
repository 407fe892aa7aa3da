//go:build !kubecfg_noschema

package kubecfg

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/pkg/features"
)

// TestSharedTraceSameAsFresh holds validate's shared tracer to ursonnet
// on a fresh VM per trace (trace): for every value of every object of
// several workspaces (the default example, the fifty mistakes, the
// library and list of TestValueSource, a top-level array), traced as a
// value and as a collection, in one session (the tracer's ASTs instrumented
// once, for all), the same places in the same order.
func TestSharedTraceSameAsFresh(t *testing.T) {
	workspaces := map[string]map[string]string{
		"value-source": {"lib.libsonnet": sourceLib, "app.jsonnet": sourceApp,
			"top.jsonnet": "[\n  { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } },\n  {\n    apiVersion: 'v1', kind: 'ConfigMap',\n    metadata: { name: 'b' },\n    data: { k: 1 },\n  },\n]\n"},
		"default-example": txtarFiles(t, "../../docs/examples/gallery-jsonnet-app.txtar"),
		"mistakes":        txtarFiles(t, "../../cmd/kubecfg/testdata/script/validate_mistakes.txtar"),
	}
	traced := 0
	for name, files := range workspaces {
		c := &Config{Gates: features.AllAlpha(), FS: importer.NewMapFS("/w", files), Cwd: "/w"}
		s, err := c.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		st := &sharedTraces{}
		for input := range files {
			if !strings.HasSuffix(input, ".jsonnet") {
				continue
			}
			objs, srcs, err := s.ReadSources(ReadOptions{Inputs: []string{input}})
			if err != nil {
				t.Fatalf("%s %s: %v", name, input, err)
			}
			u := c.inputURL(input)
			for k, o := range objs {
				item := 0
				for j := 0; j < k; j++ {
					if srcs[j] == srcs[k] {
						item++
					}
				}
				base := srcs[k].Path
				if p, ok := strings.CutSuffix(base, ".item"); ok {
					base = p + ".items[" + strconv.Itoa(item) + "]"
				}
				for _, path := range valuePaths(map[string]any(o), nil) {
					expr := base + PathExpr(path)
					for _, coll := range []bool{false, true} {
						shared, errShared := s.sharedTrace(st, u, expr, coll)
						fresh, errFresh := s.trace(u, expr, coll)
						if (errShared == nil) != (errFresh == nil) {
							t.Fatalf("%s %s %s (collection %v): shared error %v, fresh %v", name, input, expr, coll, errShared, errFresh)
						}
						if errShared == nil && !slices.Equal(shared.Roots, fresh.Roots) {
							t.Errorf("%s %s %s (collection %v):\nshared %q\nfresh  %q", name, input, expr, coll, shared.Roots, fresh.Roots)
						}
						traced++
					}
				}
			}
		}
		if st.off {
			t.Errorf("%s: the shared trace fell back to fresh VMs", name)
		}
	}
	if traced < 500 {
		t.Errorf("only %d traces compared", traced)
	}
}

// TestSharedTraceKeptPerRun: a run's tracers stay for all its traces,
// and the session's own VM is not instrumented (a trace never rewrites
// it: the session evaluates as before, without trace output).
func TestSharedTraceKeptPerRun(t *testing.T) {
	files := map[string]string{"lib.libsonnet": sourceLib, "app.jsonnet": sourceApp}
	var traceOut strings.Builder
	c := &Config{Gates: features.AllAlpha(), FS: importer.NewMapFS("/w", files), Cwd: "/w", TraceOut: &traceOut}
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	before, _, err := s.ReadSources(ReadOptions{Inputs: []string{"app.jsonnet"}})
	if err != nil {
		t.Fatal(err)
	}
	st := &sharedTraces{}
	u := c.inputURL("app.jsonnet")
	if _, err := s.sharedTrace(st, u, "$.web.spec.replicas", false); err != nil {
		t.Fatal(err)
	}
	first := st.tracers[0]
	if first == nil || st.tracers[1] != nil {
		t.Fatalf("tracers %v after a value's trace", st.tracers)
	}
	if _, err := s.sharedTrace(st, u, "$.web.metadata.name", false); err != nil || st.tracers[0] != first {
		t.Fatalf("a second trace of the run: error %v, tracer kept %v", err, st.tracers[0] == first)
	}
	if first.sess == s || first.sess.vm == s.vm {
		t.Fatal("the tracer runs on the session's own VM")
	}
	// The library the session's VM cached is evaluated again uninstrumented.
	after, _, err := s.ReadSources(ReadOptions{Inputs: []string{"app.jsonnet"}})
	if err != nil || !reflect.DeepEqual(before, after) || traceOut.Len() != 0 {
		t.Fatalf("the session after the traces: %v, same objects %v, trace output %q", err, reflect.DeepEqual(before, after), traceOut.String())
	}
}

// TestSharedTraceFallsBack: an import in a function's arguments (which
// ursonnet leaves to the VM) sends the session back to a fresh VM per
// trace, with ursonnet's places.
func TestSharedTraceFallsBack(t *testing.T) {
	files := map[string]string{
		"v.libsonnet": "{\n  replicas: 3,\n}\n",
		"app.jsonnet": "local f(v) = { apiVersion: 'v1', kind: 'X', n: v.replicas };\n{\n  x: f(import 'v.libsonnet'),\n}\n",
	}
	c := &Config{Gates: features.AllAlpha(), FS: importer.NewMapFS("/w", files), Cwd: "/w"}
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	u := c.inputURL("app.jsonnet")
	st := &sharedTraces{}
	for i := 0; i < 2; i++ {
		shared, err := s.sharedTrace(st, u, "$.x.n", false)
		if err != nil {
			t.Fatal(err)
		}
		fresh, err := s.trace(u, "$.x.n", false)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(shared.Roots, fresh.Roots) || !st.off {
			t.Errorf("trace %d: shared %q, fresh %q, fell back %v", i, shared.Roots, fresh.Roots, st.off)
		}
	}
}

// valuePaths lists the paths of v's values (v itself, as nil, first).
func valuePaths(v any, at []any) [][]any {
	out := [][]any{slices.Clone(at)}
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			out = append(out, valuePaths(v[k], append(at, k))...)
		}
	case []any:
		for i, e := range v {
			out = append(out, valuePaths(e, append(at, i))...)
		}
	}
	return out
}

// txtarFiles reads an archive's files (the comment is left out).
func txtarFiles(t *testing.T, name string) map[string]string {
	t.Helper()
	ar, err := txtar.ParseFile(name)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, f := range ar.Files {
		files[f.Name] = string(f.Data)
	}
	return files
}

// TestSharedTraceConcurrent: sessions on several goroutines share the
// process's instrumented kubecfg.libsonnet (evaluation only reads it);
// run with -race.
func TestSharedTraceConcurrent(t *testing.T) {
	files := txtarFiles(t, "../../docs/examples/gallery-jsonnet-app.txtar")
	errs := make(chan error, 8)
	for g := 0; g < 4; g++ {
		go func() {
			c := &Config{Gates: features.AllAlpha(), FS: importer.NewMapFS("/w", files), Cwd: "/w"}
			s, err := c.NewSession()
			if err != nil {
				errs <- err
				return
			}
			st := &sharedTraces{}
			for _, coll := range []bool{false, true} {
				tr, err := s.sharedTrace(st, c.inputURL("app.jsonnet"), "$.deployment.spec.template.spec.containers[0].image", coll)
				if err != nil {
					errs <- err
					return
				}
				if st.off {
					errs <- fmt.Errorf("fell back")
					return
				}
				if len(tr.Roots) == 0 {
					errs <- fmt.Errorf("no places")
					return
				}
			}
			errs <- nil
		}()
	}
	for g := 0; g < 4; g++ {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}
