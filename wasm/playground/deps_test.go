//go:build !js

package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestWasmDeps guards the browser engines' size: what each links is
// listed by go list for GOOS=js, and a package named here must not be in
// it (net/http is kubecfg httpd's, in internal/hook; the JSON Schema validator,
// golang.org/x/text, sprig's template functions and text/template, whose
// reflection keeps every exported method alive, are the full engine's only;
// math/big, 48 kB of the core engine's brotli, comes with them; so is
// ursonnet, the causal trace, 21 kB; pkg/validate, the Kubernetes
// schema check, too, and internal/k8sschema/kinds, the built-in kinds'
// facts of show --reorder=client; and neither engine embeds the schemas,
// internal/k8sschema: the page fetches them and hands them over).
func TestWasmDeps(t *testing.T) {
	for _, c := range []struct {
		tags      string
		forbidden []string
	}{
		{"", []string{"net/http", "crypto/tls", "github.com/alecthomas/chroma/v2", "github.com/kubecfg/kubecfg/internal/k8sschema"}},
		{"kubecfg_noschema", []string{"net/http", "crypto/tls", "github.com/alecthomas/chroma/v2", "github.com/santhosh-tekuri/jsonschema/v6", "golang.org/x/text/message", "github.com/Masterminds/sprig/v3", "text/template", "math/big", "github.com/kubecfg/ursonnet", "github.com/kubecfg/kubecfg/pkg/validate", "github.com/kubecfg/kubecfg/internal/k8sschema", "github.com/kubecfg/kubecfg/internal/k8sschema/kinds"}},
	} {
		cmd := exec.Command("go", "list", "-deps", "-tags", c.tags, ".")
		cmd.Env = append(cmd.Environ(), "GOOS=js", "GOARCH=wasm")
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list -tags %q: %v", c.tags, err)
		}
		deps := map[string]bool{}
		for _, d := range strings.Fields(string(out)) {
			deps[d] = true
		}
		if !deps["github.com/google/go-jsonnet"] {
			t.Fatalf("go list -tags %q: go-jsonnet is not among the dependencies; is this the right package?", c.tags)
		}
		for _, f := range c.forbidden {
			if deps[f] {
				t.Errorf("the wasm built with tags %q links %s", c.tags, f)
			}
		}
	}
}
