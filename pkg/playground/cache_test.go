package playground

import (
	"fmt"
	"github.com/kubecfg/kubecfg/internal/kubecfg"
	"reflect"
	"strings"
	"testing"
)

func TestRunnerReuse(t *testing.T) {
	files := map[string]string{"app.jsonnet": "{ a: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } }, n:: 41 }"}
	r := &Runner{}
	eval := func(expr string, f map[string]string) Response {
		return r.Run(Request{Files: f, Invocation: kubecfg.Invocation{Entry: "app.jsonnet", Command: "eval", Expr: expr, Output: "json", Features: []string{"eval"}}})
	}
	show := func(format string, f map[string]string) Response {
		return r.Run(Request{Files: f, Invocation: kubecfg.Invocation{Entry: "app.jsonnet", Command: "show", Output: format}})
	}
	edit := func(from, to string) map[string]string {
		f := map[string]string{}
		for k, v := range files {
			f[k] = strings.Replace(v, from, to, 1)
		}
		files = f
		return f
	}
	withLib := func(lib string) map[string]string {
		f := map[string]string{"lib.libsonnet": lib, "app.jsonnet": "{ a: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: (import 'lib.libsonnet').name } } }"}
		files = f
		return f
	}
	steps := []struct {
		name                     string
		do                       func() Response
		out                      string
		cached                   bool
		sessions, rebases, reads int
	}{
		{"first eval makes a VM", func() Response { return eval("$.n + 1", files) }, "42\n\n", false, 1, 0, 0},
		{"a new expression reuses it", func() Response { return eval("$.n + 2", files) }, "43\n\n", false, 1, 0, 0},
		{"the same request is cached", func() Response { return eval("$.n + 2", files) }, "43\n\n", true, 1, 0, 0},
		{"show on the same workspace reuses the VM", func() Response { return show("yaml", files) }, "name: a", false, 2, 0, 1},
		{"another format reuses the objects", func() Response { return show("json", files) }, `"name": "a"`, false, 2, 0, 1},
		{"an edit of the entry keeps the VM", func() Response { return show("json", edit("'a'", "'b'")) }, `"name": "b"`, false, 2, 1, 2},
		{"eval imported the entry (the fast path), so its edit makes a new VM", func() Response {
			eval("$.n", files)
			return eval("$.n", edit("41", "40"))
		}, "40\n\n", false, 4, 1, 2},
		{"a new file makes a new VM", func() Response { return show("yaml", withLib("{ name: 'lib' }")) }, "name: lib", false, 5, 1, 3},
		{"an edit of the entry keeps the VM with the library", func() Response { return show("yaml", edit("name: (import", "name: 'x' + (import")) }, "name: xlib", false, 5, 2, 4},
		{"an edit of an imported library makes a new VM", func() Response { return show("yaml", withLib("{ name: 'lib2' }")) }, "name: lib2", false, 6, 2, 5},
	}
	for _, s := range steps {
		resp := s.do()
		if !strings.Contains(resp.Output, s.out) {
			t.Fatalf("%s: output %q, want %q (stderr %q)", s.name, resp.Output, s.out, resp.Stderr)
		}
		if resp.Timings.Cached != s.cached {
			t.Errorf("%s: cached = %v, want %v", s.name, resp.Timings.Cached, s.cached)
		}
		if r.cache.sessions != s.sessions || r.cache.rebases != s.rebases || r.cache.reads != s.reads {
			t.Errorf("%s: sessions %d rebases %d reads %d, want %d, %d and %d", s.name, r.cache.sessions, r.cache.rebases, r.cache.reads, s.sessions, s.rebases, s.reads)
		}
	}
}

// An rc file is not imported by the VM, but it sets the gates: editing it
// must not keep a VM made with other gates.
func TestRunnerRebaseFollowsTheRcFile(t *testing.T) {
	r := &Runner{}
	run := func(rc string) Response {
		return r.Run(Request{Files: map[string]string{
			".kubecfgrc.jsonnet": rc,
			"app.yakl":           "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n",
		}, Invocation: kubecfg.Invocation{Entry: "app.yakl", Command: "show"}})
	}
	if resp := run("{ flags: { features: { yakl: true } } }"); resp.ExitCode != 0 {
		t.Fatalf("yakl on: %s", resp.Stderr)
	}
	if resp := run("{ flags: { features: { yakl: false } } }"); resp.ExitCode == 0 || !strings.Contains(resp.Stderr, "yakl is an alpha feature") {
		t.Fatalf("yakl off in the rc file: exit %d, %q", resp.ExitCode, resp.Stderr)
	}
}

