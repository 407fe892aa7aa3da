package docsite

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/alecthomas/chroma/v2/styles"
)

// Highlighting styles: GitHub's, light and (under prefers-color-scheme:
// dark) dark.
const (
	lightStyle = "github"
	darkStyle  = "github-dark"
)

// formatter writes chroma's class names (the CSS is a file of its own,
// CSS), without a <pre> of its own: the page writes the <pre> that
// embed.js reads.
var formatter = chromahtml.New(chromahtml.WithClasses(true), chromahtml.PreventSurroundingPre(true))

// Highlight returns text as HTML spans with chroma's classes, every
// character of text escaped; lang is a Lang value. The text content of the
// result is text, unchanged.
func Highlight(lang, text string) (string, error) {
	lexer := lexers.Get(lang)
	if lexer == nil {
		lexer = lexers.Fallback
	}
	it, err := chroma.Coalesce(lexer).Tokenise(nil, text)
	if err != nil {
		return "", fmt.Errorf("highlighting %s: %w", lang, err)
	}
	var b bytes.Buffer
	if err := formatter.Format(&b, styles.Get(lightStyle), it); err != nil {
		return "", fmt.Errorf("highlighting %s: %w", lang, err)
	}
	return b.String(), nil
}

// CSS is the style sheet of the highlighted code: the light style, and the
// dark one for readers whose system is dark.
func CSS() (string, error) {
	var light, dark bytes.Buffer
	if err := formatter.WriteCSS(&light, styles.Get(lightStyle)); err != nil {
		return "", fmt.Errorf("writing the %s style: %w", lightStyle, err)
	}
	if err := formatter.WriteCSS(&dark, styles.Get(darkStyle)); err != nil {
		return "", fmt.Errorf("writing the %s style: %w", darkStyle, err)
	}
	return "/* chroma " + lightStyle + " */\n" + light.String() +
		"@media (prefers-color-scheme: dark) {\n/* chroma " + darkStyle + " */\n" +
		indent(dark.String()) + "}\n", nil
}

func indent(s string) string {
	lines := strings.SplitAfter(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = "  " + l
		}
	}
	return strings.Join(lines, "")
}
