//go:build !kubecfg_noschema

package playground

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/kubecfg/kubecfg/internal/k8sschema"
	"github.com/kubecfg/kubecfg/internal/kubecfg"
)

// defaultExample is the page's default example (docs/examples'
// gallery-jsonnet-app) with a typo'd field in lib.libsonnet, on line 13.
func defaultExample(t *testing.T) map[string]string {
	t.Helper()
	ar, err := txtar.ParseFile("../../docs/examples/gallery-jsonnet-app.txtar")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, f := range ar.Files {
		files[f.Name] = string(f.Data)
	}
	lib := files["lib.libsonnet"]
	typo := strings.Replace(lib, "{ name: name, image: image }", "{ name: name, image: image, imagePullPolcy: 'Always' }", 1)
	if typo == lib || strings.Count(typo[:strings.Index(typo, "imagePullPolcy")], "\n") != 12 {
		t.Fatal("the default example's lib.libsonnet has changed: put the typo on its line 13 again")
	}
	files["lib.libsonnet"] = typo
	return files
}

// TestValidateDefaultExample: the envelope's validate on the page's
// default example with a typo'd field in lib.libsonnet: a schema warning
// at that line of lib.libsonnet naming the object and the path, its
// output line, the CLI's standard error and exit status; fixed, nothing.
func TestValidateDefaultExample(t *testing.T) {
	files := defaultExample(t)
	r := &Runner{Schema: k8sschema.Data}
	show := r.Run(Request{Files: files, Invocation: kubecfg.Invocation{Entry: "app.jsonnet", Features: []string{"offline-validate"}}})
	if show.ExitCode != 0 {
		t.Fatalf("show: %s", show.Stderr)
	}
	resp := r.Run(Request{Files: files, Invocation: kubecfg.Invocation{Entry: "app.jsonnet", Command: "validate", Features: []string{"offline-validate"}}})
	if resp.ExitCode != 1 || resp.Output != "" {
		t.Fatalf("exit %d, output %q; want 1 and none", resp.ExitCode, resp.Output)
	}
	want := "lib.libsonnet:13: Deployment web: spec.template.spec.containers[0].imagePullPolcy: unknown field \"imagePullPolcy\"\nvalidation failed: 1 problem in 1 object\n"
	if resp.Stderr != want {
		t.Errorf("stderr\n%s\nwant\n%s", resp.Stderr, want)
	}
	if len(resp.Diagnostics) != 1 {
		t.Fatalf("diagnostics %+v, want one", resp.Diagnostics)
	}
	d := resp.Diagnostics[0]
	if d.Severity != "warning" || d.Kind != KindSchema || d.File != "lib.libsonnet" || d.Line != 13 || d.Code != "unknown-field" ||
		d.Message != `Deployment web: spec.template.spec.containers[0].imagePullPolcy: unknown field "imagePullPolcy"` ||
		d.FieldPath != "spec.template.spec.containers[0].imagePullPolcy" ||
		d.Object == nil || *d.Object != (ProblemObject{Index: 0, APIVersion: "apps/v1", Kind: "Deployment", Name: "web"}) {
		t.Errorf("diagnostic %+v (object %+v)", d, d.Object)
	}
	// The columns are those of the field's name on its line.
	libLine := strings.Split(files["lib.libsonnet"], "\n")[12]
	if col := strings.Index(libLine, "imagePullPolcy") + 1; d.Column != col || d.EndLine != 13 || d.EndColumn != col+len("imagePullPolcy") {
		t.Errorf("columns %d-%d:%d, want %d-13:%d", d.Column, d.EndLine, d.EndColumn, col, col+len("imagePullPolcy"))
	}
	// The output line is that of show's output that holds the field.
	lines := strings.Split(show.Output, "\n")
	if d.OutputLine < 1 || !strings.Contains(lines[d.OutputLine-1], "imagePullPolcy: Always") {
		t.Errorf("output line %d of\n%s", d.OutputLine, show.Output)
	}
	if resp.Command != "kubecfg validate app.jsonnet --features=offline-validate" {
		t.Errorf("command %q", resp.Command)
	}
	// In JSON, the line of the JSON output.
	asJSON := r.Run(Request{Files: files, Invocation: kubecfg.Invocation{Entry: "app.jsonnet", Command: "validate", Output: "json", Features: []string{"offline-validate"}}})
	jsonShow := r.Run(Request{Files: files, Invocation: kubecfg.Invocation{Entry: "app.jsonnet", Output: "json", Features: []string{"offline-validate"}}})
	jl := strings.Split(jsonShow.Output, "\n")
	if n := asJSON.Diagnostics[0].OutputLine; n < 1 || !strings.Contains(jl[n-1], `"imagePullPolcy": "Always"`) {
		t.Errorf("JSON output line %d of\n%s", n, jsonShow.Output)
	}
	// Fixed: no diagnostics, exit 0, nothing printed.
	fixed := r.Run(Request{Files: defaultFiles(t), Invocation: kubecfg.Invocation{Entry: "app.jsonnet", Command: "validate", Features: []string{"offline-validate"}}})
	if fixed.ExitCode != 0 || fixed.Stderr != "" || len(fixed.Diagnostics) != 0 {
		t.Errorf("fixed: exit %d, stderr %q, diagnostics %+v", fixed.ExitCode, fixed.Stderr, fixed.Diagnostics)
	}
}

