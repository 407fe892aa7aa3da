package validate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/k8sschema"
	"go.yaml.in/yaml/v3"
)

// The peers' own fixtures (issue 29): kubeconform's fixtures/ and
// kubectl-validate's testcases/, kept outside the repository.
// scripts/peer-fixtures.sh lays them out and runs this test:
//
//	KUBECFG_PEER_KUBECONFORM      a kubeconform tree (its fixtures/ is read)
//	KUBECFG_PEER_KUBECTL_VALIDATE a kubectl-validate tree (testcases/);
//	                              default: the module cache's copy of the
//	                              module the schemas come from, if there
//
// Each file's verdict (valid, invalid) is compared with the peer's; the
// differences must be exactly those of peerDifferences, whose reasons
// docs/validate.md lists.

// kubeconformVerdicts are kubeconform's verdicts on its fixtures, from its
// acceptance.bats (with -strict where it runs a fixture both ways: this
// check is always strict). true is valid.
var kubeconformVerdicts = map[string]bool{
	"blank.yaml":                                   true,
	"comment.yaml":                                 true,
	"duplicate_property.yaml":                      false, // -strict
	"extra_property.yaml":                          false, // -strict
	"folder/":                                      true,
	"generate_name.yaml":                           true,
	"int_or_string.yaml":                           true,
	"invalid.yaml":                                 false,
	"list_empty_valid.yaml":                        true,
	"list_invalid.yaml":                            false,
	"list_valid.yaml":                              true,
	"missing_apiversion.yaml":                      false,
	"missing_kind.yaml":                            false,
	"missing_kind_value.yaml":                      false,
	"multi_invalid.yaml":                           false,
	"multi_valid.yaml":                             true,
	"multi_with_list.yaml":                         true,
	"null_string.yaml":                             true,
	"quantity.yaml":                                true,
	"test_crd.yaml":                                true, // -ignore-missing-schemas, as --ignore-unknown
	"valid.json":                                   true,
	"valid.yaml":                                   true,
	"valid_large.yaml":                             true,
	"null_array.yaml":                              true, // no verdict in its tests: examples of valid input
	"unconventional_keys.yaml":                     true,
	"full_domain_group.yaml":                       true,
	"valid_version.yaml":                           true,
	"same-kind-different-api.yaml":                 true,
	"same-object-different-namespace.yaml":         true,
	"same-object-different-namespace-default.yaml": true,
	"duplicates.yaml":                              true,
	"duplicates-non-namespaced.yaml":               true,
	"duplicates-skipped-kinds.yaml":                true,
	"duplicates-with-namespace.yaml":               true,
	"duplicates-with-namespace-default.yaml":       true,
}

// peerDifferences are the files whose verdict here differs from the
// peer's, with the reason (docs/validate.md, "The peers' fixtures").
var peerDifferences = map[string]string{
	"kubectl-validate error_cel_basic.yaml":          "x-kubernetes-validations (CEL) rules are not evaluated",
	"kubectl-validate error_cel_basic_multiple.yaml": "x-kubernetes-validations (CEL) rules are not evaluated",
	"kubectl-validate error_invalid_kind.yaml":       "kind configmap (lower case) is no kind: skipped as unknown, as --ignore-unknown (the default) says; an error with --ignore-unknown=false",
}

// verdict reads one file (a YAML stream or JSON; Lists unfolded) and checks
// each object: invalid when a document cannot be read, an object has no
// apiVersion or kind, or an object of a known kind has a problem. Objects
// of unknown kinds are skipped (--ignore-unknown). why says what made it
// invalid.
func verdict(s *Schemas, data []byte) (valid bool, why []string, objects int) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for {
		var v any
		if err := dec.Decode(&v); err != nil {
			if !errors.Is(err, io.EOF) {
				return false, append(why, "unreadable: "+err.Error()), objects
			}
			break
		}
		if v == nil {
			continue
		}
		v = normalize(v)
		for _, o := range unfold(v) {
			objects++
			av, _ := o["apiVersion"].(string)
			kind, _ := o["kind"].(string)
			if av == "" || kind == "" {
				why = append(why, "no apiVersion or kind")
				continue
			}
			known, probs := s.Validate(o)
			if !known {
				continue
			}
			for _, p := range probs {
				why = append(why, fmt.Sprintf("%s %v: %s", kind, name(o), p))
			}
		}
	}
	return len(why) == 0, why, objects
}

// normalize turns what YAML decodes into JSON's values (YAML's integer
// keys into strings: Kubernetes reads YAML as JSON).
func normalize(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			v[k] = normalize(e)
		}
		return v
	case map[any]any:
		m := make(map[string]any, len(v))
		for k, e := range v {
			m[fmt.Sprint(k)] = normalize(e)
		}
		return m
	case []any:
		for i, e := range v {
			v[i] = normalize(e)
		}
	}
	return v
}