// workspace200 is a Kubernetes program of 200 objects: Deployments with
// labels, selectors, containers and env, and a Service for each.
func workspace200() map[string]string {
	return map[string]string{"app.jsonnet": `
local app(i) = {
  local name = 'app-' + i,
  local labels = { app: name, tier: if i % 2 == 0 then 'web' else 'db' },
  deployment: {
    apiVersion: 'apps/v1', kind: 'Deployment',
    metadata: { name: name, namespace: 'ns-' + (i % 7), labels: labels },
    spec: {
      replicas: 1 + i % 3,
      selector: { matchLabels: labels },
      template: {
        metadata: { labels: labels },
        spec: { containers: [{ name: 'c' + j, image: 'nginx:1.' + j, env: [{ name: 'E' + k, value: std.toString(i * k) } for k in std.range(0, 3)] } for j in std.range(0, 1)] },
      },
    },
  },
  service: {
    apiVersion: 'v1', kind: 'Service',
    metadata: { name: name, namespace: 'ns-' + (i % 7), labels: labels },
    spec: { selector: labels, ports: [{ port: 80, targetPort: 8080 }] },
  },
};
{ ['app' + i]: app(i) for i in std.range(0, 99) }
`}
}

// benchRun evaluates a new -e against the 200-object workspace: in a
// fresh Runner (cold), or in one that already evaluated the workspace
// (warm). Each iteration's expression is new, so no response is cached.
func benchRun(b *testing.B, warm bool, expr string) {
	files := workspace200()
	req := func(e string) Request {
		return Request{Files: files, Invocation: kubecfg.Invocation{Entry: "app.jsonnet", Command: "eval", Features: []string{"eval"}, Output: "json", Expr: e}}
	}
	var r *Runner
	if warm {
		r = &Runner{}
		r.Run(req("$"))
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if !warm {
			r = &Runner{}
		}
		resp := r.Run(req(fmt.Sprintf(expr, i)))
		if resp.ExitCode != 0 {
			b.Fatal(resp.Stderr)
		}
	}
}

// The whole value ($) with a new suffix each time, and a fold of every
// object into kubecfg's gvkNsName layout.
func BenchmarkEvalCold(b *testing.B)        { benchRun(b, false, "[$, %d]") }
func BenchmarkEvalWarmNewExpr(b *testing.B) { benchRun(b, true, "[$, %d]") }
func BenchmarkFoldCold(b *testing.B) {
	benchRun(b, false, "[kubecfg.fold(kubecfg.layouts.gvkNsName, $, {}), %d]")
}
func BenchmarkFoldWarm(b *testing.B) {
	benchRun(b, true, "[kubecfg.fold(kubecfg.layouts.gvkNsName, $, {}), %d]")
}
func BenchmarkSelectCold(b *testing.B) { benchRun(b, false, "[$.app42.deployment, %d]") }
func BenchmarkSelectWarm(b *testing.B) { benchRun(b, true, "[$.app42.deployment, %d]") }

func TestRunnerMaxStack(t *testing.T) {
	req := Request{Files: map[string]string{
		"a.jsonnet": "local sum(n) = if n == 0 then 0 else n + sum(n - 1);\n{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data: { t: std.toString(sum(400)) } } }\n",
	}, Invocation: kubecfg.Invocation{Entry: "a.jsonnet", Command: "show"}}
	if resp := (&Runner{}).Run(req); resp.ExitCode != 0 {
		t.Fatalf("go-jsonnet's own limit (500): exit %d, %s", resp.ExitCode, resp.Stderr)
	}
	resp := (&Runner{MaxStack: 300}).Run(req)
	if resp.ExitCode != 1 || !strings.Contains(resp.Stderr, "max stack frames exceeded") {
		t.Fatalf("limit 300: exit %d, stderr %q", resp.ExitCode, resp.Stderr)
	}
	if len(resp.Diagnostics) == 0 || !strings.Contains(resp.Diagnostics[0].Hint, "stops at 300 Jsonnet stack frames") {
		t.Fatalf("limit 300: diagnostics %+v lack the hint", resp.Diagnostics)
	}
}

