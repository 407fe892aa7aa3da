package langserv

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/kubecfg/kubecfg/pkg/stdlib"
)

// marker is a cursor in a test workspace: ⟦name⟧ in a file's text.
var marker = regexp.MustCompile(`⟦([A-Za-z0-9_]+)⟧`)

// TestWorkspaces runs the checks of testdata/*.txtar. Each archive is a
// workspace whose files carry cursor markers ⟦name⟧ (taken out of the
// text before the request), and whose comment holds one check a line:
//
//	OP WHERE WANT...
//
// WHERE is a marker or, for format and lint, a path. Each WANT is +label
// (offered), -label (not offered), ~text (in the answer's text: the
// hover, a diagnostic's message, the formatted text or the error),
// @path:line:column (the definition), #n (how many items, references or
// diagnostics), none (no answer at all) or ok (no error). A line
// "jpath DIR" adds a search directory and "link PATH TARGET" a symbolic
// link to every request of the archive.
func TestWorkspaces(t *testing.T) {
	archives, _ := filepath.Glob("testdata/*.txtar")
	if len(archives) == 0 {
		t.Fatal("no testdata/*.txtar")
	}
	for _, name := range archives {
		t.Run(strings.TrimSuffix(filepath.Base(name), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(name)
			if err != nil {
				t.Fatal(err)
			}
			files, marks := map[string]string{}, map[string]struct {
				path string
				pos  Pos
			}{}
			for _, f := range ar.Files {
				text := string(f.Data)
				for {
					m := marker.FindStringSubmatchIndex(text)
					if m == nil {
						break
					}
					marks[text[m[2]:m[3]]] = struct {
						path string
						pos  Pos
					}{f.Name, newSource(text).pos(m[0])}
					text = text[:m[0]] + text[m[1]:]
				}
				files[f.Name] = text
			}
			entry := ""
			if _, ok := files["app.jsonnet"]; ok {
				entry = "app.jsonnet"
			}
			var jpath []string
			links := map[string]string{}
			for _, line := range strings.Split(string(ar.Comment), "\n") {
				switch fields := strings.Fields(line); {
				case len(fields) == 2 && fields[0] == "jpath":
					jpath = append(jpath, fields[1])
				case len(fields) == 3 && fields[0] == "link":
					links[fields[1]] = fields[2]
				}
			}
			for _, line := range strings.Split(string(ar.Comment), "\n") {
				fields := strings.Fields(line)
				if len(fields) < 2 || !ops[fields[0]] {
					continue
				}
				req := Request{Op: fields[0], Files: files, Entry: entry, JPath: jpath, Links: links}
				if m, ok := marks[fields[1]]; ok {
					req.Path, req.Line, req.Column = m.path, m.pos.Line, m.pos.Column
				} else {
					req.Path = fields[1]
				}
				resp := Serve(req)
				t.Run(fields[0]+"_"+fields[1], func(t *testing.T) {
					check(t, resp, fields[2:])
				})
			}
		})
	}
}

var ops = map[string]bool{OpComplete: true, OpHover: true, OpDefinition: true, OpReferences: true, OpFormat: true, OpLint: true}

