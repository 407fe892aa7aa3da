package docsite

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/golden"
)

// galleryModule is the page's generated gallery, from this package's
// directory.
const galleryModule = "../../web/src/examples.gen.js"

// TestGalleryModule fails while web/src/examples.gen.js differs from what
// docs/examples/gallery.json and its examples make (-update rewrites it),
// and while docs/gallery.md does not show the gallery's examples in its
// order.
func TestGalleryModule(t *testing.T) {
	site, err := Load(docsDir)
	if err != nil {
		t.Fatal(err)
	}
	entries, err := LoadGallery(examplesDir, site.Examples)
	if err != nil {
		t.Fatal(err)
	}
	got, err := GalleryModule(entries, site.Examples)
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, galleryModule, string(got))
	var want, shown []string
	for _, e := range entries {
		want = append(want, e.Example)
	}
	for _, p := range site.Pages {
		if p.Name == "gallery" {
			shown = p.Examples
		}
	}
	if !slices.Equal(shown, want) {
		t.Errorf("docs/gallery.md shows %v, want the gallery's examples in its order: %v", shown, want)
	}
}

func TestLoadGalleryErrors(t *testing.T) {
	ok := `{"command":"show","entry":"a.jsonnet"}` + "\n-- a.jsonnet --\n{}\n-- expected --\n"
	cases := []struct{ name, gallery, example, want string }{
		{"not JSON", `[`, ok, "unexpected EOF"},
		{"unknown field", `[{"id":"a","example":"a","title":"A","description":"d","bogus":1}]`, ok, "unknown field"},
		{"empty", `[]`, ok, "no examples"},
		{"bad id", `[{"id":"a b","example":"a","title":"A","description":"d"}]`, ok, "plain word"},
		{"id twice", `[{"id":"a","example":"a","title":"A","description":"d"},{"id":"a","example":"a","title":"B","description":"d"}]`, ok, "appears twice"},
		{"no title", `[{"id":"a","example":"a","description":"d"}]`, ok, "a title and a description"},
		{"no such example", `[{"id":"a","example":"b","title":"A","description":"d"}]`, ok, `no example "b"`},
		{"no control for it", `[{"id":"a","example":"a","title":"A","description":"d"}]`,
			`{"command":"show","entry":"a.jsonnet","jpath":["lib"]}` + "\n-- a.jsonnet --\n{}\n-- expected --\n", "no control for dir, inputs, jpath"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, text := range map[string]string{GalleryFile: c.gallery, "a.txtar": c.example} {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			exs, err := LoadExamples(dir)
			if err != nil {
				t.Fatal(err)
			}
			_, err = LoadGallery(dir, map[string]*Example{"a": exs[0]})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("LoadGallery error = %v, want it to contain %q", err, c.want)
			}
			if !strings.HasPrefix(err.Error(), filepath.Join(dir, GalleryFile)) {
				t.Errorf("error %q does not name the gallery first", err)
			}
		})
	}
}

// TestGalleryModuleShape checks that the files and the controls come out
// as the page reads them: the files in path order, the features as an
// object, vars as objects, and no HTML escaping.
func TestGalleryModuleShape(t *testing.T) {
	data := `{"command":"eval","entry":"z.jsonnet","expr":"$ < 1","features":["eval","knit=false"],"extCode":{"n":"2"}}` +
		"\n-- z.jsonnet --\n{} // <&>\n-- a.libsonnet --\n{}\n-- expected --\n"
	ex, err := ParseExample("z.txtar", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	got, err := GalleryModule([]GalleryEntry{{ID: "z", Example: "z", Title: "Z", Description: "d"}}, map[string]*Example{"z": ex})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`"files": {
      "a.libsonnet": "{}\n",
      "z.jsonnet": "{} // <&>\n"
    }`,
		`"controls": {
      "command": "eval",
      "output": "yaml",
      "features": {
        "eval": true,
        "knit": false
      },
      "expr": "$ < 1",
      "extCode": {
        "n": "2"
      }
    }`,
		"export default [",
	} {
		if !strings.Contains(string(got), want) {
			t.Errorf("module lacks\n%s\nin\n%s", want, got)
		}
	}
}
