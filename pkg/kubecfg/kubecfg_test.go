package kubecfg_test

import (
	"bytes"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/pkg/kubecfg"
	"github.com/kubecfg/kubecfg/pkg/playground"
)

// mapFS is an FS of another program's own: absolute slash paths to
// contents.
type mapFS map[string]string

func (m mapFS) ReadFile(name string) ([]byte, error) {
	if s, ok := m[name]; ok {
		return []byte(s), nil
	}
	return nil, fmt.Errorf("open %s: %w", name, fs.ErrNotExist)
}

// urlFetcher is a Fetcher of another program's own: URLs to contents.
type urlFetcher map[string]string

func (u urlFetcher) Fetch(url string) ([]byte, error) {
	if s, ok := u[url]; ok {
		return []byte(s), nil
	}
	return nil, fmt.Errorf("%s: %w", url, fs.ErrNotExist)
}

var (
	_ kubecfg.FS      = mapFS{}
	_ kubecfg.Fetcher = urlFetcher{}
)

const cm = `{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { x: '1' } }`

// TestRun runs invocations in an Env built from the package's exported
// names and types of the test's own.
func TestRun(t *testing.T) {
	files := mapFS{
		"/w/app.jsonnet":        "{ cm: " + cm + " }",
		"/w/sub/remote.jsonnet": "(import 'http://libs.test/lib.libsonnet').cm",
		"/w/num.jsonnet":        "42",
	}
	fetch := urlFetcher{"http://libs.test/lib.libsonnet": "{ cm: " + cm + " }"}
	for _, c := range []struct {
		name    string
		inv     kubecfg.Invocation
		noFetch bool
		out     string
		files   []string // the export's file names
		objects int
		sources []kubecfg.Source
		err     string // ErrorText of the error, its first line
		warn    string
	}{
		{name: "show yaml", inv: kubecfg.Invocation{Inputs: []string{"app.jsonnet"}},
			out: "---\napiVersion: v1\ndata:\n  x: \"1\"\nkind: ConfigMap\nmetadata:\n  name: a\n", objects: 1,
			sources: []kubecfg.Source{{File: "app.jsonnet", Path: "$.cm"}}},
		{name: "show json", inv: kubecfg.Invocation{Command: "show", Output: "json", Inputs: []string{"app.jsonnet"}},
			out: "{\n  \"apiVersion\": \"v1\",\n  \"data\": {\n    \"x\": \"1\"\n  },\n  \"kind\": \"ConfigMap\",\n  \"metadata\": {\n    \"name\": \"a\"\n  }\n}\n", objects: 1},
		{name: "dir and fetch", inv: kubecfg.Invocation{Dir: "sub", Inputs: []string{"remote.jsonnet"}},
			out: "---\napiVersion: v1\ndata:\n  x: \"1\"\nkind: ConfigMap\nmetadata:\n  name: a\n", objects: 1},
		{name: "no fetcher", inv: kubecfg.Invocation{Dir: "sub", Inputs: []string{"remote.jsonnet"}}, noFetch: true,
			err: "error reading remote.jsonnet: "},
		{name: "export", inv: kubecfg.Invocation{Inputs: []string{"app.jsonnet"}, ExportDir: "out"},
			files: []string{"v1.ConfigMap-default.a.yaml"}, objects: 1},
		{name: "eval", inv: kubecfg.Invocation{Command: "eval", Inputs: []string{"app.jsonnet"}, Expr: "self.cm.data", Alpha: true},
			out: "x: \"1\"\n\n"},
		{name: "not an object", inv: kubecfg.Invocation{Inputs: []string{"num.jsonnet"}},
			err: "error reading num.jsonnet: "},
		{name: "unknown command", inv: kubecfg.Invocation{Command: "diff"},
			err: `unknown command "diff": want show, eval or validate`},
		{name: "unknown feature", inv: kubecfg.Invocation{Features: []string{"nope"}, Inputs: []string{"app.jsonnet"}},
			err: "unknown feature"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var warn bytes.Buffer
			env := kubecfg.Env{FS: files, Root: "/w", Fetch: fetch, Warn: &warn}
			if c.noFetch {
				env.Fetch = nil
			}
			res := kubecfg.Run(c.inv, env)
			if res.Output != c.out {
				t.Errorf("output %q, want %q", res.Output, c.out)
			}
			if len(res.Objects) != c.objects {
				t.Errorf("%d objects, want %d", len(res.Objects), c.objects)
			}
			if c.sources != nil && fmt.Sprint(res.Sources) != fmt.Sprint(c.sources) {
				t.Errorf("sources %v, want %v", res.Sources, c.sources)
			}
			var names []string
			for _, f := range res.Files {
				names = append(names, f.Name)
			}
			if fmt.Sprint(names) != fmt.Sprint(c.files) {
				t.Errorf("files %v, want %v", names, c.files)
			}
			if !strings.HasPrefix(warn.String(), c.warn) || (c.warn == "") != (warn.Len() == 0) {
				t.Errorf("warnings %q, want them to start with %q", warn.String(), c.warn)
			}
			switch {
			case c.err == "" && res.Err != nil:
				t.Fatalf("error %v", res.Err)
			case c.err == "":
				if res.ExitCode() != 0 {
					t.Errorf("exit status %d with no error", res.ExitCode())
				}
			case res.Err == nil:
				t.Fatalf("no error, want %q", c.err)
			default:
				if text := kubecfg.ErrorText(res.Err); !strings.Contains(text, c.err) || !strings.HasSuffix(text, "\n") {
					t.Errorf("error text %q, want it to contain %q and end with a newline", text, c.err)
				}
				if res.ExitCode() != 1 {
					t.Errorf("exit status %d, want 1", res.ExitCode())
				}
			}
		})
	}
}

