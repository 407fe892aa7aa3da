package docsite

import (
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/golden"
	"github.com/kubecfg/kubecfg/pkg/playground"
)

var tagRE = regexp.MustCompile(`<[^>]*>`)

// textOf is what a browser's textContent gives for an element's inner
// HTML as RenderBlock writes it: tags dropped, entities decoded, the
// newline right after <pre> dropped.
func textOf(inner string) string {
	return strings.TrimPrefix(html.UnescapeString(tagRE.ReplaceAllString(inner, "")), "\n")
}

// preRE finds the <pre> elements of a block: their start tag and content.
var preRE = regexp.MustCompile(`(?s)<pre([^>]*)>(.*?)</pre>`)

func hostileExample(t *testing.T) *Example {
	t.Helper()
	name := `x<img src=x onerror=alert(1)>"'.jsonnet`
	data := `{"command": "eval", "entry": "` + strings.ReplaceAll(name, `"`, `\"`) + `", "expr": "$.s + \"<script>alert(3)</script>\"", "features": ["eval"]}
-- ` + name + ` --
// </pre><script>alert(2)</script>
{ s: '<img src=x onerror=alert(4)>' }
-- expected --
<img src=x onerror=alert(4)><script>alert(3)</script>
`
	ex, err := ParseExample("hostile.txtar", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	return ex
}

// TestRenderBlockEscapes checks that file names, file text, the
// expression and the output never become markup.
func TestRenderBlockEscapes(t *testing.T) {
	h, err := RenderBlock(hostileExample(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"<script", "<img", "onerror=alert(1)>", `"'.jsonnet`} {
		if strings.Contains(h, bad) {
			t.Errorf("the block holds %q unescaped:\n%s", bad, h)
		}
	}
	if n := strings.Count(h, "<pre"); n != 2 {
		t.Errorf("the block has %d <pre> elements, want 2 (the file and the output):\n%s", n, h)
	}
}

// TestRenderBlockText checks that each <pre>'s text is the file (what
// embed.js reads) and the output, and that the attributes are embed.js's.
func TestRenderBlockText(t *testing.T) {
	cases := []struct {
		name string
		ex   *Example
	}{
		{"hostile", hostileExample(t)},
	}
	exs, err := LoadExamples(examplesDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, ex := range exs {
		cases = append(cases, struct {
			name string
			ex   *Example
		}{ex.Name, ex})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h, err := RenderBlock(c.ex)
			if err != nil {
				t.Fatal(err)
			}
			pres := preRE.FindAllStringSubmatch(h, -1)
			if len(pres) != len(c.ex.Order)+1 {
				t.Fatalf("%d <pre> elements, want %d", len(pres), len(c.ex.Order)+1)
			}
			var entry []string
			for i, name := range c.ex.Order {
				if got, want := textOf(pres[i][2]), c.ex.Request.Files[name]; got != want {
					t.Errorf("file %s: text %q, want %q", name, got, want)
				}
				if !strings.Contains(pres[i][2], `<span class="`) {
					t.Errorf("file %s is not highlighted: %s", name, pres[i][2])
				}
				if name == c.ex.Request.Entry {
					entry = pres[i]
				}
			}
			if got := textOf(pres[len(pres)-1][2]); got != c.ex.Expected {
				t.Errorf("output text %q, want %q", got, c.ex.Expected)
			}
			attrs := html.UnescapeString(entry[1])
			for _, want := range []string{` data-kubecfg="` + c.ex.Request.Entry + `"`, ` data-command="` + c.ex.Request.Command + `"`, ` data-state="`} {
				if !strings.Contains(attrs, want) {
					t.Errorf("entry attributes %s lack %s", attrs, want)
				}
			}
			if c.ex.Request.Expr != "" && !strings.Contains(attrs, ` data-expr="`+c.ex.Request.Expr+`"`) {
				t.Errorf("entry attributes %s lack data-expr", attrs)
			}
			frag := regexp.MustCompile(`data-state="([^"]*)"`).FindStringSubmatch(attrs)[1]
			st, err := DecodeFragment(frag, 1<<20)
			if err != nil {
				t.Fatal(err)
			}
			if st.Entry != c.ex.Request.Entry || len(st.Files) != len(c.ex.Order) || st.Controls.Command != c.ex.Request.Command || st.Controls.Expr != c.ex.Request.Expr {
				t.Errorf("data-state decodes to %+v, want the example's request", st)
			}
			for name, text := range c.ex.Request.Files {
				if st.Files[name] != text {
					t.Errorf("data-state file %s = %q, want %q", name, st.Files[name], text)
				}
			}
			if !strings.Contains(h, `href="/#s=`+frag+`"`) {
				t.Errorf("no Open in playground link to /#s=%s", frag)
			}
		})
	}
}

func TestStateOfFeatures(t *testing.T) {
	ex := &Example{Request: requestWith([]string{"yakl", "knit=false", "eval=true"})}
	got := StateOf(ex).Controls.Features
	want := map[string]bool{"yakl": true, "knit": false, "eval": true}
	if len(got) != len(want) {
		t.Fatalf("features %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("feature %s = %v, want %v", k, got[k], v)
		}
	}
	if o := StateOf(ex).Controls.Output; o != "yaml" {
		t.Errorf("output %q, want yaml by default", o)
	}
}

func TestDecodeFragmentLimit(t *testing.T) {
	ex := &Example{Request: requestWith(nil)}
	ex.Request.Files = map[string]string{"a.jsonnet": strings.Repeat("x", 5000)}
	frag, err := EncodeFragment(StateOf(ex))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := DecodeFragment(frag, 1000); err == nil || !strings.Contains(err.Error(), "more than 1000 bytes") {
		t.Errorf("DecodeFragment with a small limit: %v, want a size error", err)
	}
	if _, err := DecodeFragment("!!", 1000); err == nil {
		t.Error("DecodeFragment of non-base64url text succeeded")
	}
}

// TestRenderPageGolden renders testdata/page.md with the examples in
// testdata against testdata/page.html (-update rewrites it).
func TestRenderPageGolden(t *testing.T) {
	exs, err := LoadExamples("testdata")
	if err != nil {
		t.Fatal(err)
	}
	site := &Site{Examples: map[string]*Example{}}
	for _, ex := range exs {
		site.Examples[ex.Name] = ex
	}
	md, err := os.ReadFile("testdata/page.md")
	if err != nil {
		t.Fatal(err)
	}
	site.Pages = []Page{{Name: "page", Path: "testdata/page.md", Title: title(string(md)), Markdown: string(md)}, {Name: "show"}}
	got, err := site.RenderPage(site.Pages[0])
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, filepath.Join("testdata", "page.html"), string(got))
	for _, want := range []string{`href="show.html#imports"`, `href="yakl.md"`, `<script src="/embed.js" defer></script>`, `<title>A page · kubecfg docs</title>`, `id="example-one"`, `id="example-two"`, "&lt;!-- kubecfg-example: nosuch --&gt;"} {
		if !strings.Contains(string(got), want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if strings.Contains(string(got), "<b>") {
		t.Error("raw HTML from the Markdown is in the page")
	}
}

func TestRegionErrors(t *testing.T) {
	cases := []struct{ name, md, want string }{
		{"never closed", "a\n<!-- kubecfg-example: x -->\n", "p.md:2:1: example region x is never closed"},
		{"close without open", "<!-- /kubecfg-example -->\n", "p.md:1:1: <!-- /kubecfg-example --> without an opening marker"},
		{"nested", "<!-- kubecfg-example: x -->\n<!-- kubecfg-example: y -->\n", "p.md:2:1: example region opened inside the one of line 1"},
		{"bad name", "<!-- kubecfg-example: ../x -->\n<!-- /kubecfg-example -->\n", "p.md:1:1: malformed example marker"},
		{"unknown example", "\n\n<!-- kubecfg-example: nosuch -->\n<!-- /kubecfg-example -->\n", `p.md:3:1: no example "nosuch"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := SyncMarkdown("p.md", c.md, map[string]*Example{})
			if err == nil || !strings.HasPrefix(err.Error(), c.want) {
				t.Fatalf("SyncMarkdown error = %v, want %q", err, c.want)
			}
		})
	}
}

func TestMarkdownBodyFences(t *testing.T) {
	ex := &Example{Name: "f", Order: []string{"a.jsonnet"}, Request: requestWith(nil), Expected: "x\n"}
	ex.Request.Files = map[string]string{"a.jsonnet": "// ```` four\n{}"}
	body := MarkdownBody(ex)
	if !strings.Contains(body, "`````jsonnet\n// ```` four\n{}\n`````\n") {
		t.Errorf("a file with a run of four backticks is not fenced by five:\n%s", body)
	}
	regions, err := Regions("m.md", "<!-- kubecfg-example: f -->\n"+body+"<!-- /kubecfg-example -->\n")
	if err != nil || len(regions) != 1 {
		t.Fatalf("the body does not read back as one region: %v %v", regions, err)
	}
}

func requestWith(features []string) (r playground.Request) {
	r.Command, r.Entry, r.Features = "show", "a.jsonnet", features
	return r
}

// TestNoHighlighterInWasm checks that chroma (and goldmark) stay out of
// the playground's wasm build: they belong to this build tool only.
func TestNoHighlighterInWasm(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: go list of the wasm build skipped")
	}
	cmd := exec.Command("go", "list", "-deps", "./wasm/playground")
	cmd.Dir = "../.."
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps ./wasm/playground: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "github.com/kubecfg/kubecfg/pkg/playground") {
		t.Fatalf("go list printed no playground package: %s", out)
	}
	for _, bad := range []string{"github.com/alecthomas/chroma", "github.com/yuin/goldmark", "internal/docsite"} {
		if strings.Contains(string(out), bad) {
			t.Errorf("the wasm build depends on %s", bad)
		}
	}
}

func TestTitleDropsCodeSpans(t *testing.T) {
	for _, tc := range []struct{ md, want string }{
		{"# The built-in library: `kubecfg.libsonnet`\n", "The built-in library: kubecfg.libsonnet"},
		{"# `kubecfg show`\n", "kubecfg show"},
		{"intro\n# Plain\n", "Plain"},
		{"no heading\n", "kubecfg"},
	} {
		if got := title(tc.md); got != tc.want {
			t.Errorf("title(%q) = %q, want %q", tc.md, got, tc.want)
		}
	}
}
