package kubecfg

import (
	"errors"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/pkg/features"
)

const cm = `{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { k: 'v' } }`

// TestRun: Invocation.Run's Result, show and eval, in kubecfg's order of
// checks.
func TestRun(t *testing.T) {
	files := map[string]string{
		"app.jsonnet":  cm,
		"bad.jsonnet":  `error 'boom'`,
		"list.jsonnet": `[` + cm + `, ` + strings.Replace(cm, "'a'", "'b'", 1) + `]`,
		"val.jsonnet":  `{ a: { b: 2 } }`,
	}
	for _, tc := range []struct {
		name   string
		inv    Invocation
		output string
		files  []string // export file names; nil: no export
		objs   int
		srcs   []Source
		err    string
		read   bool
	}{
		{name: "show yaml", inv: Invocation{Inputs: []string{"app.jsonnet"}},
			output: "---\napiVersion: v1\ndata:\n  k: v\nkind: ConfigMap\nmetadata:\n  name: a\n", objs: 1, srcs: []Source{{File: "app.jsonnet", Path: "$"}}, read: true},
		{name: "show two objects with their sources", inv: Invocation{Inputs: []string{"list.jsonnet"}, Output: "json"},
			objs: 2, srcs: []Source{{File: "list.jsonnet", Path: "$[0]"}, {File: "list.jsonnet", Path: "$[1]"}}, read: true},
		{name: "show -o jsonnet is kubecfg's unknown format, after the read", inv: Invocation{Inputs: []string{"app.jsonnet"}, Output: "jsonnet"},
			objs: 1, srcs: []Source{{File: "app.jsonnet", Path: "$"}}, err: "Unknown --format: jsonnet", read: true},
		{name: "the export template is parsed before the read", inv: Invocation{Inputs: []string{"bad.jsonnet"}, ExportDir: "out", ExportNames: "{{.metadata.name"},
			err: "template: ", read: false},
		{name: "the read fails before --reorder is checked", inv: Invocation{Inputs: []string{"bad.jsonnet"}, Reorder: "server"},
			err: "RUNTIME ERROR: boom", read: true},
		{name: "--reorder after the read", inv: Invocation{Inputs: []string{"app.jsonnet"}, Reorder: "bogus"},
			objs: 1, srcs: []Source{{File: "app.jsonnet", Path: "$"}}, err: `unsupported "bogus" reordering`, read: true},
		{name: "export: files, no output", inv: Invocation{Inputs: []string{"list.jsonnet"}, ExportDir: "out"},
			files: []string{"v1.ConfigMap-default.a.yaml", "v1.ConfigMap-default.b.yaml"}, objs: 2,
			srcs: []Source{{File: "list.jsonnet", Path: "$[0]"}, {File: "list.jsonnet", Path: "$[1]"}}, read: true},
		{name: "eval", inv: Invocation{Command: "eval", Inputs: []string{"val.jsonnet"}, Expr: "$.a", Output: "json"},
			output: "{\n   \"b\": 2\n}\n\n"},
		{name: "eval fails: no output", inv: Invocation{Command: "eval", Inputs: []string{"bad.jsonnet"}},
			err: "RUNTIME ERROR: boom"},
		{name: "an unknown command", inv: Invocation{Command: "apply"}, err: `unknown command "apply"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &Config{Gates: features.AllAlpha(), FS: importer.NewMapFS("/w", files), Cwd: "/w"}
			s, err := c.NewSession()
			if err != nil {
				t.Fatal(err)
			}
			res := tc.inv.Run(s)
			if tc.err == "" && res.Err != nil || tc.err != "" && (res.Err == nil || !strings.Contains(res.Err.Error(), tc.err)) {
				t.Fatalf("error %v, want %q", res.Err, tc.err)
			}
			if res.ExitCode() != map[bool]int{true: 1, false: 0}[tc.err != ""] {
				t.Errorf("exit code %d with error %v", res.ExitCode(), res.Err)
			}
			if tc.output != "" && res.Output != tc.output || tc.output == "" && tc.inv.Output != "json" && res.Output != "" {
				t.Errorf("output %q, want %q", res.Output, tc.output)
			}
			if len(res.Objects) != tc.objs || len(res.Sources) != len(tc.srcs) {
				t.Fatalf("%d objects, %d sources; want %d and %d", len(res.Objects), len(res.Sources), tc.objs, len(tc.srcs))
			}
			for i, src := range tc.srcs {
				if res.Sources[i] != src {
					t.Errorf("source %d: %+v, want %+v", i, res.Sources[i], src)
				}
			}
			if (tc.files == nil) != (res.Files == nil) || len(res.Files) != len(tc.files) {
				t.Fatalf("files %+v, want %q", res.Files, tc.files)
			}
			for i, name := range tc.files {
				if res.Files[i].Name != name || !strings.HasPrefix(res.Files[i].Data, "---\n") {
					t.Errorf("file %d: %+v, want %s", i, res.Files[i], name)
				}
			}
			if res.Read != tc.read {
				t.Errorf("read %v, want %v", res.Read, tc.read)
			}
		})
	}
}

// TestRunEvalTrace: eval --trace's trace is in the Result, and its text is
// what the CLI prints on standard error; an engine without the trace
// keeps the output and fails with ErrNoTrace.
func TestRunEvalTrace(t *testing.T) {
	files := map[string]string{"app.jsonnet": "local base = { a: 1 };\n{\n  b: base.a + 1,\n}\n"}
	c := &Config{Gates: features.AllAlpha(), FS: importer.NewMapFS("/w", files), Cwd: "/w"}
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	res := Invocation{Command: "eval", Inputs: []string{"app.jsonnet"}, Expr: "$.b", Trace: true}.Run(s)
	if res.Output != "2\n\n" {
		t.Errorf("output %q", res.Output)
	}
	if errors.Is(res.Err, ErrNoTrace) {
		if res.Trace != nil || res.TraceText() != "" {
			t.Errorf("a trace from an engine without it: %+v", res.Trace)
		}
		return
	}
	if res.Err != nil || res.Trace == nil {
		t.Fatalf("trace %+v, error %v", res.Trace, res.Err)
	}
	if got, want := res.TraceText(), res.Trace.Text(false); got != want || !strings.Contains(got, "app.jsonnet:3") {
		t.Errorf("trace text %q, want %q naming app.jsonnet:3", got, want)
	}
}

// TestRunReusesReads: a reusing session answers show's second run from
// its first read (another output format reads nothing again), and reads
// again after Rebase moved it to an edited workspace.
func TestRunReusesReads(t *testing.T) {
	c := &Config{Gates: features.AllAlpha(), FS: importer.NewMapFS("/w", map[string]string{"app.jsonnet": cm}), Cwd: "/w"}
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	s.Reuse = true
	inv := Invocation{Inputs: []string{"app.jsonnet"}}
	steps := []struct {
		name   string
		inv    Invocation
		rebase map[string]string
		read   bool
		want   string
	}{
		{name: "first", inv: inv, read: true, want: "name: a"},
		{name: "again", inv: inv, read: false, want: "name: a"},
		{name: "json", inv: Invocation{Inputs: inv.Inputs, Output: "json"}, read: false, want: `"name": "a"`},
		{name: "provenance is another read", inv: Invocation{Inputs: inv.Inputs, ShowProvenance: true}, read: true, want: "kubecfg.github.com/provenance-path"},
		{name: "after an edit", inv: inv, rebase: map[string]string{"app.jsonnet": strings.Replace(cm, "'a'", "'edited'", 1)}, read: true, want: "name: edited"},
		{name: "the edit's again", inv: inv, read: false, want: "name: edited"},
	}
	for _, st := range steps {
		changed := func(name string) bool { _, ok := st.rebase[strings.TrimPrefix(name, "/w/")]; return ok }
		if st.rebase != nil && !s.Rebase(importer.NewMapFS("/w", st.rebase), changed) {
			t.Fatalf("%s: no rebase", st.name)
		}
		res := st.inv.Run(s)
		if res.Err != nil || res.Read != st.read || !strings.Contains(res.Output, st.want) {
			t.Errorf("%s: read %v (want %v), output %q (want %q), error %v", st.name, res.Read, st.read, res.Output, st.want, res.Err)
		}
	}
}