// Every field of Request must change the request key (or a cached response
// would answer a different request): each is set in turn, the fields of
// the invocation (kubecfg.Invocation, embedded) too.
func TestKeysCoverEveryField(t *testing.T) {
	base := keysFor(Request{}, filesKeyOf(nil)).request
	seen := map[string]string{base: "the zero request"}
	var fields [][]int // index paths of the leaf fields
	typ := reflect.TypeOf(Request{})
	for i := 0; i < typ.NumField(); i++ {
		if f := typ.Field(i); f.Anonymous && f.Type.Kind() == reflect.Struct {
			for j := 0; j < f.Type.NumField(); j++ {
				if f.Type.Field(j).Tag.Get("json") == "-" {
					continue // not of the request: the command line's own (VarOrder)
				}
				fields = append(fields, []int{i, j})
			}
			continue
		}
		fields = append(fields, []int{i})
	}
	if len(fields) < 30 {
		t.Fatalf("only %d fields: the invocation's are missing", len(fields))
	}
	for _, index := range fields {
		var req Request
		f := reflect.ValueOf(&req).Elem().FieldByIndex(index)
		name := typ.FieldByIndex(index).Name
		switch f.Kind() {
		case reflect.String:
			f.SetString("x")
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Int:
			f.SetInt(1)
		case reflect.Slice:
			f.Set(reflect.ValueOf([]string{"x"}))
		case reflect.Map:
			f.Set(reflect.ValueOf(map[string]string{"x": "y"}))
		default:
			t.Fatalf("Request.%s: a %s, which this test does not know how to set", name, f.Kind())
		}
		k := keysFor(req, filesKeyOf(req.Files)).request
		if other, ok := seen[k]; ok {
			t.Errorf("Request.%s does not change the request key (same as %s)", name, other)
		}
		seen[k] = name
	}
	// Items cannot run into each other.
	a := keysFor(Request{}, filesKeyOf(map[string]string{"ab": "c"})).request
	b := keysFor(Request{}, filesKeyOf(map[string]string{"a": "bc"})).request
	if a == b {
		t.Error("files {ab: c} and {a: bc} have the same key")
	}
}

// TestFeaturesTableWithABrokenRcFile: when the rc file does not evaluate,
// the features table still shows what --features says, as the controls
// and the command line do (it showed the defaults: eval off, default).
func TestFeaturesTableWithABrokenRcFile(t *testing.T) {
	resp := Run(Request{Files: map[string]string{
		"app.jsonnet":        "{}",
		".kubecfgrc.jsonnet": "{ flags: ",
	}, Invocation: kubecfg.Invocation{Command: "eval", Entry: "app.jsonnet", Features: []string{"eval"}}})
	if resp.ExitCode != 1 {
		t.Fatalf("exit %d: %s", resp.ExitCode, resp.Stderr)
	}
	for _, row := range resp.Features {
		if row.Name == "eval" {
			if !row.Enabled || row.Source != "--features" {
				t.Errorf("eval row %+v, want on from --features", row)
			}
			return
		}
	}
	t.Error("no eval row")
}

// TestCachedResponseShape: a response answered from the cache has its
// list of diagnostics (empty, not null) and its features, as the first.
func TestCachedResponseShape(t *testing.T) {
	r := &Runner{}
	req := Request{Files: map[string]string{"a.jsonnet": "{}"}, Invocation: kubecfg.Invocation{Entry: "a.jsonnet", Command: "show"}}
	first := r.Run(req)
	again := r.Run(req)
	if !again.Timings.Cached {
		t.Fatal("the second run was not answered from the cache")
	}
	if again.Diagnostics == nil || len(again.Features) != len(first.Features) {
		t.Errorf("cached response: diagnostics %#v, %d features; want [] and %d", again.Diagnostics, len(again.Features), len(first.Features))
	}
}