// defaultFiles is the default example as it is.
func defaultFiles(t *testing.T) map[string]string {
	files := defaultExample(t)
	files["lib.libsonnet"] = strings.Replace(files["lib.libsonnet"], ", imagePullPolcy: 'Always'", "", 1)
	return files
}

// TestValidateMistakesTable: cmd/kubecfg's table of fifty mistakes through
// the envelope: each diagnostic at the line the CLI prints, with the
// CLI's message, and the same standard error.
func TestValidateMistakesTable(t *testing.T) {
	ar, err := txtar.ParseFile("../../cmd/kubecfg/testdata/script/validate_mistakes.txtar")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	var want string
	for _, f := range ar.Files {
		if f.Name == "want" {
			want = string(f.Data)
			continue
		}
		files[f.Name] = string(f.Data)
	}
	resp := (&Runner{Schema: k8sschema.Data}).Run(Request{Files: files, Invocation: kubecfg.Invocation{Entry: "main.jsonnet", Command: "validate", Features: []string{"offline-validate"}}})
	if resp.Stderr != want || resp.ExitCode != 1 {
		t.Errorf("exit %d, stderr\n%s\nwant\n%s", resp.ExitCode, resp.Stderr, want)
	}
	var got []string
	for _, d := range resp.Diagnostics {
		switch d.Kind {
		case KindSchema:
			got = append(got, fmt.Sprintf("%s:%d: %s", d.File, d.Line, d.Message))
			if d.Object == nil || d.OutputLine == 0 || d.Code == "" {
				t.Errorf("%s: object %+v, output line %d, code %q", d.Message, d.Object, d.OutputLine, d.Code)
			}
		case KindSchemaNote:
			got = append(got, "note: "+d.Message)
		default:
			t.Errorf("diagnostic %+v", d)
		}
	}
	wantLines := strings.Split(strings.TrimSuffix(want, "\n"), "\n")
	wantLines = wantLines[:len(wantLines)-1] // the error's line
	if len(wantLines) < 40 {
		t.Fatalf("the table has %d lines, want at least 40 mistakes", len(wantLines))
	}
	if strings.Join(got, "\n") != strings.Join(wantLines, "\n") {
		t.Errorf("diagnostics\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(wantLines, "\n"))
	}
}

// TestValidateSchemaHandedOver: without Runner.Schema, a minor's schemas
// come from SetSchema, as the browser's engine gets them; a request for a
// minor it does not hold answers schema-missing (never from the cache)
// and, once they are handed over, the check.
func TestValidateSchemaHandedOver(t *testing.T) {
	files := defaultExample(t)
	r := &Runner{}
	req := Request{Files: files, Invocation: kubecfg.Invocation{Entry: "app.jsonnet", Command: "validate", KubernetesVersion: "1.32", Features: []string{"offline-validate"}}}
	missing := r.Run(req)
	if missing.SchemaMissing != "1.32" || missing.ExitCode != 1 || len(missing.Diagnostics) != 1 || missing.Diagnostics[0].Kind != KindSchemaMissing ||
		!strings.Contains(missing.Diagnostics[0].Message, "1.32") {
		t.Fatalf("missing schemas: %+v", missing)
	}
	if err := r.SetSchema("1.29", []byte("{}")); err == nil {
		t.Error("SetSchema took an unknown minor")
	}
	data, err := k8sschema.Data("1.32")
	if err != nil {
		t.Fatal(err)
	}
	if err := r.SetSchema("1.32", data); err != nil {
		t.Fatal(err)
	}
	got := r.Run(req)
	if got.Timings.Cached || got.ExitCode != 1 || len(got.Diagnostics) != 1 || got.Diagnostics[0].Kind != KindSchema || got.Diagnostics[0].Line != 13 {
		t.Fatalf("after SetSchema: cached %v, %+v", got.Timings.Cached, got.Diagnostics)
	}
	if got.Command != "kubecfg validate app.jsonnet --kubernetes-version 1.32 --features=offline-validate" {
		t.Errorf("command %q", got.Command)
	}
}

// TestValidateOnASession: on a session, validate after show reuses show's
// objects (no read of its own), with repeatEval too (which evaluates them
// once more); a kind without a schema is a note; the gate off is the
// gate's error.
func TestValidateOnASession(t *testing.T) {
	files := defaultFiles(t)
	files["extra.jsonnet"] = "{ apiVersion: 'example.com/v1', kind: 'Gizmo', metadata: { name: 'g' } }"
	r := &Runner{Schema: k8sschema.Data}
	if err := r.Update("page", Update{Rev: 1, Full: true, Files: texts(files)}); err != nil {
		t.Fatal(err)
	}
	inv := kubecfg.Invocation{Entry: "app.jsonnet", Inputs: []string{"extra.jsonnet"}, Features: []string{"offline-validate"}}
	if resp, err := r.RunSession("page", 1, Request{Invocation: inv}); err != nil || resp.ExitCode != 0 {
		t.Fatalf("show: %v %s", err, resp.Stderr)
	}
	reads := r.sessions["page"].cache.reads
	inv.Command = "validate"
	resp, err := r.RunSession("page", 1, Request{Invocation: inv})
	if err != nil || resp.ExitCode != 0 {
		t.Fatalf("validate: %v %s", err, resp.Stderr)
	}
	inv.RepeatEval = true
	if again, err := r.RunSession("page", 1, Request{Invocation: inv}); err != nil || again.ExitCode != 0 || again.Stderr != resp.Stderr {
		t.Fatalf("validate --repeat-eval: %v %s", err, again.Stderr)
	}
	if n := r.sessions["page"].cache.reads; n != reads {
		t.Errorf("validate read the inputs again (%d reads, were %d)", n, reads)
	}
	if len(resp.Diagnostics) != 1 || resp.Diagnostics[0].Kind != KindSchemaNote || resp.Diagnostics[0].Message != "Gizmo example.com/v1: no schema in Kubernetes 1.35, skipped" {
		t.Errorf("diagnostics %+v", resp.Diagnostics)
	}
	if resp.Stderr != "note: Gizmo example.com/v1: no schema in Kubernetes 1.35, skipped\n" {
		t.Errorf("stderr %q", resp.Stderr)
	}
	inv.Features = nil
	gated, _ := r.RunSession("page", 1, Request{Invocation: inv})
	if gated.ExitCode != 1 || len(gated.Diagnostics) != 1 || gated.Diagnostics[0].Kind != KindGate || gated.Diagnostics[0].Feature != "offline-validate" {
		t.Errorf("without the feature: %+v", gated.Diagnostics)
	}
}

// texts is files as an update's texts.
func texts(files map[string]string) map[string]*string {
	out := map[string]*string{}
	for k, v := range files {
		out[k] = &v
	}
	return out
}

// TestValidateOutputLines: a problem's output line in show's output, for
// a field, an array's element, the object itself and an object lacking a
// field.
func TestValidateOutputLines(t *testing.T) {
	objs := []kubecfg.Object{
		{"apiVersion": "v1", "kind": "ConfigMap", "metadata": map[string]any{"name": "a"}},
		{"apiVersion": "v1", "kind": "Service", "metadata": map[string]any{"name": "b"}, "spec": map[string]any{"ports": []any{map[string]any{"port": 80}, map[string]any{"name": "x", "port": 81}}}},
	}
	ls := outputLinesOf(objs, "yaml")
	for _, tc := range []struct {
		doc   int
		steps []any
		line  int
	}{
		{0, nil, 2},
		{0, []any{"metadata", "name"}, 5},
		{1, nil, 7},
		{1, []any{"spec"}, 11},
		{1, []any{"spec", "ports", 1}, 14},
		{1, []any{"spec", "ports", 1, "port"}, 15},
	} {
		if got := ls.find(tc.doc, tc.steps); got != tc.line {
			out, _ := kubecfg.FormatObjects(objs, "yaml")
			t.Errorf("doc %d %v: line %d, want %d in\n%s", tc.doc, tc.steps, got, tc.line, out)
		}
	}
}

// BenchmarkValidateEdit is a keystroke in the default example's entry file
// with the page's Validate switch on: show, then validate on the same
// session (show's objects reused; the schemas parsed once per minor). The
// show-only case is the baseline; with the typo, the one problem is traced.
func BenchmarkValidateEdit(b *testing.B) {
	for _, bc := range []struct {
		name     string
		typo     bool
		validate bool
	}{{"show", false, false}, {"show+validate/valid", false, true}, {"show+validate/typo", true, true}} {
		b.Run(bc.name, func(b *testing.B) {
			var t testing.T
			files := defaultFiles(&t)
			if bc.typo {
				files = defaultExample(&t)
			}
			r := &Runner{Schema: k8sschema.Data}
			inv := kubecfg.Invocation{Entry: "app.jsonnet", Features: []string{"offline-validate"}}
			for i := 0; b.Loop(); i++ {
				app := files["app.jsonnet"] + strings.Repeat(" ", i%50)
				if err := r.Update("page", Update{Rev: i + 1, Base: i, Full: i == 0, Files: map[string]*string{"app.jsonnet": &app, "lib.libsonnet": ptr(files["lib.libsonnet"])}}); err != nil {
					b.Fatal(err)
				}
				inv.Command = "show"
				if resp, err := r.RunSession("page", i+1, Request{Invocation: inv}); err != nil || resp.ExitCode != 0 {
					b.Fatal(err, resp.Stderr)
				}
				if bc.validate {
					inv.Command = "validate"
					resp, err := r.RunSession("page", i+1, Request{Invocation: inv})
					if err != nil || (resp.ExitCode == 1) != bc.typo {
						b.Fatal(err, resp.Stderr)
					}
				}
			}
		})
	}
}

func ptr(s string) *string { return &s }
