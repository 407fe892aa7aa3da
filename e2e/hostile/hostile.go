// Package hostile is the hostile-input corpus of issue 8: programs and
// data files that try to exhaust the evaluator (runaway recursion, deep
// nesting, string and array bombs, YAML alias bombs), each with the outcome
// expected from the kubecfg CLI, from pkg/playground.Run (the envelope) and
// from the browser playground. The cases live in cases/*.txtar; cases.json
// is the same corpus for the browser tests, which load it with cases.mjs
// (see README.md).
package hostile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/kubecfg/kubecfg/internal/kubecfg"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/kubecfg/kubecfg/pkg/playground"
	"golang.org/x/tools/txtar"
)

// Outcomes a case can expect.
const (
	// Error: the run ends with exit status 1 (a response with ExitCode 1
	// and an error diagnostic) and standard error holds Stderr.
	Error = "error"
	// OK: the run succeeds and standard output holds Stdout.
	OK = "ok"
	// Stopped (CLI only): the command is still running at the deadline;
	// the CLI has no time limit of its own, so the user (here the test)
	// stops it, and kubecfg ends with StoppedMessage and exit status 1.
	Stopped = "stopped"
	// Watchdog (envelope and browser): the request is still running at the
	// deadline. Go cannot stop a goroutine, so in the browser the page
	// ends the worker after its time limit; the envelope test runs such a
	// case in a child process and ends it.
	Watchdog = "watchdog"
	// Crash (envelope and browser): the evaluation ends the process with a
	// fatal Go stack overflow that no recover() can catch. The CLI turns it
	// into one sentence through its supervising parent; the browser
	// discards the worker; the envelope test runs it in a child process.
	Crash = "crash"
)

// StoppedMessage is what kubecfg prints when it is stopped by SIGTERM.
const StoppedMessage = "kubecfg was stopped: signal: terminated\n"

// Part is one piece of a generated file: Text, Times times (once when
// Times is 0).
type Part struct {
	Text  string `json:"text"`
	Times int    `json:"times,omitempty"`
}

// Parts generates a file too large to keep in a txtar, as its parts in
// order.
type Parts []Part

// MaxGenerated bounds a generated file's size.
const MaxGenerated = 16 << 20

// check refuses negative counts and files larger than MaxGenerated.
func (ps Parts) check() error {
	size := 0
	for _, p := range ps {
		if p.Times < 0 {
			return fmt.Errorf("times %d is negative", p.Times)
		}
		if p.Text != "" && max(p.Times, 1) > (MaxGenerated-size)/len(p.Text) {
			return fmt.Errorf("generates more than %d bytes", MaxGenerated)
		}
		size += len(p.Text) * max(p.Times, 1)
	}
	return nil
}

// Text returns the generated file.
func (ps Parts) Text() string {
	var b strings.Builder
	for _, p := range ps {
		b.WriteString(strings.Repeat(p.Text, max(p.Times, 1)))
	}
	return b.String()
}

// Header is the JSON comment of a case's txtar.
type Header struct {
	// Doc says what the case tries and why its outcomes are what they are.
	Doc string `json:"doc"`
	// Request is the invocation, without files (they are the txtar's
	// files and the Repeat expansions).
	Request playground.Request `json:"request"`
	// Repeat maps file names to generated contents.
	Repeat map[string]Parts `json:"repeat,omitempty"`
	// CLI, Envelope and Browser are the expected outcomes.
	CLI      string `json:"cli"`
	Envelope string `json:"envelope"`
	Browser  string `json:"browser"`
	// Stderr are texts the error output must contain (outcome Error; for
	// the CLI also Crash, whose one sentence is checked).
	Stderr []string `json:"stderr,omitempty"`
	// Stdout are texts the output must contain (outcome OK).
	Stdout []string `json:"stdout,omitempty"`
}

// Case is one hostile input: its name (the txtar's base name), header and
// the full request, files included.
type Case struct {
	Name string `json:"name"`
	Header
}

// Forbidden are texts that must never appear on standard error or in a
// diagnostic: a Go stack trace, a panic or a recovered panic ("internal
// error:", pkg/playground) means the error escaped.
var Forbidden = []string{"goroutine ", "panic:", "runtime.", "fatal error:", "internal error:"}

// Harmless is the program run after every case: it must still succeed.
func Harmless() playground.Request {
	return playground.Request{Files: map[string]string{"ok.jsonnet": "{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'ok' } }\n"}, Invocation: kubecfg.Invocation{Entry: "ok.jsonnet", Command: "show"}}
}

