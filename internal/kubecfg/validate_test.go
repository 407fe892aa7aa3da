//go:build !kubecfg_noschema

package kubecfg

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/internal/k8sschema"
	"github.com/kubecfg/kubecfg/pkg/features"
)

// TestKubernetesVersions: the engine's minors are k8sschema's (which the
// browser's engine cannot import).
func TestKubernetesVersions(t *testing.T) {
	if DefaultKubernetesVersion != k8sschema.Default || !slices.Equal(KubernetesVersions, k8sschema.Versions()) {
		t.Errorf("%s %q, k8sschema has %s %q", DefaultKubernetesVersion, KubernetesVersions, k8sschema.Default, k8sschema.Versions())
	}
}

// validateSession is a session over files with the built-in schemas.
func validateSession(t *testing.T, files map[string]string, budget time.Duration) *Session {
	t.Helper()
	c := &Config{Gates: features.AllAlpha(), FS: importer.NewMapFS("/w", files), Cwd: "/w", Schema: k8sschema.Data, TraceBudget: budget}
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestValidateTracesOnlyProblems: a valid input is read and checked,
// never traced; each problem of an invalid one is.
func TestValidateTracesOnlyProblems(t *testing.T) {
	s := validateSession(t, map[string]string{
		"good.jsonnet": cm,
		"bad.jsonnet":  "{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' },\n  data: { k: 1 } }",
	}, 0)
	res := Invocation{Command: "validate", Inputs: []string{"good.jsonnet"}}.Run(s)
	if res.Err != nil || len(res.Problems) != 0 || res.Output != "" || !res.Read {
		t.Fatalf("valid: %+v", res)
	}
	if s.traces != 0 {
		t.Errorf("a valid input was traced %d times", s.traces)
	}
	res = Invocation{Command: "validate", Inputs: []string{"bad.jsonnet"}}.Run(s)
	var invalid *InvalidError
	if !errors.As(res.Err, &invalid) || res.ExitCode() != 1 || len(res.Problems) != 1 || s.traces == 0 {
		t.Fatalf("invalid: %v, %+v, %d traces", res.Err, res.Problems, s.traces)
	}
	if got, want := res.ProblemText("/w"), "bad.jsonnet:2: ConfigMap a: data.k: expected string, got integer\n"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

// TestValidateReusesShow: on a reusing session, validate after show of the
// same inputs reads nothing (Read false), with or without the repeat.
func TestValidateReusesShow(t *testing.T) {
	s := validateSession(t, map[string]string{"app.jsonnet": cm}, 0)
	s.Reuse = true
	if res := (Invocation{Inputs: []string{"app.jsonnet"}}).Run(s); !res.Read || res.Err != nil {
		t.Fatalf("show: %+v", res)
	}
	for _, inv := range []Invocation{{Command: "validate", Inputs: []string{"app.jsonnet"}}, {Command: "validate", Inputs: []string{"app.jsonnet"}, RepeatEval: true}} {
		if res := inv.Run(s); res.Read || res.Err != nil || len(res.Objects) != 1 {
			t.Errorf("%+v: read %v, error %v", inv, res.Read, res.Err)
		}
	}
}

// TestValidateBounds: at most MaxTracedProblems problems are traced, the
// rest listed without a line and a note says how many; a spent trace
// budget leaves the rest too.
func TestValidateBounds(t *testing.T) {
	var b strings.Builder
	b.WriteString("{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: {\n")
	for i := 0; i < MaxTracedProblems+5; i++ {
		fmt.Fprintf(&b, "  k%03d: %d,\n", i, i)
	}
	b.WriteString("} }\n")
	files := map[string]string{"many.jsonnet": b.String()}
	res := Invocation{Command: "validate", Inputs: []string{"many.jsonnet"}}.Run(validateSession(t, files, time.Minute))
	if len(res.Problems) != MaxTracedProblems+5 {
		t.Fatalf("%d problems", len(res.Problems))
	}
	for i, p := range res.Problems {
		if traced := p.Source.Line != 0; traced != (i < MaxTracedProblems) {
			t.Fatalf("problem %d: source %+v", i, p.Source)
		}
	}
	if p := res.Problems[7]; p.Source.Line != 9 || p.Line("/w") != "many.jsonnet:9: ConfigMap a: data.k007: expected string, got integer" {
		t.Errorf("problem 7: %q", p.Line("/w"))
	}
	if want := []string{"5 problems listed without a source line: only the first 200 are traced"}; !slices.Equal(res.Notes, want) {
		t.Errorf("notes %q, want %q", res.Notes, want)
	}
	res = Invocation{Command: "validate", Inputs: []string{"many.jsonnet"}}.Run(validateSession(t, files, time.Nanosecond))
	if res.Problems[0].Source.Line != 2 || res.Problems[1].Source.Line != 0 || len(res.Notes) != 1 || !strings.HasPrefix(res.Notes[0], "204 problems listed without a source line: tracing stopped after 1ns") {
		t.Errorf("budget spent: %+v, notes %q", res.Problems[:2], res.Notes)
	}
}

// TestValidateSources: a List's items, --exec code (no line: the input
// named), a .yaml input, an object without a name.
func TestValidateSources(t *testing.T) {
	files := map[string]string{
		"list.jsonnet": "{ apiVersion: 'v1', kind: 'List', items: [\n  { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } },\n  { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'b' },\n    data: { k: true } },\n] }",
		"in.yaml":      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  k: 1\n",
		"anon.jsonnet": "{ apiVersion: 'v1', kind: 'ConfigMap',\n  metadata: {} }",
	}
	exec := "{apiVersion: 'v1', kind: 'Secret', metadata: {name: 's'}, data: 1}"
	res := Invocation{Command: "validate", Inputs: []string{"list.jsonnet", "in.yaml", "anon.jsonnet"}, Exec: exec}.Run(validateSession(t, files, 0))
	var lines []string
	for _, p := range res.Problems {
		lines = append(lines, p.Line("/w"))
	}
	want := []string{
		"list.jsonnet:4: ConfigMap b: data.k: expected string, got boolean",
		"in.yaml: ConfigMap c: data.k: expected string, got integer",
		"anon.jsonnet:2: ConfigMap: metadata: missing required field \"name\"",
		dataURL(exec) + ": Secret s: data: expected object, got integer",
	}
	if !slices.Equal(lines, want) {
		t.Errorf("lines\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
}

// TestValidateErrors: what stops validate before the check.
func TestValidateErrors(t *testing.T) {
	files := map[string]string{"app.jsonnet": cm, "bad.jsonnet": "error 'boom'", "crd.jsonnet": "error 'crd'"}
	for _, tc := range []struct {
		inv  Invocation
		err  string
		gate bool
	}{
		{inv: Invocation{KubernetesVersion: "1.2"}, err: `unknown --kubernetes-version "1.2"`},
		{inv: Invocation{Inputs: []string{"bad.jsonnet"}}, err: "boom"},
		{inv: Invocation{CRDs: []string{"crd.jsonnet"}}, err: "--crd: error reading crd.jsonnet"},
		{inv: Invocation{}, err: "offline-validate is an alpha feature", gate: true},
	} {
		c := &Config{Gates: features.AllAlpha(), FS: importer.NewMapFS("/w", files), Cwd: "/w", Schema: k8sschema.Data}
		if tc.gate {
			c.Gates = features.Defaults()
		}
		s, err := c.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		tc.inv.Command = "validate"
		if len(tc.inv.Inputs) == 0 {
			tc.inv.Inputs = []string{"app.jsonnet"}
		}
		if res := tc.inv.Run(s); res.Err == nil || !strings.Contains(res.Err.Error(), tc.err) {
			t.Errorf("%+v: error %v, want %q", tc.inv, res.Err, tc.err)
		}
	}
}

// TestValidateRepeatEval: a second read that differs is kubecfg's error
// (an input whose file changes between the reads).
func TestValidateRepeatEval(t *testing.T) {
	fs := &changingFS{MapFS: importer.NewMapFS("/w", map[string]string{"app.jsonnet": cm})}
	c := &Config{Gates: features.AllAlpha(), FS: fs, Cwd: "/w", Schema: k8sschema.Data}
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	res := Invocation{Command: "validate", Inputs: []string{"app.jsonnet"}, RepeatEval: true}.Run(s)
	if res.Err == nil || res.Err.Error() != "repeat read of app.jsonnet returned non-idempotent result" {
		t.Errorf("error %v", res.Err)
	}
	fs.reads = 0
	if res := (Invocation{Command: "validate", Inputs: []string{"app.jsonnet"}}).Run(s); res.Err != nil {
		t.Errorf("without --repeat-eval: %v", res.Err)
	}
}

// changingFS serves app.jsonnet with another name after its first read.
type changingFS struct {
	importer.MapFS
	reads int
}

func (f *changingFS) ReadFile(name string) ([]byte, error) {
	data, err := f.MapFS.ReadFile(name)
	if strings.HasSuffix(name, "app.jsonnet") {
		f.reads++
		if f.reads > 1 {
			data = []byte(strings.Replace(string(data), "'a'", "'b'", 1))
		}
	}
	return data, err
}
