package importer

import (
	"errors"
	"strings"
	"testing"
)

// TestImportsAsCode: the import expressions of a text, not its importstr
// or importbin, nor imports in strings and comments; a literal it cannot
// read counts.
func TestImportsAsCode(t *testing.T) {
	for _, tc := range []struct {
		src, path string
		want      bool
	}{
		{"import 'a.txt'", "a.txt", true},
		{`{ x: import "a.txt" }`, "a.txt", true},
		{"import @'a''b.txt'", "a'b.txt", true},
		{`import 'dir\/a.txt'`, "dir/a.txt", true},
		{"import\n  'a.txt'", "a.txt", true},
		{"import 'b.txt'", "a.txt", false},
		{"importstr 'a.txt'", "a.txt", false},
		{"importbin 'a.txt'", "a.txt", false},
		{"std.parseYaml(importstr 'a.txt') + import 'b.libsonnet'", "a.txt", false},
		{"// import 'a.txt'\nimportstr 'a.txt'", "a.txt", false},
		{"'import \\'a.txt\\'' + importstr 'a.txt'", "a.txt", false},
		{"local myimport = 1; importstr 'a.txt'", "a.txt", false},
		{"import |||\n  a.txt\n|||", "a.txt", true}, // unreadable: counts
		{"import /* c */ 'x'", "a.txt", true},       // unreadable: counts
		{"{}", "a.txt", false},
	} {
		if got := ImportsAsCode(tc.src, tc.path); got != tc.want {
			t.Errorf("ImportsAsCode(%q, %q) = %v, want %v", tc.src, tc.path, got, tc.want)
		}
	}
}

// TestImportChecksNestingByUse: a file of any name is checked for nesting
// when it is imported as code (before, only .jsonnet/.libsonnet/.json were,
// and go-jsonnet's parser took 100,000 brackets of deep.txt for seconds);
// importstr of the same file reads it. Code the importer was told of
// (NoteCode) counts as its text; code it knows nothing of imports as code.
func TestImportChecksNestingByUse(t *testing.T) {
	deep := strings.Repeat("[", 2000) + strings.Repeat("]", 2000)
	files := map[string]string{
		"deep.txt":     deep,
		"code.jsonnet": "{ a: import 'deep.txt' }",
		"data.jsonnet": "{ a: importstr 'deep.txt' }",
	}
	im := New(Options{FS: NewMapFS("/w", files), Cwd: "/w"})
	for _, f := range []string{"code.jsonnet", "data.jsonnet"} {
		if _, _, err := im.Import("", f); err != nil {
			t.Fatal(err)
		}
	}
	var ne *NestingError
	if _, _, err := im.Import("file:///w/code.jsonnet", "deep.txt"); !errors.As(err, &ne) {
		t.Errorf("import as code: error %v, want a NestingError", err)
	}
	c, _, err := im.Import("file:///w/data.jsonnet", "deep.txt")
	if err != nil || c.String() != deep {
		t.Errorf("importstr: %d bytes, error %v; want the file", len(c.String()), err)
	}
	if _, _, err := im.Import("<unknown>", "deep.txt"); !errors.As(err, &ne) {
		t.Errorf("from unknown code: error %v, want a NestingError", err)
	}
	im.NoteCode("<exec>", "importstr 'deep.txt'")
	if _, _, err := im.Import("<exec>", "deep.txt"); err != nil {
		t.Errorf("importstr from noted code: %v", err)
	}
	im.NoteCode("<exec>", "import 'deep.txt'")
	if _, _, err := im.Import("<exec>", "deep.txt"); !errors.As(err, &ne) {
		t.Errorf("import from noted code, noted again: error %v, want a NestingError", err)
	}
}
