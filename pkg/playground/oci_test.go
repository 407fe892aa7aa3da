package playground

import (
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/kubecfg"
)

// An oci:// import in the page answers at once, in one line, that the
// command line reads bundles (a browser cannot reach most registries):
// with the feature on or off, never a hang nor a network request.
func TestOCIImportAnswersInOneLine(t *testing.T) {
	files := map[string]string{"app.jsonnet": "import 'oci://ghcr.io/team/app:v1'"}
	for _, features := range [][]string{nil, {"oci-import"}} {
		resp := (&Runner{}).Run(Request{Files: files, Invocation: kubecfg.Invocation{Command: "show", Entry: "app.jsonnet", Features: features}})
		want := "cannot import oci://ghcr.io/team/app:v1: oci:// bundles are read by the kubecfg command line (a browser cannot reach most registries)"
		if resp.ExitCode != 1 || !strings.Contains(resp.Stderr, want) {
			t.Fatalf("features %v: exit %d, stderr %q", features, resp.ExitCode, resp.Stderr)
		}
		if len(resp.Diagnostics) != 1 || strings.Count(resp.Diagnostics[0].Message, "\n") > 0 {
			t.Errorf("features %v: diagnostics %+v", features, resp.Diagnostics)
		}
	}
	// As an input, not an import: the same line.
	resp := (&Runner{}).Run(Request{Files: files, Invocation: kubecfg.Invocation{Command: "show", Inputs: []string{"oci://ghcr.io/team/app:v1"}}})
	if resp.ExitCode != 1 || !strings.Contains(resp.Stderr, "oci:// bundles are read by the kubecfg command line") {
		t.Fatalf("oci:// input: exit %d, stderr %q", resp.ExitCode, resp.Stderr)
	}
}
