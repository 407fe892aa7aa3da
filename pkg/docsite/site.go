package docsite

import (
	"bytes"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Page is one docs page that holds examples.
type Page struct {
	// Name is the file name without .md ("show").
	Name string
	// Path is the Markdown file's path, for messages.
	Path string
	// Title is the text of the page's first "# " heading.
	Title string
	// Markdown is the page's source.
	Markdown string
	// Examples are the names of the examples it shows, in order.
	Examples []string
}

// Site is the docs folder: its examples and the pages that show them.
type Site struct {
	Examples map[string]*Example
	// Order is the examples' names, sorted.
	Order []string
	Pages []Page
}

// Load reads docsDir/examples/*.txtar and docsDir/*.md, keeping the pages
// with example regions.
func Load(docsDir string) (*Site, error) {
	exs, err := LoadExamples(filepath.Join(docsDir, "examples"))
	if err != nil {
		return nil, err
	}
	s := &Site{Examples: map[string]*Example{}}
	for _, ex := range exs {
		s.Examples[ex.Name] = ex
		s.Order = append(s.Order, ex.Name)
	}
	paths, err := filepath.Glob(filepath.Join(docsDir, "*.md"))
	if err != nil {
		return nil, fmt.Errorf("listing docs pages in %s: %w", docsDir, err)
	}
	sort.Strings(paths)
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, fmt.Errorf("reading docs page: %w", err)
		}
		md := string(data)
		regions, err := Regions(p, md)
		if err != nil {
			return nil, err
		}
		if len(regions) == 0 {
			continue
		}
		page := Page{Name: strings.TrimSuffix(filepath.Base(p), ".md"), Path: p, Title: title(md), Markdown: md}
		for _, r := range regions {
			if _, ok := s.Examples[r.Name]; !ok {
				return nil, fmt.Errorf("%s:%d:1: no example %q in %s", p, r.Line, r.Name, filepath.Join(docsDir, "examples"))
			}
			page.Examples = append(page.Examples, r.Name)
		}
		s.Pages = append(s.Pages, page)
	}
	return s, nil
}

// title is the text of the first "# " heading, or "kubecfg".
func title(md string) string {
	for _, line := range strings.Split(md, "\n") {
		if t, ok := strings.CutPrefix(line, "# "); ok {
			return strings.Trim(strings.TrimSpace(t), "`")
		}
	}
	return "kubecfg"
}

// Stale returns the pages whose example regions differ from their
// examples, with the text they should have.
func (s *Site) Stale() (map[string]string, error) {
	out := map[string]string{}
	for _, p := range s.Pages {
		want, err := SyncMarkdown(p.Path, p.Markdown, s.Examples)
		if err != nil {
			return nil, err
		}
		if want != p.Markdown {
			out[p.Path] = want
		}
	}
	return out, nil
}

// Unreferenced returns the examples no page shows.
func (s *Site) Unreferenced() []string {
	seen := map[string]bool{}
	for _, p := range s.Pages {
		for _, e := range p.Examples {
			seen[e] = true
		}
	}
	var out []string
	for _, name := range s.Order {
		if !seen[name] {
			out = append(out, name)
		}
	}
	return out
}

// StyleSheet is the file name of the pages' CSS.
const StyleSheet = "docs.css"

