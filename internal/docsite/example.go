// Package docsite turns the docs' runnable examples into pages: it reads
// docs/examples/*.txtar (a playground request, its files and the exact
// output it must print), keeps the fenced copies of them in the Markdown
// docs in step, and renders the docs pages that hold examples to static
// HTML whose code is highlighted by chroma and which embed.js turns into
// live snippets. It also writes the playground's Example menu from the
// examples docs/examples/gallery.json names (gallery.go). It is a build
// tool: nothing in the wasm build imports it.
package docsite

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/kubecfg/kubecfg/pkg/playground"
	"golang.org/x/tools/txtar"
)

// parseTxtar splits an archive as txtar does ("-- NAME --" lines start
// files), with an error for a marker without a name where go-internal's
// txtar.Parse panics.
func parseTxtar(file string, data []byte) (*txtar.Archive, error) {
	ar := &txtar.Archive{}
	var cur *txtar.File
	var body []byte
	flush := func() {
		if cur == nil {
			ar.Comment = body
		} else {
			cur.Data = body
			ar.Files = append(ar.Files, *cur)
		}
		body = nil
	}
	for i, line := range bytes.SplitAfter(data, []byte("\n")) {
		text := strings.TrimRight(string(line), "\r\n")
		if strings.HasPrefix(text, "-- ") && strings.HasSuffix(text, " --") && len(text) >= 6 || text == "-- --" {
			name := strings.TrimSpace(text[3:max(3, len(text)-3)])
			if name == "" {
				return nil, fmt.Errorf("%s:%d:1: a file marker without a name", file, i+1)
			}
			flush()
			cur = &txtar.File{Name: name}
			continue
		}
		body = append(body, line...)
	}
	flush()
	return ar, nil
}

// ExpectedSection is the name of the txtar section that holds an
// example's exact output.
const ExpectedSection = "expected"

// Example is one runnable docs example: a playground request and the
// output it must print, byte for byte.
type Example struct {
	// Name is the file name without .txtar ("jsonnet-app").
	Name string
	// Path is where the example was read from, for messages.
	Path string
	// Request is the invocation, with its files filled in.
	Request playground.Request
	// Order is the files in the order the archive lists them.
	Order []string
	// Expected is the output the request prints.
	Expected string
}

// ParseExample reads one example archive: a JSON header (a
// playground.Request without files), the files, and an "expected" section.
func ParseExample(name string, data []byte) (*Example, error) {
	ar, err := parseTxtar(name, data)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(ar.Comment))
	dec.DisallowUnknownFields()
	var req playground.Request
	if err := dec.Decode(&req); err != nil {
		return nil, fmt.Errorf("%s:1:1: the header is not a request: %w", name, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%s:1:1: the header holds more than one JSON value", name)
	}
	if req.Files != nil {
		return nil, fmt.Errorf("%s:1:1: the header must not hold files: they are the archive's sections", name)
	}
	if req.Command != "show" && req.Command != "eval" {
		return nil, fmt.Errorf("%s:1:1: command %q: want show or eval", name, req.Command)
	}
	ex := &Example{Name: strings.TrimSuffix(filepath.Base(name), ".txtar"), Path: name}
	req.Files = map[string]string{}
	haveExpected := false
	for _, f := range ar.Files {
		if f.Name == ExpectedSection {
			if haveExpected {
				return nil, fmt.Errorf("%s: two %q sections", name, ExpectedSection)
			}
			ex.Expected, haveExpected = string(f.Data), true
			continue
		}
		if _, dup := req.Files[f.Name]; dup {
			return nil, fmt.Errorf("%s: file %s appears twice", name, f.Name)
		}
		req.Files[f.Name] = string(f.Data)
		ex.Order = append(ex.Order, f.Name)
	}
	if !haveExpected {
		return nil, fmt.Errorf("%s: no %q section", name, ExpectedSection)
	}
	if _, ok := req.Files[req.Entry]; !ok {
		return nil, fmt.Errorf("%s: the entry %q is not one of the files", name, req.Entry)
	}
	ex.Request = req
	return ex, nil
}

// LoadExamples reads every *.txtar in dir, sorted by name.
func LoadExamples(dir string) ([]*Example, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
	if err != nil {
		return nil, fmt.Errorf("listing examples in %s: %w", dir, err)
	}
	sort.Strings(paths)
	var out []*Example
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, fmt.Errorf("reading example: %w", err)
		}
		ex, err := ParseExample(p, data)
		if err != nil {
			return nil, err
		}
		out = append(out, ex)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no examples in %s", dir)
	}
	return out, nil
}

// Run evaluates the example through the playground and returns what it
// printed, or an error with kubecfg's message when it failed.
func (ex *Example) Run() (string, error) {
	resp := playground.Run(ex.Request)
	if resp.ExitCode != 0 {
		return resp.Output, fmt.Errorf("%s: %s exited %d: %s", ex.Path, resp.Command, resp.ExitCode, strings.TrimSpace(resp.Stderr))
	}
	return resp.Output, nil
}

// Command is the kubecfg command line the example stands for.
func (ex *Example) Command() string { return ex.Request.CommandLine() }

// OutputLang is the language of the example's output: yaml, json or
// jsonnet.
func (ex *Example) OutputLang() string {
	switch ex.Request.Output {
	case "json", "jsonnet":
		return ex.Request.Output
	}
	return "yaml"
}
