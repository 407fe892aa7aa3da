package docsite

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParseExample feeds ParseExample arbitrary archives: it never
// panics, and what it accepts has its entry among its files.
func FuzzParseExample(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join(examplesDir, "*.txtar"))
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`{"command":"show","entry":"a"}` + "\n-- a --\n-- expected --\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ex, err := ParseExample("f.txtar", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.txtar") {
				t.Fatalf("error %q does not name the file first", err)
			}
			return
		}
		if _, ok := ex.Request.Files[ex.Request.Entry]; !ok {
			t.Fatalf("accepted an example whose entry %q is not a file", ex.Request.Entry)
		}
		if _, err := EncodeFragment(StateOf(ex)); err != nil {
			t.Fatalf("EncodeFragment of an accepted example: %v", err)
		}
	})
}

// FuzzRegions feeds Regions and SyncMarkdown arbitrary Markdown: they
// never panic, regions lie in order within the text, and syncing twice
// changes nothing more.
func FuzzRegions(f *testing.F) {
	for _, name := range []string{"show.md", "eval.md", "embedding.md"} {
		if b, err := os.ReadFile(filepath.Join(docsDir, name)); err == nil {
			f.Add(string(b))
		}
	}
	f.Add("<!-- kubecfg-example: one -->\n```\n<!-- /kubecfg-example -->\n```\n<!-- /kubecfg-example -->\n")
	ex := &Example{Name: "one", Order: []string{"a.jsonnet"}, Request: requestWith(nil), Expected: "```\n"}
	ex.Request.Files = map[string]string{"a.jsonnet": "<!-- /kubecfg-example -->\n~~~\n"}
	examples := map[string]*Example{"one": ex}
	f.Fuzz(func(t *testing.T, md string) {
		regions, err := Regions("f.md", md)
		if err != nil {
			return
		}
		last := 0
		for _, r := range regions {
			if r.Start < last || r.BodyStart < r.Start || r.BodyEnd < r.BodyStart || r.End < r.BodyEnd || r.End > len(md) {
				t.Fatalf("region %+v out of order or bounds (len %d)", r, len(md))
			}
			last = r.End
		}
		once, err := SyncMarkdown("f.md", md, examples)
		if err != nil {
			return
		}
		twice, err := SyncMarkdown("f.md", once, examples)
		if err != nil {
			t.Fatalf("syncing synced Markdown failed: %v\n%q", err, once)
		}
		if twice != once {
			t.Fatalf("syncing twice changed the text:\n%q\n%q", once, twice)
		}
	})
}
