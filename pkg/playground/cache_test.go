package playground

import (
	"fmt"
	"strings"
	"testing"
)

func TestRunnerReuse(t *testing.T) {
	files := map[string]string{"app.jsonnet": "{ a: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } }, n:: 41 }"}
	r := &Runner{}
	eval := func(expr string) Response {
		return r.Run(Request{Files: files, Entry: "app.jsonnet", Command: "eval", Expr: expr, Output: "json", Features: []string{"eval"}})
	}
	show := func(format string, f map[string]string) Response {
		return r.Run(Request{Files: f, Entry: "app.jsonnet", Command: "show", Output: format})
	}
	steps := []struct {
		name            string
		do              func() Response
		out             string
		cached          bool
		sessions, reads int
	}{
		{"first eval makes a VM", func() Response { return eval("$.n + 1") }, "42\n\n", false, 1, 0},
		{"a new expression reuses it", func() Response { return eval("$.n + 2") }, "43\n\n", false, 1, 0},
		{"the same request is cached", func() Response { return eval("$.n + 2") }, "43\n\n", true, 1, 0},
		{"show on the same workspace reuses the VM", func() Response { return show("yaml", files) }, "name: a", false, 2, 1},
		{"another format reuses the objects", func() Response { return show("json", files) }, `"name": "a"`, false, 2, 1},
		{"changed files make a new VM", func() Response {
			return show("json", map[string]string{"app.jsonnet": strings.Replace(files["app.jsonnet"], "'a'", "'b'", 1)})
		}, `"name": "b"`, false, 3, 2},
	}
	for _, s := range steps {
		resp := s.do()
		if !strings.Contains(resp.Output, s.out) {
			t.Fatalf("%s: output %q, want %q (stderr %q)", s.name, resp.Output, s.out, resp.Stderr)
		}
		if resp.Timings.Cached != s.cached {
			t.Errorf("%s: cached = %v, want %v", s.name, resp.Timings.Cached, s.cached)
		}
		if r.cache.sessions != s.sessions || r.cache.reads != s.reads {
			t.Errorf("%s: sessions %d reads %d, want %d and %d", s.name, r.cache.sessions, r.cache.reads, s.sessions, s.reads)
		}
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
		return Request{Files: files, Entry: "app.jsonnet", Command: "eval", Features: []string{"eval"}, Output: "json", Expr: e}
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
