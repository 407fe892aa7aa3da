package docsite

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"html/template"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// EmbedScript is the URL of embed.js that every page includes.
const EmbedScript = "/embed.js"

// PlaygroundURL is the playground page; an example's "Open in playground"
// link is PlaygroundURL + "#s=" + its fragment.
const PlaygroundURL = "/"

// Block is what the page shows of one example.
type Block struct {
	Name     string
	Command  string
	Files    []BlockFile // the files before the entry
	Entry    BlockFile
	Attrs    Attrs
	Expected string
	Fragment string
}

// BlockFile is one file of an example, highlighted.
type BlockFile struct {
	Name string
	Lang string
	HTML template.HTML // chroma's escaped spans
}

// Attrs are the data- attributes embed.js reads.
type Attrs struct {
	Command, Expr, Output, Features string
}

var blockTmpl = template.Must(template.New("block").Parse(`<figure class="kubecfg-example" id="example-{{.Name}}">
<figcaption><code>{{.Command}}</code></figcaption>
{{- range .Files}}
<div class="kubecfg-file">{{.Name}}</div>
<pre class="chroma kubecfg-code" data-lang="{{.Lang}}">
{{.HTML}}</pre>
{{- end}}
<div class="kubecfg-file">{{.Entry.Name}}</div>
<pre class="chroma kubecfg-code" data-lang="{{.Entry.Lang}}" data-kubecfg="{{.Entry.Name}}" data-command="{{.Attrs.Command}}" data-output="{{.Attrs.Output}}"{{if .Attrs.Features}} data-features="{{.Attrs.Features}}"{{end}}{{if .Attrs.Expr}} data-expr="{{.Attrs.Expr}}"{{end}} data-state="{{.Fragment}}">
{{.Entry.HTML}}</pre>
<div class="kubecfg-file">Expected output (checked in CI)</div>
<pre class="kubecfg-output">
{{.Expected}}</pre>
<p class="kubecfg-open"><a href="{{.PlaygroundHref}}">Open in playground</a></p>
</figure>
`))

// PlaygroundHref is the link that opens the example in the playground.
func (b Block) PlaygroundHref() template.URL {
	return template.URL(PlaygroundURL + "#s=" + b.Fragment) // base64url: nothing to escape
}

// BlockOf highlights an example and encodes its state.
func BlockOf(ex *Example) (Block, error) {
	frag, err := EncodeFragment(StateOf(ex))
	if err != nil {
		return Block{}, fmt.Errorf("example %s: %w", ex.Name, err)
	}
	b := Block{
		Name: ex.Name, Command: ex.Command(),
		Attrs: Attrs{
			Command: ex.Request.Command, Expr: ex.Request.Expr, Output: StateOf(ex).Controls.Output,
			Features: strings.Join(ex.Request.Features, ","),
		},
		Expected: ex.Expected, Fragment: frag,
	}
	for _, name := range ex.Order {
		h, err := Highlight(Lang(name), ex.Request.Files[name])
		if err != nil {
			return Block{}, fmt.Errorf("example %s: %s: %w", ex.Name, name, err)
		}
		f := BlockFile{Name: name, Lang: Lang(name), HTML: template.HTML(h)}
		if name == ex.Request.Entry {
			b.Entry = f
		} else {
			b.Files = append(b.Files, f)
		}
	}
	return b, nil
}

// RenderBlock is the HTML of one example: its files highlighted (the entry
// as the <pre data-kubecfg> block embed.js makes live), its output as a
// plain <pre>, and an "Open in playground" link.
func RenderBlock(ex *Example) (string, error) {
	b, err := BlockOf(ex)
	if err != nil {
		return "", err
	}
	var out bytes.Buffer
	if err := blockTmpl.Execute(&out, b); err != nil {
		return "", fmt.Errorf("example %s: %w", ex.Name, err)
	}
	return out.String(), nil
}

// markdown renders the docs' Markdown: GitHub's flavour, heading IDs as
// GitHub makes them, raw HTML left out (so nothing in a page is HTML that
// was not made here), and links to rendered pages pointed at their HTML.
func markdown(rendered map[string]bool) goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(extension.GFM),
		goldmark.WithParserOptions(
			parser.WithAutoHeadingID(),
			parser.WithASTTransformers(util.Prioritized(linkRewriter(rendered), 100)),
		),
	)
}

// linkRewriter turns links to X.md (with an optional #fragment) into
// X.html when X is a rendered page.
type linkRewriter map[string]bool

func (l linkRewriter) Transform(doc *ast.Document, _ text.Reader, _ parser.Context) {
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		link, ok := n.(*ast.Link)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		dest := string(link.Destination)
		page, frag, _ := strings.Cut(dest, "#")
		if name, ok := strings.CutSuffix(page, ".md"); ok && l[name] {
			dest = name + ".html"
			if frag != "" {
				dest += "#" + frag
			}
			link.Destination = []byte(dest)
		}
		return ast.WalkContinue, nil
	})
}

// RenderMarkdown renders a docs page's Markdown to HTML, each example
// region as RenderBlock's HTML; rendered names the pages (without .md)
// that links may point to as .html.
func RenderMarkdown(file, md string, examples map[string]*Example, rendered map[string]bool) (string, error) {
	regions, err := Regions(file, md)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256([]byte(md))
	salt := hex.EncodeToString(sum[:8])
	var src strings.Builder
	blocks := map[string]string{}
	last := 0
	for i, r := range regions {
		ex, ok := examples[r.Name]
		if !ok {
			return "", fmt.Errorf("%s:%d:1: no example %q in docs/examples", file, r.Line, r.Name)
		}
		h, err := RenderBlock(ex)
		if err != nil {
			return "", fmt.Errorf("%s:%d:1: %w", file, r.Line, err)
		}
		token := fmt.Sprintf("KUBECFGEXAMPLE%dX%s", i, salt)
		blocks["<p>"+token+"</p>\n"] = h
		src.WriteString(md[last:r.Start])
		src.WriteString("\n" + token + "\n\n")
		last = r.End
	}
	src.WriteString(md[last:])
	var out bytes.Buffer
	if err := markdown(rendered).Convert([]byte(src.String()), &out); err != nil {
		return "", fmt.Errorf("%s: rendering Markdown: %w", file, err)
	}
	html := out.String()
	for token, h := range blocks {
		if strings.Count(html, token) != 1 {
			return "", fmt.Errorf("%s: an example region is not a block of its own (inside a list or quote?)", file)
		}
		html = strings.Replace(html, token, h, 1)
	}
	return html, nil
}