var pageTmpl = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>{{.Title}} · kubecfg docs</title>
<link rel="icon" href="` + PlaygroundURL + `icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="` + StyleSheet + `">
<script src="` + EmbedScript + `" defer></script>
</head>
<body>
<nav class="docs-nav"><a href="index.html">kubecfg docs</a> · <a href="` + PlaygroundURL + `">Playground</a></nav>
<main class="docs">
{{.Body}}</main>
</body>
</html>
`))

// RenderPage is the whole HTML page of a docs page.
func (s *Site) RenderPage(p Page) ([]byte, error) {
	body, err := RenderMarkdown(p.Path, p.Markdown, s.Examples, s.rendered())
	if err != nil {
		return nil, err
	}
	return execPage(p.Title, template.HTML(body))
}

func execPage(title string, body template.HTML) ([]byte, error) {
	var b bytes.Buffer
	if err := pageTmpl.Execute(&b, struct {
		Title string
		Body  template.HTML
	}{title, body}); err != nil {
		return nil, fmt.Errorf("rendering page %s: %w", title, err)
	}
	return b.Bytes(), nil
}

func (s *Site) rendered() map[string]bool {
	m := map[string]bool{}
	for _, p := range s.Pages {
		m[p.Name] = true
	}
	return m
}

var indexTmpl = template.Must(template.New("index").Parse(`<h1>kubecfg docs</h1>
<p>The pages with examples that run: each example is checked in CI against the output shown, and with JavaScript it is a live snippet you can edit.</p>
<ul class="docs-index">
{{- range .}}
<li><a href="{{.Name}}.html">{{.Title}}</a> ({{len .Examples}} {{if eq (len .Examples) 1}}example{{else}}examples{{end}})</li>
{{- end}}
</ul>
`))

// RenderIndex is the list of pages.
func (s *Site) RenderIndex() ([]byte, error) {
	var b bytes.Buffer
	if err := indexTmpl.Execute(&b, s.Pages); err != nil {
		return nil, fmt.Errorf("rendering the index: %w", err)
	}
	return execPage("Index", template.HTML(b.String()))
}

// gitignore keeps everything Write makes out of git.
const gitignore = "# Generated by ./scripts/build-docs from docs/.\n*\n"

// Write writes index.html, NAME.html for every page, the style sheet and a
// .gitignore into dir, after removing what an earlier run wrote there.
func (s *Site) Write(dir string) error {
	if err := os.RemoveAll(dir); err != nil {
		return fmt.Errorf("cleaning %s: %w", dir, err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("making %s: %w", dir, err)
	}
	files := map[string][]byte{".gitignore": []byte(gitignore)}
	css, err := CSS()
	if err != nil {
		return err
	}
	files[StyleSheet] = []byte(pageCSS + css)
	index, err := s.RenderIndex()
	if err != nil {
		return err
	}
	files["index.html"] = index
	for _, p := range s.Pages {
		html, err := s.RenderPage(p)
		if err != nil {
			return err
		}
		files[p.Name+".html"] = html
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return fmt.Errorf("writing docs site: %w", err)
		}
	}
	return nil
}

// pageCSS lays out the pages; CSS adds the highlighting.
const pageCSS = `/* kubecfg docs pages (pkg/docsite). */
:root { color-scheme: light dark; --fg: #1f2328; --bg: #fff; --muted: #59636e; --line: #d1d9e0; --code-bg: #f6f8fa; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #f0f6fc; --bg: #0d1117; --muted: #9198a1; --line: #3d444d; --code-bg: #151b23; }
}
body { margin: 0; color: var(--fg); background: var(--bg); font: 16px/1.5 system-ui, sans-serif; }
.docs-nav { padding: .5rem 1rem; border-bottom: 1px solid var(--line); }
.docs { max-width: 52rem; margin: 0 auto; padding: 1rem; }
a { color: #0969da; }
@media (prefers-color-scheme: dark) { a { color: #4493f8; } }
pre, code { font: 14px/1.45 ui-monospace, SFMono-Regular, Menlo, monospace; }
pre { background: var(--code-bg); padding: .75rem 1rem; overflow: auto; border-radius: 6px; }
table { border-collapse: collapse; }
th, td { border: 1px solid var(--line); padding: .25rem .5rem; }
.kubecfg-example { margin: 1.5rem 0; padding: 0; border: 1px solid var(--line); border-radius: 6px; }
.kubecfg-example figcaption { padding: .5rem 1rem; border-bottom: 1px solid var(--line); }
.kubecfg-example pre { margin: 0 0 .5rem; border-radius: 0; }
.kubecfg-file { padding: .25rem 1rem; color: var(--muted); font-size: 14px; }
.kubecfg-open { margin: 0; padding: .25rem 1rem .5rem; }
.kubecfg-embed { margin: 0 0 .5rem; }
/* The live frame names its file itself. */
.kubecfg-file:has(+ .kubecfg-embed) { display: none; }
`
