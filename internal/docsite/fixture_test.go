package docsite

import (
	"os"
	"testing"

	"github.com/kubecfg/kubecfg/internal/golden"
)

// fixtureDir is the docs folder of the browser test (e2e/docs): a page
// whose example's file name, text and output are markup.
const fixtureDir = "../../e2e/docs/testdata"

// TestE2EFixture runs the browser test's examples as TestExamples runs
// the docs' (-update rewrites their outputs and the page's blocks), so the
// page the browser sees is one this package checked.
func TestE2EFixture(t *testing.T) {
	site, err := Load(fixtureDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range site.Order {
		ex := site.Examples[name]
		got, err := ex.Run()
		if err != nil {
			t.Fatalf("example %s: %v", name, err)
		}
		if golden.Update() {
			writeExpected(t, ex, got)
			ex.Expected = got
		} else if got != ex.Expected {
			t.Errorf("example %s: output %q, want %q", name, got, ex.Expected)
		}
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
		t.Errorf("%s: its example blocks differ from its examples; run go test ./internal/docsite -update", path)
	}
	if len(site.Unreferenced()) > 0 || len(site.Pages) != 1 {
		t.Errorf("the fixture has pages %v and unreferenced examples %v, want one page showing them all", site.Pages, site.Unreferenced())
	}
}
