//go:build !kubecfg_noschema

package kubecfg

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/internal/k8sschema/kinds"
	"github.com/kubecfg/kubecfg/pkg/features"
)

// wantTier is the test's own reading of kubecfg's depTier (utils/sort.go),
// from the built-in kinds' facts and the CRDs' scopes: 10 definitions,
// 20 cluster-scoped, 50 the rest and unknown kinds, 100 PodSpec, 200
// admission webhooks.
func wantTier(apiVersion, kind string, crdScope map[string]string) int {
	group := ""
	if i := strings.LastIndex(apiVersion, "/"); i >= 0 {
		group = apiVersion[:i]
	}
	if kind == "CustomResourceDefinition" && group == "apiextensions.k8s.io" {
		return 10
	}
	if strings.HasSuffix(kind, "WebhookConfiguration") && group == "admissionregistration.k8s.io" {
		return 200
	}
	f, known := kinds.Lookup(group, kind)
	if !known {
		switch crdScope[group+"/"+kind] {
		case "Cluster":
			return 20
		default:
			return 50
		}
	}
	if f&kinds.ClusterScoped != 0 {
		return 20
	}
	if f&kinds.PodSpec != 0 {
		return 100
	}
	return 50
}

// wantOrder is the order kubecfg's update applies objs in: each object's
// line "tier kind namespace/name", sorted by tier, namespace, name, kind
// (and the input's order last).
func wantOrder(objs []Object) []string {
	scope := map[string]string{}
	for _, o := range objs {
		if o.Kind() != "CustomResourceDefinition" {
			continue
		}
		spec, _ := o["spec"].(map[string]any)
		names, _ := spec["names"].(map[string]any)
		scope[fmt.Sprint(spec["group"])+"/"+fmt.Sprint(names["kind"])] = fmt.Sprint(spec["scope"])
	}
	type row struct {
		tier                 int
		ns, name, kind, line string
		i                    int
	}
	rows := make([]row, len(objs))
	for i, o := range objs {
		av, _ := o["apiVersion"].(string)
		t := wantTier(av, o.Kind(), scope)
		rows[i] = row{t, o.Namespace(), o.Name(), o.Kind(), describe(t, o), i}
	}
	sort.Slice(rows, func(a, b int) bool {
		x, y := rows[a], rows[b]
		for _, c := range [][2]string{{fmt.Sprintf("%04d", x.tier), fmt.Sprintf("%04d", y.tier)}, {x.ns, y.ns}, {x.name, y.name}, {x.kind, y.kind}} {
			if c[0] != c[1] {
				return c[0] < c[1]
			}
		}
		return x.i < y.i
	})
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.line
	}
	return out
}

func describe(tier int, o Object) string {
	return fmt.Sprintf("%d %s %s %s/%s", tier, o["apiVersion"], o.Kind(), o.Namespace(), o.Name())
}

