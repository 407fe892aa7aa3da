package docsite

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// GalleryFile is the gallery's index in the examples folder: the
// playground's Example menu, in order, as a JSON list of GalleryEntry.
const GalleryFile = "gallery.json"

// GalleryEntry is one example of the playground's Example menu.
type GalleryEntry struct {
	// ID names the example in the page's links (#example=ID).
	ID string `json:"id"`
	// Example is the docs example that holds its workspace and controls
	// (docs/examples/EXAMPLE.txtar).
	Example string `json:"example"`
	// Title is the menu's text for it.
	Title string `json:"title"`
	// Description says what it shows.
	Description string `json:"description"`
}

// LoadGallery reads dir's gallery index and checks each entry against the
// examples (by name): IDs unique and usable in a link, every example
// there and expressible with the page's controls.
func LoadGallery(dir string, examples map[string]*Example) ([]GalleryEntry, error) {
	path := filepath.Join(dir, GalleryFile)
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading the gallery: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var entries []GalleryEntry
	if err := dec.Decode(&entries); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(entries) == 0 {
		return nil, fmt.Errorf("%s: no examples", path)
	}
	seen := map[string]bool{}
	for i, e := range entries {
		where := fmt.Sprintf("%s: entry %d (%q)", path, i+1, e.ID)
		switch {
		case e.ID == "" || strings.ContainsAny(e.ID, "&=#?/ "):
			return nil, fmt.Errorf("%s: the id must be a plain word for #example=ID", where)
		case seen[e.ID]:
			return nil, fmt.Errorf("%s: the id appears twice", where)
		case e.Title == "" || e.Description == "":
			return nil, fmt.Errorf("%s: a title and a description are needed", where)
		}
		seen[e.ID] = true
		ex, ok := examples[e.Example]
		if !ok {
			return nil, fmt.Errorf("%s: no example %q in %s", where, e.Example, dir)
		}
		if err := pageCanShow(ex); err != nil {
			return nil, fmt.Errorf("%s: %w", where, err)
		}
	}
	return entries, nil
}

// pageCanShow refuses an example whose request has a part the page has no
// control for.
func pageCanShow(ex *Example) error {
	r := ex.Request
	var extra []string
	if r.Version != "" {
		extra = append(extra, "version")
	}
	if r.Exec != "" || r.OverlayCode != "" || r.OverlayCodeFile != "" {
		extra = append(extra, "exec or overlay")
	}
	if r.Dir != "" || len(r.Inputs) > 0 || len(r.JPath) > 0 || r.ShowKeys {
		extra = append(extra, "dir, inputs, jpath or showKeys")
	}
	if len(r.ExtStrFile)+len(r.ExtCodeFile)+len(r.TLAStrFile)+len(r.TLACodeFile) > 0 {
		extra = append(extra, "file variables")
	}
	if len(extra) > 0 {
		return fmt.Errorf("example %s: the playground page has no control for %s", ex.Name, strings.Join(extra, ", "))
	}
	return nil
}

// galleryItem is one example as web/src/examples.js exports it (and
// web/src/state.js fromExample reads it), its keys in this order. Its
// files are in path order, the order the page's file tabs show them in
// (the archive puts the entry last, where the docs page shows it).
type galleryItem struct {
	Name        string            `json:"name"`
	Title       string            `json:"title"`
	Description string            `json:"description"`
	Entry       string            `json:"entry"`
	Files       map[string]string `json:"files"`
	Controls    galleryControls   `json:"controls"`
}

// galleryControls are the controls an example sets; the rest keep
// state.js's blank values.
type galleryControls struct {
	Command  string            `json:"command"`
	Output   string            `json:"output"`
	Features map[string]bool   `json:"features"`
	Expr     string            `json:"expr,omitempty"`
	Alpha    bool              `json:"alpha,omitempty"`
	ExtStr   map[string]string `json:"extStr,omitempty"`
	ExtCode  map[string]string `json:"extCode,omitempty"`
	TLAStr   map[string]string `json:"tlaStr,omitempty"`
	TLACode  map[string]string `json:"tlaCode,omitempty"`
}

// marshal is json.Marshal without HTML escaping.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// GalleryModule is web/src/examples.gen.js: the gallery's examples as the
// page bundles them, so the Example menu works offline and nothing is
// fetched at run time.
func GalleryModule(entries []GalleryEntry, examples map[string]*Example) ([]byte, error) {
	items := make([]galleryItem, 0, len(entries))
	for _, e := range entries {
		ex := examples[e.Example]
		r := ex.Request
		c := StateOf(ex).Controls
		items = append(items, galleryItem{
			Name: e.ID, Title: e.Title, Description: e.Description, Entry: r.Entry,
			Files: r.Files,
			Controls: galleryControls{
				Command: c.Command, Output: c.Output, Features: c.Features, Expr: c.Expr, Alpha: c.Alpha,
				ExtStr: r.ExtStr, ExtCode: r.ExtCode, TLAStr: r.TLAStr, TLACode: r.TLACode,
			},
		})
	}
	data, err := marshal(items)
	if err != nil {
		return nil, fmt.Errorf("encoding the gallery: %w", err)
	}
	var indented bytes.Buffer
	if err := json.Indent(&indented, data, "", "  "); err != nil {
		return nil, fmt.Errorf("encoding the gallery: %w", err)
	}
	var b bytes.Buffer
	b.WriteString("// Code generated by go test ./internal/docsite -update; DO NOT EDIT.\n")
	b.WriteString("// From docs/examples/gallery.json and the docs examples it names: the\n")
	b.WriteString("// playground's Example menu, in order (web/src/examples.js).\n\n")
	b.WriteString("export default ")
	b.Write(indented.Bytes())
	b.WriteString(";\n")
	return b.Bytes(), nil
}
