package playground

import (
	"github.com/kubecfg/kubecfg/internal/kubecfg"
	"reflect"
	"strings"
	"testing"
)

// traceWorkspace is a Deployment from a library function, a ConfigMap
// from a .yaml input and one from --exec code.
var traceWorkspace = map[string]string{
	"app.jsonnet": `local lib = import 'lib.libsonnet';
{
  deploy: lib.deployment('web', 2),
}
`,
	"lib.libsonnet": `{
  deployment(name, replicas):: {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: name },
    spec: {
      replicas: replicas,
    },
  },
}
`,
	"objs.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: plain\n",
}

// lineOf is the 1-based line of out that holds s.
func lineOf(t *testing.T, out, s string) int {
	for i, l := range strings.Split(out, "\n") {
		if strings.Contains(l, s) {
			return i + 1
		}
	}
	t.Fatalf("no line holds %q in\n%s", s, out)
	return 0
}

func TestTraceLine(t *testing.T) {
	want := []TracePlace{{"lib.libsonnet", 7, true}, {"app.jsonnet", 3, true}, {"lib.libsonnet", 2, true}}
	for _, tc := range []struct {
		name   string
		req    Request
		line   string // the output line to trace
		places []TracePlace
		path   string
		err    string
	}{
		{name: "show yaml", req: Request{Invocation: kubecfg.Invocation{Command: "show", Entry: "app.jsonnet"}}, line: "replicas:", places: want, path: "$.deploy.spec.replicas"},
		{name: "show json", req: Request{Invocation: kubecfg.Invocation{Command: "show", Entry: "app.jsonnet", Output: "json"}}, line: `"replicas"`, places: want, path: "$.deploy.spec.replicas"},
		{name: "show with provenance", req: Request{Invocation: kubecfg.Invocation{Command: "show", Entry: "app.jsonnet", ShowProvenance: true}}, line: "replicas:", places: want, path: "$.deploy.spec.replicas"},
		{name: "eval", req: Request{Invocation: kubecfg.Invocation{Command: "eval", Entry: "app.jsonnet", Expr: "$.deploy", Features: []string{"eval"}}}, line: "replicas:", places: want, path: "($.deploy).spec.replicas"},
		{name: "a .yaml input", req: Request{Invocation: kubecfg.Invocation{Command: "show", Entry: "objs.yaml"}}, line: "name: plain", err: "a .yaml or .json input"},
		{name: "--exec code", req: Request{Invocation: kubecfg.Invocation{Command: "show", Exec: "{apiVersion: 'v1', kind: 'ConfigMap', metadata: {name: 'e'}}"}}, line: "name: e", err: "--exec code"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &Runner{}
			tc.req.Files = traceWorkspace
			plain := r.Run(tc.req)
			if plain.ExitCode != 0 {
				t.Fatalf("the request fails: %s", plain.Stderr)
			}
			req := tc.req
			req.TraceLine = lineOf(t, plain.Output, tc.line)
			resp := r.Run(req)
			if resp.Output != plain.Output || resp.Stderr != plain.Stderr {
				t.Errorf("a trace changed the response: %q / %q", resp.Output, resp.Stderr)
			}
			tr := resp.Trace
			if tr == nil {
				t.Fatal("no trace")
			}
			if tr.Line != req.TraceLine {
				t.Errorf("line %d, want %d", tr.Line, req.TraceLine)
			}
			if tc.err != "" {
				if !strings.Contains(tr.Error, tc.err) || len(tr.Places) != 0 {
					t.Errorf("trace = %+v, want an error with %q", tr, tc.err)
				}
				return
			}
			if tr.Error != "" || tr.Path != tc.path || !reflect.DeepEqual(tr.Places, tc.places) {
				t.Errorf("trace = %+v, want path %s and places %v", tr, tc.path, tc.places)
			}
		})
	}
	// A line that holds no value.
	resp := (&Runner{}).Run(Request{Files: traceWorkspace, TraceLine: 999, Invocation: kubecfg.Invocation{Command: "show", Entry: "app.jsonnet"}})
	if resp.Trace == nil || !strings.Contains(resp.Trace.Error, "line 999 holds no value") {
		t.Errorf("trace of line 999 = %+v", resp.Trace)
	}
}

// BenchmarkTraceLine is a click on an output line of the 200-object
// workspace's show output (a Deployment's replicas: a new line each time,
// so no response is cached): the program is evaluated already, as it is
// on the page when its output is there.
func BenchmarkTraceLine(b *testing.B) {
	req := Request{Files: workspace200(), Invocation: kubecfg.Invocation{Entry: "app.jsonnet", Command: "show"}}
	r := &Runner{}
	out := r.Run(req).Output
	var lines []int
	for i, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "  replicas:") {
			lines = append(lines, i+1)
		}
	}
	for i := 0; b.Loop(); i++ {
		req.TraceLine = lines[i%len(lines)]
		resp := r.Run(req)
		if resp.Trace == nil || resp.Trace.Error != "" || len(resp.Trace.Places) == 0 {
			b.Fatalf("trace of line %d: %+v", req.TraceLine, resp.Trace)
		}
	}
}