// checkOrder runs show --reorder=client on the session and compares its
// objects with wantOrder of the plain show's, and each object's source
// with the one it had.
func checkOrder(t *testing.T, s *Session, inv Invocation) []string {
	t.Helper()
	plain := inv.Run(s)
	if plain.Err != nil {
		t.Fatal(plain.Err)
	}
	inv.Reorder = "client"
	res := inv.Run(s)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	want := wantOrder(plain.Objects)
	got := make([]string, len(res.Objects))
	for i, o := range res.Objects {
		av, _ := o["apiVersion"].(string)
		// The tier printed is the test's: a wrong place shows as an
		// object out of its tier's run.
		got[i] = describe(wantTier(av, o.Kind(), nil), o)
	}
	if len(got) != len(want) {
		t.Fatalf("%d objects, want %d", len(got), len(want))
	}
	for i := range want {
		// The CRDs' kinds: the line's tier is the one without the CRD.
		if strings.SplitN(got[i], " ", 2)[1] != strings.SplitN(want[i], " ", 2)[1] {
			t.Fatalf("object %d: %s, want %s\ngot:\n%s\nwant:\n%s", i, got[i], want[i], strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
	if len(res.Sources) != len(res.Objects) {
		t.Fatalf("%d sources for %d objects", len(res.Sources), len(res.Objects))
	}
	where := map[string]Source{}
	for i, o := range plain.Objects {
		where[describe(0, o)] = plain.Sources[i]
	}
	for i, o := range res.Objects {
		if w := where[describe(0, o)]; res.Sources[i] != w {
			t.Errorf("object %d's source %+v, want %+v", i, res.Sources[i], w)
		}
	}
	// The session's objects keep the inputs' order.
	again := Invocation{Inputs: inv.Inputs}.Run(s)
	for i := range again.Objects {
		if describe(0, again.Objects[i]) != describe(0, plain.Objects[i]) {
			t.Fatalf("a later plain show's object %d moved: %s", i, describe(0, again.Objects[i]))
		}
	}
	return want
}

const crdWorkspace = `
local o(av, kind, name, ns=null) = { apiVersion: av, kind: kind, metadata: { name: name } + (if ns == null then {} else { namespace: ns }) };
local crd(plural, kind, scope) = o('apiextensions.k8s.io/v1', 'CustomResourceDefinition', plural + '.example.com') + {
  spec: { group: 'example.com', scope: scope, names: { kind: kind, plural: plural } },
};
[
  o('admissionregistration.k8s.io/v1', 'MutatingWebhookConfiguration', 'hooks'),
  o('example.com/v1', 'Widget', 'w2', 'web'),
  o('apps/v1', 'Deployment', 'api', 'web'),
  o('example.com/v1', 'Widget', 'w1', 'web'),
  o('v1', 'Service', 'api', 'web'),
  o('example.com/v1', 'Gadget', 'g1'),
  o('batch/v1', 'CronJob', 'nightly', 'web'),
  o('v1', 'ConfigMap', 'api', 'web'),
  o('rbac.authorization.k8s.io/v1', 'ClusterRole', 'reader'),
  o('example.org/v1', 'Thing', 'a'),
  o('v1', 'Namespace', 'web'),
  o('example.com/v1', 'Widget', 'w0'),
  crd('widgets', 'Widget', 'Namespaced'),
  crd('gadgets', 'Gadget', 'Cluster'),
  o('admissionregistration.k8s.io/v1', 'ValidatingWebhookConfiguration', 'checks'),
  o('v1', 'Pod', 'p', 'web'),
]
`

// TestReorderClientCRDs: a CRD-plus-custom-resource workspace, in the
// order kubecfg's update would apply it.
func TestReorderClientCRDs(t *testing.T) {
	c := &Config{Gates: features.AllAlpha(), FS: importer.NewMapFS("/w", map[string]string{"app.jsonnet": crdWorkspace}), Cwd: "/w"}
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	s.Reuse = true
	want := checkOrder(t, s, Invocation{Inputs: []string{"app.jsonnet"}})
	// The test's own tiers, spelled out.
	pinned := []string{
		"10 apiextensions.k8s.io/v1 CustomResourceDefinition /gadgets.example.com",
		"10 apiextensions.k8s.io/v1 CustomResourceDefinition /widgets.example.com",
		"20 example.com/v1 Gadget /g1",
		"20 rbac.authorization.k8s.io/v1 ClusterRole /reader",
		"20 v1 Namespace /web",
		"50 example.org/v1 Thing /a",
		"50 example.com/v1 Widget /w0",
		"50 v1 ConfigMap web/api",
		"50 v1 Service web/api",
		"50 example.com/v1 Widget web/w1",
		"50 example.com/v1 Widget web/w2",
		"100 apps/v1 Deployment web/api",
		"100 batch/v1 CronJob web/nightly",
		"100 v1 Pod web/p",
		"200 admissionregistration.k8s.io/v1 ValidatingWebhookConfiguration /checks",
		"200 admissionregistration.k8s.io/v1 MutatingWebhookConfiguration /hooks",
	}
	if strings.Join(want, "\n") != strings.Join(pinned, "\n") {
		t.Errorf("the test's order:\n%s\nwant:\n%s", strings.Join(want, "\n"), strings.Join(pinned, "\n"))
	}
}

// TestReorderClientGate: --reorder=client is the alpha feature
// client-reorder; other values keep kubecfg's errors.
func TestReorderClientGate(t *testing.T) {
	c := &Config{Gates: features.Defaults(), FS: importer.NewMapFS("/w", map[string]string{"app.jsonnet": cm}), Cwd: "/w"}
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	res := Invocation{Inputs: []string{"app.jsonnet"}, Reorder: "client"}.Run(s)
	var gate *features.DisabledError
	if !errors.As(res.Err, &gate) || gate.Feature != features.ClientReorder || res.Output != "" {
		t.Fatalf("error %v, output %q; want client-reorder's gate", res.Err, res.Output)
	}
	for value, want := range map[string]string{
		"server": "--reorder=server is not supported by this build of kubecfg (it cannot reach a cluster)",
		"Client": `unsupported "Client" reordering`,
	} {
		c.Gates = features.AllAlpha()
		s, _ := c.NewSession()
		if res := (Invocation{Inputs: []string{"app.jsonnet"}, Reorder: value}).Run(s); res.Err == nil || res.Err.Error() != want {
			t.Errorf("--reorder=%s: %v, want %q", value, res.Err, want)
		}
	}
}

// kubePrometheus is the corpus scripts/corpus/kube-prometheus.sh builds:
// $KUBECFG_KUBE_PROMETHEUS, /tmp/corpus/kube-prometheus, or
// corpus/kube-prometheus beside the repository's directory.
func kubePrometheus(t *testing.T) string {
	dirs := []string{os.Getenv("KUBECFG_KUBE_PROMETHEUS"), "/tmp/corpus/kube-prometheus", filepath.Join("..", "..", "..", "corpus", "kube-prometheus")}
	for _, dir := range dirs {
		if dir == "" {
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, "example.jsonnet")); err == nil {
			return dir
		}
	}
	t.Skipf("no kube-prometheus corpus (build it with scripts/corpus/kube-prometheus.sh DIR and set KUBECFG_KUBE_PROMETHEUS=DIR); looked in %q", dirs)
	return ""
}

// TestReorderClientKubePrometheus: kube-prometheus's example (131
// objects: CRDs, their custom resources, RBAC, workloads) in the order
// kubecfg's update would apply it.
func TestReorderClientKubePrometheus(t *testing.T) {
	dir, err := filepath.Abs(kubePrometheus(t))
	if err != nil {
		t.Fatal(err)
	}
	c := &Config{Gates: features.AllAlpha(), FS: importer.OSFS{}, Cwd: dir, JPath: []string{filepath.Join(dir, "vendor")}}
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	want := checkOrder(t, s, Invocation{Inputs: []string{filepath.Join(dir, "example.jsonnet")}})
	if len(want) < 100 || !strings.HasPrefix(want[0], "10 ") {
		t.Errorf("%d objects, the first %q: not kube-prometheus's example?", len(want), want[0])
	}
}
