//go:build kubecfg_noschema

package playground

import "testing"

// Run with: go test -tags kubecfg_noschema -run NoSchema ./pkg/playground
func TestNoSchemaAsksForTheFullEngine(t *testing.T) {
	r := &Runner{}
	resp := r.Run(Request{Entry: "a.jsonnet", Command: "show", Files: map[string]string{
		"a.jsonnet": "local kubecfg = import 'kubecfg.libsonnet'; { ok: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', v: kubecfg.validateJSONSchema({}, {type: 'object'}) } } }",
	}})
	if !resp.NeedsFullEngine || resp.ExitCode == 0 {
		t.Fatalf("validateJSONSchema without the validator: NeedsFullEngine %v, exit %d; want true, 1\n%s", resp.NeedsFullEngine, resp.ExitCode, resp.Stderr)
	}
	// The same workspace in another format is answered from the objects
	// cache, and still asks for the full engine.
	asJSON := r.Run(Request{Entry: "a.jsonnet", Command: "show", Output: "json", Files: map[string]string{
		"a.jsonnet": "local kubecfg = import 'kubecfg.libsonnet'; { ok: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', v: kubecfg.validateJSONSchema({}, {type: 'object'}) } } }",
	}})
	if !asJSON.NeedsFullEngine {
		t.Fatalf("-o json of the same workspace: NeedsFullEngine false\n%s", asJSON.Stderr)
	}
	again := r.Run(Request{Entry: "a.jsonnet", Command: "show", Files: map[string]string{"a.jsonnet": "{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } }"}})
	if again.NeedsFullEngine || again.ExitCode != 0 {
		t.Fatalf("a program without validateJSONSchema: NeedsFullEngine %v, exit %d (%s)", again.NeedsFullEngine, again.ExitCode, again.Stderr)
	}
}