// TestTraceAll: every line of the output that holds a value has its trace,
// the same as tracing that line alone.
func TestTraceAll(t *testing.T) {
	req := Request{Files: traceWorkspace, TraceAll: true, Invocation: kubecfg.Invocation{Command: "show", Entry: "app.jsonnet", Inputs: []string{"objs.yaml"}}}
	r := &Runner{}
	resp := r.Run(req)
	if resp.ExitCode != 0 || resp.TracesCut {
		t.Fatalf("exit %d, cut %v: %s", resp.ExitCode, resp.TracesCut, resp.Stderr)
	}
	byLine := map[int]Trace{}
	for _, tr := range resp.Traces {
		byLine[tr.Line] = tr
	}
	// The Deployment's lines (not the ConfigMap of objs.yaml, which holds
	// itself as it is).
	for _, s := range []string{"apiVersion: apps/v1", "kind: Deployment", "name: web", "replicas: 2"} {
		l := lineOf(t, resp.Output, s)
		one := r.Run(Request{Files: traceWorkspace, TraceLine: l, Invocation: kubecfg.Invocation{Command: "show", Entry: "app.jsonnet", Inputs: []string{"objs.yaml"}}}).Trace
		if got, ok := byLine[l]; !ok || !reflect.DeepEqual(got.Places, one.Places) || len(got.Places) == 0 {
			t.Errorf("line %d (%s): TraceAll has %+v, TraceLine %+v", l, s, got, one)
		}
	}
	if _, ok := byLine[lineOf(t, resp.Output, "name: plain")]; ok {
		t.Error("the .yaml input's object has a trace")
	}
	// The reverse: app.jsonnet's line 3 (deploy: lib.deployment('web', 2))
	// feeds every line of the Deployment.
	n := 0
	for _, tr := range resp.Traces {
		for _, p := range tr.Places {
			if p.File == "app.jsonnet" && p.Line == 3 {
				n++
			}
		}
	}
	if n < 5 {
		t.Errorf("app.jsonnet:3 feeds %d output lines, want the Deployment's (at least 5)", n)
	}
}

// TestStdTrace: what the program writes with std.trace is on stderr, as
// the CLI prints it, on every request, cached session or not.
func TestStdTrace(t *testing.T) {
	files := map[string]string{
		"app.jsonnet":   "local lib = import 'lib.libsonnet';\n{ a: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: lib.name } } }\n",
		"lib.libsonnet": "{ name: std.trace('library', 'n') }\n",
	}
	want := "TRACE: file:///workspace/lib.libsonnet:1 library\n"
	r := &Runner{}
	for _, req := range []Request{
		{Files: files, Invocation: kubecfg.Invocation{Command: "show", Entry: "app.jsonnet"}},
		{Files: files, Invocation: kubecfg.Invocation{Command: "show", Entry: "app.jsonnet", Output: "json"}},
		{Files: files, Invocation: kubecfg.Invocation{Command: "eval", Entry: "app.jsonnet", Expr: "$.a.metadata", Features: []string{"eval"}}},
		{Files: files, Invocation: kubecfg.Invocation{Command: "eval", Entry: "app.jsonnet", Expr: "$.a.metadata.name", Features: []string{"eval"}}},
	} {
		if resp := r.Run(req); resp.ExitCode != 0 || resp.Stderr != want {
			t.Errorf("%s -o %s -e %q: exit %d, stderr %q; want %q", req.Command, req.Output, req.Expr, resp.ExitCode, resp.Stderr, want)
		}
	}
}

// TestTracePlacesNamedAsTyped: a place in a file whose name its file://
// URL escapes is named as typed.
func TestTracePlacesNamedAsTyped(t *testing.T) {
	files := map[string]string{
		"my app.jsonnet":   "local lib = import 'my lib.libsonnet';\n{ d: lib.d }\n",
		"my lib.libsonnet": "{\n  d: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } },\n}\n",
	}
	resp := (&Runner{}).Run(Request{Files: files, TraceLine: 3, Invocation: kubecfg.Invocation{Command: "show", Entry: "my app.jsonnet"}})
	if resp.Trace == nil || len(resp.Trace.Places) == 0 {
		t.Fatalf("trace = %+v (%s)", resp.Trace, resp.Stderr)
	}
	for _, p := range resp.Trace.Places {
		if _, ok := files[p.File]; !ok || !p.Workspace {
			t.Errorf("place %+v is not a workspace file named as typed", p)
		}
	}
}
