package yakl

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/golden"
)

var reDocBlock = regexp.MustCompile("(?s)<!-- (example|value|desugared): ([a-z0-9_]+) -->\n```[a-z]*\n(.*?)```\n")

// TestDocsExamples: every example in docs/yakl.md is a golden test case,
// shown as it is in testdata (source, value and desugared form).
func TestDocsExamples(t *testing.T) {
	doc, err := os.ReadFile("../../docs/yakl.md")
	if err != nil {
		t.Fatal(err)
	}
	if golden.Update() {
		// Rewrite each shown block from its golden file.
		doc = reDocBlock.ReplaceAllFunc(doc, func(m []byte) []byte {
			sub := reDocBlock.FindSubmatch(m)
			kind, name := string(sub[1]), string(sub[2])
			file, lang := "testdata/"+name+".yakl", "yaml"
			switch kind {
			case "value":
				file, lang = "testdata/"+name+".json", "json"
			case "desugared":
				file, lang = "testdata/"+name+".desugared.jsonnet", "jsonnet"
			}
			text, err := os.ReadFile(file)
			if err != nil {
				t.Errorf("docs/yakl.md shows %s %s: %v", kind, name, err)
				return m
			}
			return []byte("<!-- " + kind + ": " + name + " -->\n```" + lang + "\n" + strings.TrimRight(string(text), "\n") + "\n```\n")
		})
		if err := os.WriteFile("../../docs/yakl.md", doc, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	blocks := reDocBlock.FindAllStringSubmatch(string(doc), -1)
	if len(blocks) < 10 {
		t.Fatalf("found %d examples in docs/yakl.md, want at least 10", len(blocks))
	}
	for _, b := range blocks {
		kind, name, text := b[1], b[2], b[3]
		var file string
		switch kind {
		case "example":
			file = "testdata/" + name + ".yakl"
		case "value":
			file = "testdata/" + name + ".json"
		case "desugared":
			file = "testdata/" + name + ".desugared.jsonnet"
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Errorf("docs/yakl.md shows %s %s, but %v", kind, name, err)
			continue
		}
		if kind == "value" {
			if same, err := sameJSON(text, string(want)); err != nil || !same {
				t.Errorf("docs/yakl.md shows a value for %s that differs from %s (%v)", name, file, err)
			}
			continue
		}
		if strings.TrimSpace(text) != strings.TrimSpace(string(want)) {
			t.Errorf("docs/yakl.md shows a %s for %s that differs from %s:\n%s", kind, name, file, text)
		}
	}
}
