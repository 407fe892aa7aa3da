package validate

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/k8sschema"
	"github.com/kubecfg/kubecfg/internal/testdata"
	"go.yaml.in/yaml/v3"
)

// realworldObjects reads the Kubernetes objects that the reference kubecfg
// printed for the realworld suite's show cases (expected/*.stdout, YAML
// streams or JSON), with the case each came from. The suite lives outside
// the repository: the test skips, saying so, when it is absent.
func realworldObjects(tb testing.TB) (objs []map[string]any, from []string) {
	tb.Helper()
	dir := filepath.Join(testdata.Dir(tb, "kubecfg-realworld"), "expected")
	files, err := filepath.Glob(filepath.Join(dir, "*.stdout"))
	if err != nil {
		tb.Fatal(err)
	}
	sort.Strings(files)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(f), ".stdout")
		dec := yaml.NewDecoder(bytes.NewReader(b))
		for {
			var v any
			if err := dec.Decode(&v); err != nil {
				if !errors.Is(err, io.EOF) {
					tb.Logf("%s: not a YAML stream (%v): left out", name, err)
				}
				break
			}
			for _, o := range flatten(v) {
				if _, ok := o["apiVersion"].(string); ok {
					objs = append(objs, o)
					from = append(from, name)
				}
			}
		}
	}
	return objs, from
}

// flatten returns the objects of a decoded document: an object, a List's
// items, or the values of a map of objects (show -o json of several).
func flatten(v any) []map[string]any {
	switch v := v.(type) {
	case map[string]any:
		if _, ok := v["kind"]; ok {
			if items, ok := v["items"].([]any); ok && v["kind"] == "List" {
				var out []map[string]any
				for _, it := range items {
					out = append(out, flatten(it)...)
				}
				return out
			}
			return []map[string]any{v}
		}
	case []any:
		var out []map[string]any
		for _, it := range v {
			out = append(out, flatten(it)...)
		}
		return out
	}
	return nil
}

func mustSchemas(tb testing.TB, version string) *Schemas {
	tb.Helper()
	b, err := k8sschema.Data(version)
	if err != nil {
		tb.Fatal(err)
	}
	s, err := Parse(b)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// realworldInvalid are the realworld objects with mistakes the API server
// refuses too: kube-libsonnet's test names with capitals (a Service's
// name is a DNS-1035 label, a container's a DNS-1123 label, the others'
// DNS-1123 subdomains), and the
// extvars example, whose ConfigMap data holds an object where Kubernetes
// wants a string. Keyed by CASE KIND NAME; the problems as Problem.String.
var realworldInvalid = map[string][]string{
	"klib-ingress-2ndport Deployment test-Ingress-pass-deploy": {`metadata.name: invalid value "test-Ingress-pass-deploy": ` + dns1123SubdomainMsg,
		`spec.template.spec.containers[0].name: invalid value "test-Ingress-pass": ` + dns1123LabelMsg},
	"klib-ingress-2ndport Ingress test-Ingress-pass-ingress": {`metadata.name: invalid value "test-Ingress-pass-ingress": ` + dns1123SubdomainMsg},
	"klib-ingress-2ndport Pod test-Ingress-pass-pod": {`metadata.name: invalid value "test-Ingress-pass-pod": ` + dns1123SubdomainMsg,
		`spec.containers[0].name: invalid value "test-Ingress-pass": ` + dns1123LabelMsg},
	"klib-ingress-2ndport Service test-Ingress-pass-svc": {`metadata.name: invalid value "test-Ingress-pass-svc": ` + dns1035LabelMsg},
	"kubecfg-extvars-feed ConfigMap sink":                {`data.input: expected string, got object`},
	"kubecfg-extvars-tla-code ConfigMap sink":            {`data.input: expected string, got object`},
}

// TestRealworldValid: the built-in objects of the realworld suite's
// expected outputs are valid in every minor, but for the mistakes listed
// in realworldInvalid, which are found with those very messages.
func TestRealworldValid(t *testing.T) {
	objs, from := realworldObjects(t)
	if len(objs) == 0 {
		t.Fatal("no objects found in the realworld suite's expected outputs")
	}
	for _, v := range k8sschema.Versions() {
		s := mustSchemas(t, v)
		known, seen := 0, map[string]bool{}
		for i, o := range objs {
			ok, probs := s.Validate(o)
			if !ok {
				continue
			}
			known++
			key := fmt.Sprintf("%s %s %v", from[i], o["kind"], name(o))
			var got []string
			for _, p := range probs {
				got = append(got, p.String())
			}
			want := realworldInvalid[key]
			seen[key] = true
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("%s: %s:\ngot  %q\nwant %q", v, key, got, want)
			}
		}
		for key := range realworldInvalid {
			if !seen[key] {
				t.Errorf("%s: %s is not among the objects of built-in kinds", v, key)
			}
		}
		if known < 70 {
			t.Errorf("%s: only %d of %d objects are of built-in kinds", v, known, len(objs))
		}
		t.Logf("%s: %d of %d objects of built-in kinds", v, known, len(objs))
	}
}

func name(o map[string]any) any {
	m, _ := o["metadata"].(map[string]any)
	return m["name"]
}
