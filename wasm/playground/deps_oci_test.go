//go:build !js

package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestWasmDepsNoRegistry: neither browser engine links the OCI registry
// code (kubecfg pack, oci:// imports): oras-go, go-containerregistry,
// the packages of docs/pack.md. The page's oci:// answer is the shared
// importer's one line.
func TestWasmDepsNoRegistry(t *testing.T) {
	forbidden := []string{
		"oras.land/oras-go/v2", "oras.land/oras-go/v2/registry/remote",
		"github.com/google/go-containerregistry/pkg/registry",
		"github.com/opencontainers/image-spec/specs-go/v1",
		"github.com/kubecfg/kubecfg/internal/oci", "github.com/kubecfg/kubecfg/internal/bundle",
		"github.com/kubecfg/kubecfg/internal/pack",
	}
	for _, tags := range []string{"", "kubecfg_noschema"} {
		cmd := exec.Command("go", "list", "-deps", "-tags", tags, ".")
		cmd.Env = append(cmd.Environ(), "GOOS=js", "GOARCH=wasm")
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list -tags %q: %v", tags, err)
		}
		deps := map[string]bool{}
		for _, d := range strings.Fields(string(out)) {
			deps[d] = true
		}
		if !deps["github.com/kubecfg/kubecfg/internal/importer"] {
			t.Fatalf("go list -tags %q: the importer is not among the dependencies; is this the right package?", tags)
		}
		for _, f := range forbidden {
			if deps[f] {
				t.Errorf("the wasm built with tags %q links %s", tags, f)
			}
		}
	}
}
