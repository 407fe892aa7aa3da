package kubecfg

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/importer"
)

// TestShowRefusesAliasBomb: the alias guard of the YAML decoder (stdlib)
// refuses a billion laughs in a .yaml input, the error naming the input.
func TestShowRefusesAliasBomb(t *testing.T) {
	var laughs strings.Builder
	laughs.WriteString("l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n")
	for i := 1; i < 10; i++ {
		fmt.Fprintf(&laughs, "l%d: &l%d [*l%d, *l%d, *l%d, *l%d, *l%d, *l%d, *l%d, *l%d, *l%d]\n", i, i, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1)
	}
	c := &Config{FS: mapFS(map[string]string{"bomb.yaml": laughs.String()}), Cwd: "/w"}
	_, err := c.Show(ShowOptions{Inputs: []string{"bomb.yaml"}, Format: "yaml"})
	if err == nil || !strings.HasPrefix(err.Error(), "error reading bomb.yaml: YAML aliases expand this document past 64 MiB") {
		t.Fatalf("show: %v", err)
	}
}

func mapFS(files map[string]string) importer.MapFS { return importer.NewMapFS("/w", files) }