// unfold returns a document's objects: a List's (kind List or *List with
// items) items, or the document itself.
func unfold(v any) []map[string]any {
	m, ok := v.(map[string]any)
	if !ok {
		return []map[string]any{{}}
	}
	kind, _ := m["kind"].(string)
	if items, ok := m["items"].([]any); ok && strings.HasSuffix(kind, "List") {
		var out []map[string]any
		for _, it := range items {
			out = append(out, unfold(it)...)
		}
		return out
	}
	return []map[string]any{m}
}

func TestPeerKubeconform(t *testing.T) {
	dir := os.Getenv("KUBECFG_PEER_KUBECONFORM")
	if dir == "" {
		t.Skip("KUBECFG_PEER_KUBECONFORM is not set: scripts/peer-fixtures.sh sets it to a kubeconform tree")
	}
	s := mustSchemas(t, k8sschema.Default)
	fixtures := filepath.Join(dir, "fixtures")
	entries, err := os.ReadDir(fixtures)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, e := range entries {
		name := e.Name()
		var data []byte
		switch {
		case e.IsDir() && name == "folder":
			name += "/"
			files, _ := filepath.Glob(filepath.Join(fixtures, "folder", "*"))
			sort.Strings(files)
			for _, f := range files {
				b, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				data = append(append(data, b...), "\n---\n"...)
			}
		case e.IsDir() || !(strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".json")):
			continue
		default:
			if data, err = os.ReadFile(filepath.Join(fixtures, name)); err != nil {
				t.Fatal(err)
			}
		}
		want, ok := kubeconformVerdicts[name]
		if !ok {
			t.Logf("kubeconform %s: no verdict over built-in kinds in kubeconform's tests (a schema, a custom resource checked against a schema file or URL, empty kinds), left out", name)
			continue
		}
		seen[name] = true
		comparePeer(t, "kubeconform "+name, s, data, want)
	}
	for name := range kubeconformVerdicts {
		if !seen[name] {
			// valid_large.yaml (100,000 objects, 6 MB) is not in every copy.
			t.Logf("kubeconform %s: not in %s, left out", name, fixtures)
		}
	}
}

func TestPeerKubectlValidate(t *testing.T) {
	dir := os.Getenv("KUBECFG_PEER_KUBECTL_VALIDATE")
	if dir == "" {
		dir = moduleCacheDir(t)
	}
	if dir == "" {
		t.Skip("KUBECFG_PEER_KUBECTL_VALIDATE is not set and the schemas' module is not in the module cache")
	}
	tc := filepath.Join(dir, "testcases")
	var crds []map[string]any
	for _, sub := range []string{"crds", "more-crds"} {
		files, _ := filepath.Glob(filepath.Join(tc, sub, "*.yaml"))
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			dec := yaml.NewDecoder(bytes.NewReader(b))
			for {
				var v any
				if dec.Decode(&v) != nil {
					break
				}
				if m, ok := normalize(v).(map[string]any); ok {
					crds = append(crds, m)
				}
			}
		}
	}
	s, err := mustSchemas(t, k8sschema.Default).WithCRDs(crds)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(tc, "manifests", "*"))
	if len(files) == 0 {
		t.Fatalf("no manifests in %s", tc)
	}
	for _, f := range files {
		name := filepath.Base(f)
		if strings.HasSuffix(name, ".disabled") {
			t.Logf("kubectl-validate %s: disabled in its own tests, left out", name)
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		// kubectl-validate's rule: a file named error_* is invalid.
		comparePeer(t, "kubectl-validate "+name, s, data, !strings.HasPrefix(name, "error_"))
	}
}

// comparePeer checks one file's verdict against the peer's, a listed
// difference against its listing.
func comparePeer(t *testing.T, key string, s *Schemas, data []byte, want bool) {
	t.Helper()
	got, why, n := verdict(s, data)
	reason, listed := peerDifferences[key]
	switch {
	case got == want && listed:
		t.Errorf("%s: listed as a difference (%s) but the verdicts agree (%v)", key, reason, got)
	case got != want && !listed:
		t.Errorf("%s: valid %v here, %v for the peer; %d objects; %s", key, got, want, n, strings.Join(why, "; "))
	default:
		t.Logf("%s: valid %v (%d objects)%s%s", key, got, n, map[bool]string{true: ", a listed difference: " + reason}[listed], map[bool]string{false: ": " + strings.Join(why, "; ")}[got])
	}
}

// moduleCacheDir returns the module cache's copy of kubectl-validate, or "".
func moduleCacheDir(t *testing.T) string {
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		return ""
	}
	var info struct{ Module string }
	_ = json.Unmarshal(nil, &info)
	dir := filepath.Join(strings.TrimSpace(string(out)), "sigs.k8s.io", "kubectl-validate@v0.0.5-0.20260105161640-a97ccfaca20b")
	if _, err := os.Stat(filepath.Join(dir, "testcases")); err != nil {
		return ""
	}
	return dir
}