// HarmlessStdout is what Harmless prints.
const HarmlessStdout = "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ok\n"

// Load reads every cases/*.txtar under dir, in name order.
func Load(dir string) ([]Case, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "cases", "*.txtar"))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("no cases in %s", filepath.Join(dir, "cases"))
	}
	sort.Strings(paths)
	var out []Case
	for _, p := range paths {
		c, err := Parse(p)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// Parse reads one case.
func Parse(path string) (Case, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Case{}, err
	}
	return ParseData(path, data)
}

// ParseData reads one case from the text of its txtar; path names it in
// errors and gives its name.
func ParseData(path string, data []byte) (Case, error) {
	ar := txtar.Parse(data)
	c := Case{Name: strings.TrimSuffix(filepath.Base(path), ".txtar")}
	dec := json.NewDecoder(bytes.NewReader(ar.Comment))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c.Header); err != nil {
		return Case{}, fmt.Errorf("%s: header: %w", path, err)
	}
	c.Request.Files = map[string]string{}
	for _, f := range ar.Files {
		c.Request.Files[f.Name] = string(f.Data)
	}
	for name, r := range c.Repeat {
		if _, dup := c.Request.Files[name]; dup {
			return Case{}, fmt.Errorf("%s: %s is both a file and a repeat", path, name)
		}
		if err := r.check(); err != nil {
			return Case{}, fmt.Errorf("%s: repeat %s: %w", path, name, err)
		}
		c.Request.Files[name] = r.Text()
	}
	if err := c.check(); err != nil {
		return Case{}, fmt.Errorf("%s: %w", path, err)
	}
	return c, nil
}

func (c Case) check() error {
	if c.Doc == "" {
		return fmt.Errorf("no doc")
	}
	if _, ok := c.Request.Files[c.Request.Entry]; !ok {
		return fmt.Errorf("entry %q is not a file", c.Request.Entry)
	}
	for _, o := range []struct {
		where, got string
		allowed    []string
	}{
		{"cli", c.CLI, []string{Error, OK, Stopped, Crash}},
		{"envelope", c.Envelope, []string{Error, OK, Watchdog, Crash}},
		{"browser", c.Browser, []string{Error, OK, Watchdog, Crash}},
	} {
		if !contains(o.allowed, o.got) {
			return fmt.Errorf("%s outcome %q: want one of %s", o.where, o.got, strings.Join(o.allowed, ", "))
		}
		if o.got == Error && len(c.Stderr) == 0 {
			return fmt.Errorf("%s expects an error but the case names no stderr text", o.where)
		}
		if o.got == OK && len(c.Stdout) == 0 {
			return fmt.Errorf("%s expects success but the case names no stdout text", o.where)
		}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Missing returns the texts of want that s does not contain, and the
// Forbidden texts it does.
func Missing(s string, want []string) []string {
	var out []string
	for _, w := range want {
		if !strings.Contains(s, w) {
			out = append(out, "missing "+strconvQuote(w))
		}
	}
	for _, f := range Forbidden {
		if strings.Contains(s, f) {
			out = append(out, "forbidden "+strconvQuote(f))
		}
	}
	return out
}

func strconvQuote(s string) string {
	if len(s) > 80 {
		s = s[:80] + "…"
	}
	return fmt.Sprintf("%q", s)
}

// Corpus is the JSON form of the corpus, for the browser tests.
type Corpus struct {
	Comment        string             `json:"comment"`
	Cases          []Case             `json:"cases"`
	Harmless       playground.Request `json:"harmless"`
	HarmlessStdout string             `json:"harmlessStdout"`
	Forbidden      []string           `json:"forbidden"`
}

// JSON returns cases.json for the cases: each case with its request, the
// txtar's files in request.files and the generated ones as repeat (so the
// file stays small; cases.mjs expands them), the harmless request and the
// forbidden texts.
func JSON(cases []Case) ([]byte, error) {
	c := Corpus{
		Comment:        "Generated from e2e/hostile/cases/*.txtar by `go test ./e2e/hostile -run TestCasesJSON -update`; see e2e/hostile/README.md.",
		Cases:          append([]Case(nil), cases...),
		Harmless:       Harmless(),
		HarmlessStdout: HarmlessStdout,
		Forbidden:      Forbidden,
	}
	for i, k := range c.Cases {
		files := map[string]string{}
		for name, text := range k.Request.Files {
			if _, generated := k.Repeat[name]; !generated {
				files[name] = text
			}
		}
		c.Cases[i].Request.Files = files // the generated ones stay as Repeat
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(c); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
