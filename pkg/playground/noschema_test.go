//go:build kubecfg_noschema

package playground

import (
	"testing"

	"github.com/kubecfg/kubecfg/internal/kubecfg"
)

// Run with: go test -tags kubecfg_noschema -run NoSchema ./pkg/playground
func TestNoSchemaAsksForTheFullEngine(t *testing.T) {
	r := &Runner{}
	resp := r.Run(Request{Files: map[string]string{
		"a.jsonnet": "local kubecfg = import 'kubecfg.libsonnet'; { ok: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', v: kubecfg.validateJSONSchema({}, {type: 'object'}) } } }",
	}, Invocation: kubecfg.Invocation{Entry: "a.jsonnet", Command: "show"}})
	if !resp.NeedsFullEngine || resp.ExitCode == 0 {
		t.Fatalf("validateJSONSchema without the validator: NeedsFullEngine %v, exit %d; want true, 1\n%s", resp.NeedsFullEngine, resp.ExitCode, resp.Stderr)
	}
	// The same workspace in another format is answered from the objects
	// cache, and still asks for the full engine.
	asJSON := r.Run(Request{Files: map[string]string{
		"a.jsonnet": "local kubecfg = import 'kubecfg.libsonnet'; { ok: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', v: kubecfg.validateJSONSchema({}, {type: 'object'}) } } }",
	}, Invocation: kubecfg.Invocation{Entry: "a.jsonnet", Command: "show", Output: "json"}})
	if !asJSON.NeedsFullEngine {
		t.Fatalf("-o json of the same workspace: NeedsFullEngine false\n%s", asJSON.Stderr)
	}
	again := r.Run(Request{Files: map[string]string{"a.jsonnet": "{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } }"}, Invocation: kubecfg.Invocation{Entry: "a.jsonnet", Command: "show"}})
	if again.NeedsFullEngine || again.ExitCode != 0 {
		t.Fatalf("a program without validateJSONSchema: NeedsFullEngine %v, exit %d (%s)", again.NeedsFullEngine, again.ExitCode, again.Stderr)
	}
}

// The causal trace is the full engine's too: a traced line and eval
// --trace ask for it, and an untraced run does not.
func TestNoSchemaTraceAsksForTheFullEngine(t *testing.T) {
	files := map[string]string{"a.jsonnet": "{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } }"}
	r := &Runner{}
	line := r.Run(Request{Files: files, TraceLine: 2, Invocation: kubecfg.Invocation{Entry: "a.jsonnet", Command: "show"}})
	if !line.NeedsFullEngine || line.ExitCode != 0 {
		t.Fatalf("a traced line: NeedsFullEngine %v, exit %d; want true, 0 (%+v)", line.NeedsFullEngine, line.ExitCode, line.Trace)
	}
	all := r.Run(Request{Files: files, TraceAll: true, Invocation: kubecfg.Invocation{Entry: "a.jsonnet", Command: "show"}})
	if !all.NeedsFullEngine {
		t.Fatal("every line traced: NeedsFullEngine false")
	}
	eval := r.Run(Request{Files: files, Invocation: kubecfg.Invocation{Entry: "a.jsonnet", Command: "eval", Features: []string{"eval"}, Trace: true}})
	if !eval.NeedsFullEngine {
		t.Fatalf("eval --trace: NeedsFullEngine false, exit %d (%s)", eval.ExitCode, eval.Stderr)
	}
	plain := r.Run(Request{Files: files, Invocation: kubecfg.Invocation{Entry: "a.jsonnet", Command: "show"}})
	if plain.NeedsFullEngine || plain.ExitCode != 0 {
		t.Fatalf("no trace: NeedsFullEngine %v, exit %d (%s)", plain.NeedsFullEngine, plain.ExitCode, plain.Stderr)
	}
}

// jsonnetfmt's printer is the full engine's: eval -o jsonnet of a .yakl
// file (the page's compiled view) asks for it, and the same file's eval
// and show do not.
func TestNoSchemaCompiledViewAsksForTheFullEngine(t *testing.T) {
	files := map[string]string{"app.yakl": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${'web'}\n"}
	r := &Runner{}
	compiled := r.Run(Request{Files: files, Invocation: kubecfg.Invocation{Entry: "app.yakl", Command: "eval", Output: "jsonnet", Features: []string{"yakl", "eval"}}})
	if !compiled.NeedsFullEngine || compiled.ExitCode == 0 {
		t.Fatalf("eval -o jsonnet of a .yakl file: NeedsFullEngine %v, exit %d; want true, 1 (%s)", compiled.NeedsFullEngine, compiled.ExitCode, compiled.Stderr)
	}
	for _, inv := range []kubecfg.Invocation{
		{Entry: "app.yakl", Command: "eval", Features: []string{"yakl", "eval"}},
		{Entry: "app.yakl", Command: "show", Features: []string{"yakl"}},
	} {
		resp := r.Run(Request{Files: files, Invocation: inv})
		if resp.NeedsFullEngine || resp.ExitCode != 0 {
			t.Fatalf("%s of a .yakl file: NeedsFullEngine %v, exit %d (%s)", inv.Command, resp.NeedsFullEngine, resp.ExitCode, resp.Stderr)
		}
	}
}
