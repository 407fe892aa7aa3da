package docsite

import (
	"os"
	"testing"

	"github.com/kubecfg/kubecfg/internal/golden"
)

// docsDir is docs/, from this package's directory.
const docsDir = "../../docs"

// TestDocsInStep fails while a docs page's example blocks differ from
// docs/examples (-update rewrites them) or an example is on no page.
func TestDocsInStep(t *testing.T) {
	site, err := Load(docsDir)
	if err != nil {
		t.Fatal(err)
	}
	stale, err := site.Stale()
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range stale {
		if golden.Update() {
			if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("%s: its example blocks differ from docs/examples; run go test ./internal/docsite -update", path)
	}
	for _, name := range site.Unreferenced() {
		t.Errorf("example %s (docs/examples/%s.txtar) is on no docs page: add <!-- kubecfg-example: %s --> to one", name, name, name)
	}
	if len(site.Pages) == 0 {
		t.Fatal("no docs page shows an example")
	}
}
