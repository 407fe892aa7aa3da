package features

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/golden"
)

var docsPath = filepath.Join("..", "..", "docs", "features.md")

func TestDocsPageIsUpToDate(t *testing.T) {
	want := Std().Markdown()
	if golden.Update() {
		if err := os.WriteFile(docsPath, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(docsPath)
	if err != nil {
		t.Fatalf("docs/features.md is missing; run go generate ./pkg/features: %v", err)
	}
	if string(got) != string(want) {
		t.Fatalf("docs/features.md is stale: it differs from the registry; run go generate ./pkg/features (or go run ./pkg/features/gen) and commit the result")
	}
}

func TestEveryFeatureIsInTheDocsPage(t *testing.T) {
	got, err := os.ReadFile(docsPath)
	if err != nil {
		t.Fatalf("docs/features.md is missing; run go generate ./pkg/features: %v", err)
	}
	for _, f := range All() {
		row := "| `" + f.Name + "` | " + f.Stage.String() + " | "
		if !strings.Contains(string(got), row) {
			t.Errorf("docs/features.md has no row for %s (%s); run go generate ./pkg/features", f.Name, f.Stage)
		}
	}
}

func TestMarkdownListsEveryFeature(t *testing.T) {
	r := testRegistry(t)
	md := string(r.Markdown())
	for _, f := range r.All() {
		if !strings.Contains(md, "| `"+f.Name+"` | "+f.Stage.String()+" | "+f.Kind.String()+" | ") {
			t.Errorf("Markdown has no row for %s", f.Name)
		}
	}
	if strings.Contains(md, "`eval`") {
		t.Errorf("Markdown of a test registry lists a feature it does not have")
	}
}