// check holds a response to the wanted facts of one test line.
func check(t *testing.T, resp Response, wants []string) {
	t.Helper()
	var labels, texts []string
	count := 0
	switch {
	case resp.Completions != nil:
		for _, it := range resp.Completions.Items {
			labels = append(labels, it.Label)
			texts = append(texts, it.Label+" "+it.Detail+" "+it.Doc)
		}
		count = len(resp.Completions.Items)
	case resp.Hover != nil:
		texts, count = []string{resp.Hover.Markdown}, 1
	case resp.Definition != nil:
		d := resp.Definition
		texts, count = []string{fmt.Sprintf("@%s:%d:%d", d.Path, d.Line, d.Column)}, 1
	case resp.References != nil:
		for _, r := range resp.References {
			texts = append(texts, fmt.Sprintf("%d:%d", r.Start.Line, r.Start.Column))
		}
		count = len(resp.References)
	case resp.Format != nil:
		texts, count = []string{resp.Format.Text}, 1
	case resp.Diagnostics != nil:
		for _, d := range resp.Diagnostics {
			texts = append(texts, fmt.Sprintf("%d:%d %s", d.Start.Line, d.Start.Column, d.Message))
		}
		count = len(resp.Diagnostics)
	}
	if resp.Error != "" {
		texts = append(texts, resp.Error)
	}
	all := strings.Join(texts, "\n")
	sort.Strings(labels)
	has := func(l string) bool {
		i := sort.SearchStrings(labels, l)
		return i < len(labels) && labels[i] == l
	}
	for _, w := range wants {
		switch {
		case w == "ok":
			if resp.Error != "" {
				t.Errorf("error %q", resp.Error)
			}
		case w == "none":
			if count != 0 {
				t.Errorf("want no answer, got %d: %s", count, all)
			}
		case strings.HasPrefix(w, "+"):
			if !has(w[1:]) {
				t.Errorf("%s is not offered; offered: %v (error %q)", w[1:], labels, resp.Error)
			}
		case strings.HasPrefix(w, "-"):
			if has(w[1:]) {
				t.Errorf("%s is offered, and should not be", w[1:])
			}
		case strings.HasPrefix(w, "~"):
			if want := strings.NewReplacer("_", " ", `\n`, "\n").Replace(w[1:]); !strings.Contains(all, want) {
				t.Errorf("the answer lacks %q; it is:\n%s", want, all)
			}
		case strings.HasPrefix(w, "@"):
			if all != w {
				t.Errorf("definition at %s, want %s (error %q)", all, w, resp.Error)
			}
		case strings.HasPrefix(w, "#"):
			if fmt.Sprint(count) != w[1:] {
				t.Errorf("%d answers, want %s: %s", count, w[1:], all)
			}
		default:
			t.Fatalf("bad want %q", w)
		}
	}
}

// TestStdDocs holds the doc table to the engine: every member of std has
// a line, and no line names a member the engine lacks.
func TestStdDocs(t *testing.T) {
	engine := map[string]bool{}
	for _, m := range stdMembers {
		engine[m.name] = true
		if stdDocs[m.name] == "" {
			t.Errorf("std.%s has no line in stdDocs", m.name)
		}
	}
	for name := range stdDocs {
		if !engine[name] {
			t.Errorf("stdDocs has std.%s, which go-jsonnet %s lacks", name, stdVersion)
		}
	}
}

// TestStdGenerated checks std_gen.go against the engine in go.mod: the
// generator writes the same file again.
func TestStdGenerated(t *testing.T) {
	want, err := os.ReadFile("std_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := generate(t, dir); err != nil {
		t.Skipf("cannot run the generator here: %v", err)
	}
	got, err := os.ReadFile(filepath.Join(dir, "std_gen.go"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("std_gen.go is not what go generate writes for this go-jsonnet: run go generate ./pkg/langserv")
	}
}

// TestLibraryDocs: every member of kubecfg.libsonnet has documentation
// from its comment.
func TestLibraryDocs(t *testing.T) {
	r := &resolver{ws: newWorkspace(&Request{}, nil)}
	v := r.valueOf(library(), library().root)
	if !v.isObject() || len(v.members) < 15 {
		t.Fatalf("kubecfg.libsonnet: %d members", len(v.members))
	}
	for _, m := range v.members {
		if m.doc == "" && m.kind == "function" {
			t.Errorf("kubecfg.%s has no documentation comment", m.name)
		}
	}
}

// TestLibraryText: library_gen.go is pkg/stdlib's kubecfg.libsonnet.
func TestLibraryText(t *testing.T) {
	if libraryText != stdlib.Library {
		t.Error("library_gen.go differs from pkg/stdlib/kubecfg.libsonnet: run go generate ./pkg/langserv")
	}
}
