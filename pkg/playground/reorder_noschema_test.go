//go:build kubecfg_noschema

package playground

import (
	"testing"

	"github.com/kubecfg/kubecfg/internal/kubecfg"
)

// show --reorder=client is the full engine's (the built-in kinds' facts):
// the core engine answers NeedsFullEngine after the read; the gate still
// comes first.
// Run with: go test -tags kubecfg_noschema -run NoSchema ./pkg/playground
func TestNoSchemaReorderAsksForTheFullEngine(t *testing.T) {
	files := map[string]string{"a.jsonnet": "{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } }"}
	r := &Runner{}
	resp := r.Run(Request{Files: files, Invocation: kubecfg.Invocation{Entry: "a.jsonnet", Reorder: "client", Features: []string{"client-reorder"}}})
	if !resp.NeedsFullEngine || resp.ExitCode != 1 || len(resp.Diagnostics) != 1 || resp.Diagnostics[0].Kind != KindNeedsFullEngine {
		t.Fatalf("--reorder=client on the core engine: %+v", resp)
	}
	gated := r.Run(Request{Files: files, Invocation: kubecfg.Invocation{Entry: "a.jsonnet", Reorder: "client"}})
	if gated.NeedsFullEngine || len(gated.Diagnostics) != 1 || gated.Diagnostics[0].Kind != KindGate {
		t.Fatalf("without the feature: %+v", gated)
	}
}