// TestRunTrace runs eval --trace: the Result's Trace, printed by
// TraceText.
func TestRunTrace(t *testing.T) {
	env := kubecfg.Env{FS: mapFS{"/w/app.jsonnet": "{ a: 1 + 2 }"}, Root: "/w"}
	res := kubecfg.Run(kubecfg.Invocation{Command: "eval", Inputs: []string{"app.jsonnet"}, Expr: "self.a", Trace: true, Alpha: true}, env)
	if res.Err != nil {
		t.Fatalf("error %v", res.Err)
	}
	if res.Output != "3\n\n" {
		t.Errorf("output %q", res.Output)
	}
	if len(res.Trace.Roots) == 0 || res.TraceText() == "" {
		t.Errorf("trace %+v, text %q: want its roots", res.Trace, res.TraceText())
	}
}

// TestCommandLine writes an invocation back as a command line.
func TestCommandLine(t *testing.T) {
	inv := kubecfg.Invocation{Command: "show", Output: "json", Inputs: []string{"app.jsonnet"}, ExtStr: map[string]string{"env": "prod"}}
	got := inv.CommandLine()
	for _, want := range []string{"kubecfg", "show", "app.jsonnet", "-o json", "env=prod"} {
		if !strings.Contains(got, want) {
			t.Errorf("command line %q lacks %q", got, want)
		}
	}
}

// TestPlaygroundRequest builds the playground's request from this
// package's Invocation (the request embeds it) and checks that the
// envelope prints what Run prints for the same files.
func TestPlaygroundRequest(t *testing.T) {
	inv := kubecfg.Invocation{Command: "show", Inputs: []string{"app.jsonnet"}, Output: "json"}
	resp := playground.Run(playground.Request{Files: map[string]string{"app.jsonnet": "{ cm: " + cm + " }"}, Invocation: inv})
	res := kubecfg.Run(inv, kubecfg.Env{FS: mapFS{"/w/app.jsonnet": "{ cm: " + cm + " }"}, Root: "/w"})
	if res.Err != nil || res.Output == "" {
		t.Fatalf("Run: output %q, error %v", res.Output, res.Err)
	}
	if resp.Output != res.Output || resp.ExitCode != 0 {
		t.Errorf("the playground printed %q (exit %d), Run %q", resp.Output, resp.ExitCode, res.Output)
	}
}

// TestRunZeroEnv: an Env without a file system is an error, never a panic,
// for any command.
func TestRunZeroEnv(t *testing.T) {
	for _, inv := range []kubecfg.Invocation{
		{Command: "show", Inputs: []string{"x.jsonnet"}},
		{Command: "eval", Inputs: []string{"x.jsonnet"}, Features: []string{"eval"}},
		{Command: "show", Exec: "{}"},
		{},
	} {
		res := kubecfg.Run(inv, kubecfg.Env{})
		if res.Err == nil || res.ExitCode() != 1 || !strings.Contains(kubecfg.ErrorText(res.Err), "Env.FS is nil") {
			t.Errorf("%+v: exit %d, error %v", inv, res.ExitCode(), res.Err)
		}
	}
}
