package docsite

import (
	"fmt"
	"path"
	"strings"
)

// A docs page refers to an example with a region
//
//	<!-- kubecfg-example: NAME -->
//	…the example's files and output as fenced blocks…
//	<!-- /kubecfg-example -->
//
// whose body SyncMarkdown writes from docs/examples/NAME.txtar, so the
// Markdown a reader sees on GitHub is the example CI runs.
const (
	regionOpen  = "<!-- kubecfg-example: "
	regionEnd   = " -->"
	regionClose = "<!-- /kubecfg-example -->"
)

// Region is one example reference in a Markdown page.
type Region struct {
	// Name is the example's name.
	Name string
	// Line is the 1-based line of the opening marker.
	Line int
	// Start and End are the byte offsets of the whole region, markers
	// included (End is just past the closing marker's newline).
	Start, End int
	// BodyStart and BodyEnd delimit the text between the markers.
	BodyStart, BodyEnd int
}

// Regions finds the example regions of a Markdown page; file names the
// page in errors.
func Regions(file, md string) ([]Region, error) {
	var out []Region
	var open *Region
	var inFence string // the open code fence, "" outside one
	off := 0
	for i, line := range strings.SplitAfter(md, "\n") {
		text := strings.TrimRight(line, "\r\n")
		lineNo := i + 1
		if f := fenceOf(text); f != "" && (inFence == "" || closes(f, text, inFence)) {
			if inFence == "" {
				inFence = f
			} else {
				inFence = ""
			}
			off += len(line)
			continue
		}
		switch {
		case inFence != "":
			// Markers in code blocks are examples of markers.
		case strings.HasPrefix(text, regionOpen):
			if open != nil {
				return nil, fmt.Errorf("%s:%d:1: example region opened inside the one of line %d", file, lineNo, open.Line)
			}
			name, ok := strings.CutSuffix(strings.TrimPrefix(text, regionOpen), regionEnd)
			name = strings.TrimSpace(name)
			if !ok || !validName(name) {
				return nil, fmt.Errorf("%s:%d:1: malformed example marker %q: want %sNAME%s", file, lineNo, text, regionOpen, regionEnd)
			}
			open = &Region{Name: name, Line: lineNo, Start: off, BodyStart: off + len(line)}
		case text == regionClose:
			if open == nil {
				return nil, fmt.Errorf("%s:%d:1: %s without an opening marker", file, lineNo, regionClose)
			}
			open.BodyEnd = off
			open.End = off + len(line)
			out = append(out, *open)
			open = nil
		}
		off += len(line)
	}
	if open != nil {
		return nil, fmt.Errorf("%s:%d:1: example region %s is never closed (%s)", file, open.Line, open.Name, regionClose)
	}
	return out, nil
}

// fenceOf returns the fence (``` or ~~~, or longer) that line opens or
// closes, or "".
func fenceOf(line string) string {
	t := strings.TrimLeft(line, " ")
	if len(line)-len(t) > 3 || len(t) < 3 || (t[0] != '`' && t[0] != '~') {
		return ""
	}
	n := longestRun(t[:len(t)-len(strings.TrimLeft(t, t[:1]))], t[0])
	if n < 3 {
		return ""
	}
	return t[:n]
}

// closes reports whether line (whose fence is f) closes the block that
// open began: the same character, at least as long, nothing after it.
func closes(f, line, open string) bool {
	return f[0] == open[0] && len(f) >= len(open) && strings.TrimSpace(line) == f
}

// validName reports whether name is a plain example name (letters, digits,
// - and _), so a marker can never point outside docs/examples.
func validName(name string) bool {
	if name == "" {
		return false
	}
	return strings.Trim(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") == ""
}

// SyncMarkdown rewrites the body of every example region of md from the
// example it names; an unknown name is an error at its line.
func SyncMarkdown(file, md string, examples map[string]*Example) (string, error) {
	regions, err := Regions(file, md)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	last := 0
	for _, r := range regions {
		ex, ok := examples[r.Name]
		if !ok {
			return "", fmt.Errorf("%s:%d:1: no example %q in docs/examples", file, r.Line, r.Name)
		}
		b.WriteString(md[last:r.BodyStart])
		b.WriteString(MarkdownBody(ex))
		last = r.BodyEnd
	}
	b.WriteString(md[last:])
	return b.String(), nil
}

// MarkdownBody is the Markdown of an example: each file as a fenced block
// under its name, the command line, and the output it prints.
func MarkdownBody(ex *Example) string {
	var b strings.Builder
	for _, name := range ex.Order {
		fmt.Fprintf(&b, "\n%s:\n\n", codeSpan(name))
		fence(&b, Lang(name), ex.Request.Files[name])
	}
	fmt.Fprintf(&b, "\n%s prints:\n\n", codeSpan(ex.Command()))
	fence(&b, ex.OutputLang(), ex.Expected)
	b.WriteString("\n")
	return b.String()
}

// fence writes text as a fenced code block whose fence is longer than any
// run of backticks in it.
func fence(b *strings.Builder, lang, text string) {
	f := strings.Repeat("`", max(3, longestRun(text, '`')+1))
	b.WriteString(f + lang + "\n" + text)
	if !strings.HasSuffix(text, "\n") {
		b.WriteString("\n")
	}
	b.WriteString(f + "\n")
}

// codeSpan writes s as inline code, with enough backticks around it.
func codeSpan(s string) string {
	n := longestRun(s, '`') + 1
	f := strings.Repeat("`", n)
	if n > 1 || strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return f + " " + s + " " + f
	}
	return f + s + f
}

func longestRun(s string, c byte) int {
	best, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best
}

// Lang is the highlighting language of a file, by its extension: jsonnet
// for .jsonnet and .libsonnet, yaml for .yaml, .yml and .yakl, json for
// .json, else text.
func Lang(name string) string {
	switch path.Ext(name) {
	case ".jsonnet", ".libsonnet":
		return "jsonnet"
	case ".yaml", ".yml", ".yakl":
		return "yaml"
	case ".json":
		return "json"
	}
	return "text"
}
