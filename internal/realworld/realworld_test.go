package realworld_test

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/realworld"
	"github.com/kubecfg/kubecfg/internal/testdata"
	"github.com/kubecfg/kubecfg/pkg/playground"
)

const suite = "kubecfg-realworld"

// TestSuiteCLI runs every recorded case with the kubecfg binary: stdout,
// stderr and exit status must be the reference kubecfg's, byte for byte.
func TestSuiteCLI(t *testing.T) {
	dir := testdata.Dir(t, suite)
	cases := load(t, dir)
	runCLI(t, dir, cases, testdata.BuildKubecfg(t))
}

// runCLI runs each case with bin (a kubecfg binary, or a wrapper of one)
// in a copy of the suite, and compares with what the reference printed.
func runCLI(t *testing.T, dir string, cases []realworld.Case, bin string) {
	run := copyTemp(t, dir)
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			want, err := realworld.Expected(dir, c)
			if err != nil {
				t.Fatal(err)
			}
			got, err := realworld.Run(bin, run, c)
			if err != nil {
				t.Fatal(err)
			}
			if d := realworld.Diff(want, got); d != "" {
				t.Errorf("%s\n%s", c.Command, d)
			}
		})
	}
}

// TestSuiteEnvelope runs every recorded case through playground.Run, the
// browser's engine: the command line becomes a request over the suite's
// files, and the response's output, stderr and exit code must be what the
// reference kubecfg printed.
func TestSuiteEnvelope(t *testing.T) {
	dir := testdata.Dir(t, suite)
	cases := load(t, dir)
	run := copyTemp(t, dir)
	files := readTree(t, run)
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			want, err := realworld.Expected(dir, c)
			if err != nil {
				t.Fatal(err)
			}
			req, err := requestFor(c.Command)
			if err != nil {
				t.Fatal(err)
			}
			req.Files = files
			resp := (&playground.Runner{Root: filepath.ToSlash(run)}).Run(req)
			got := realworld.Result{
				Stdout: strings.ReplaceAll(resp.Output, run, realworld.DirToken),
				Stderr: strings.ReplaceAll(resp.Stderr, run, realworld.DirToken),
				Code:   resp.ExitCode,
			}
			if d := realworld.Diff(want, got); d != "" {
				t.Errorf("%s\nas %s\n%s", c.Command, resp.Command, d)
			}
		})
	}
}

func load(t *testing.T, dir string) []realworld.Case {
	t.Helper()
	cases, err := realworld.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatalf("%s: no cases", dir)
	}
	return cases
}

func copyTemp(t *testing.T, dir string) string {
	t.Helper()
	run, err := realworld.CopyTemp(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(filepath.Dir(run)) })
	return run
}

// readTree reads every file under root, keyed by slash-separated path.
func readTree(t *testing.T, root string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		files[filepath.ToSlash(rel)] = string(data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// requestFor turns a case's command line, "cd DIR && [NAME=VALUE...]
// $KUBECFG ARGS", into a request: the flags the suite uses, a bare -V NAME
// taking the value the command line's environment gives it.
func requestFor(command string) (playground.Request, error) {
	var req playground.Request
	words, err := shellWords(command)
	if err != nil {
		return req, err
	}
	if len(words) < 3 || words[0] != "cd" || words[2] != "&&" {
		return req, fmt.Errorf("want cd DIR && ...: %q", command)
	}
	req.Dir, words = words[1], words[3:]
	env := map[string]string{}
	for len(words) > 0 && words[0] != "$KUBECFG" {
		name, value, ok := strings.Cut(words[0], "=")
		if !ok {
			return req, fmt.Errorf("want NAME=VALUE or $KUBECFG: %q", words[0])
		}
		env[name] = value
		words = words[1:]
	}
	if len(words) == 0 {
		return req, fmt.Errorf("no $KUBECFG in %q", command)
	}
	words = words[1:]
	set := func(m *map[string]string, arg string) error {
		name, value, ok := strings.Cut(arg, "=")
		if !ok {
			if value, ok = env[name]; !ok {
				return fmt.Errorf("no value for %q", arg)
			}
		}
		if *m == nil {
			*m = map[string]string{}
		}
		(*m)[name] = value
		return nil
	}
	var positional []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch w {
		case "--alpha":
			req.Alpha = true
			continue
		case "-k", "--show-keys":
			req.ShowKeys = true
			continue
		case "show", "eval":
			if req.Command == "" {
				req.Command = w
				continue
			}
		}
		if !strings.HasPrefix(w, "-") {
			positional = append(positional, w)
			continue
		}
		if i+1 == len(words) {
			return req, fmt.Errorf("%s needs a value", w)
		}
		i++
		v := words[i]
		var err error
		switch w {
		case "-J", "--jpath":
			req.JPath = append(req.JPath, v)
		case "-o", "--output":
			req.Output = v
		case "-e", "--expr", "--exec":
			if req.Command == "eval" && w != "--exec" {
				req.Expr = v
			} else {
				req.Exec = v
			}
		case "--overlay-code":
			req.OverlayCode = v
		case "--overlay-code-file":
			req.OverlayCodeFile = v
		case "-V", "--ext-str":
			err = set(&req.ExtStr, v)
		case "--ext-str-file":
			err = set(&req.ExtStrFile, v)
		case "--ext-code":
			err = set(&req.ExtCode, v)
		case "--ext-code-file":
			err = set(&req.ExtCodeFile, v)
		case "-A", "--tla-str":
			err = set(&req.TLAStr, v)
		case "--tla-str-file":
			err = set(&req.TLAStrFile, v)
		case "--tla-code":
			err = set(&req.TLACode, v)
		case "--tla-code-file":
			err = set(&req.TLACodeFile, v)
		default:
			return req, fmt.Errorf("flag %s: not in the envelope's translation", w)
		}
		if err != nil {
			return req, err
		}
	}
	if len(positional) > 0 {
		req.Entry, req.Inputs = positional[0], positional[1:]
	}
	return req, nil
}

// shellWords splits a command line as a POSIX shell would, for the quoting
// the suite uses: single quotes, double quotes (with \ escapes) and plain
// words. $KUBECFG stays a word of its own.
func shellWords(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unclosed ' in %q", s)
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0 {
					i++
				}
				cur.WriteByte(s[i])
			}
			if i == len(s) {
				return nil, fmt.Errorf("unclosed \" in %q", s)
			}
			inWord = true
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}
