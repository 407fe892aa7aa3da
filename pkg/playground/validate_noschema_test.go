//go:build kubecfg_noschema

package playground

import (
	"testing"

	"github.com/kubecfg/kubecfg/internal/kubecfg"
)

// The schema check is the full engine's: the core engine answers validate
// with NeedsFullEngine (a diagnostic of kind needs-full-engine), before
// it asks for any schemas; the gate still comes first.
// Run with: go test -tags kubecfg_noschema -run NoSchema ./pkg/playground
func TestNoSchemaValidateAsksForTheFullEngine(t *testing.T) {
	files := map[string]string{"a.jsonnet": "{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } }"}
	r := &Runner{}
	resp := r.Run(Request{Files: files, Invocation: kubecfg.Invocation{Entry: "a.jsonnet", Command: "validate", Features: []string{"offline-validate"}}})
	if !resp.NeedsFullEngine || resp.ExitCode != 1 || len(resp.Diagnostics) != 1 || resp.Diagnostics[0].Kind != KindNeedsFullEngine || resp.SchemaMissing != "" {
		t.Fatalf("validate on the core engine: %+v", resp)
	}
	gated := r.Run(Request{Files: files, Invocation: kubecfg.Invocation{Entry: "a.jsonnet", Command: "validate"}})
	if gated.NeedsFullEngine || len(gated.Diagnostics) != 1 || gated.Diagnostics[0].Kind != KindGate {
		t.Fatalf("without the feature: %+v", gated)
	}
}
