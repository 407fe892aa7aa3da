package yamlout

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/golden"
	yamlv2 "sigs.k8s.io/yaml/goyaml.v2"
)

// k8sObjects returns n Kubernetes-like objects (Deployments and Services in
// turn) as encoding/json decodes them, the shape kubecfg show prints.
func k8sObjects(tb testing.TB, n int) []map[string]any {
	tb.Helper()
	objs := make([]map[string]any, 0, n)
	for i := range n {
		name := fmt.Sprintf("app%d", i/2)
		labels := map[string]any{
			"app.kubernetes.io/name":       name,
			"app.kubernetes.io/instance":   name + "-prod",
			"app.kubernetes.io/version":    fmt.Sprintf("1.%d.0", i%7),
			"app.kubernetes.io/managed-by": "kubecfg",
			"tier":                         []string{"frontend", "backend", "cache"}[i%3],
		}
		var obj any
		if i%2 == 0 {
			obj = map[string]any{
				"apiVersion": "apps/v1",
				"kind":       "Deployment",
				"metadata": map[string]any{
					"name":      name,
					"namespace": "prod",
					"labels":    labels,
					"annotations": map[string]any{
						"deployment.kubernetes.io/revision": fmt.Sprint(i + 1),
						"kubecfg.example.com/description":   "The " + name + " service: it answers requests from the front end, keeps a cache warm and reports metrics to the collector every 30 seconds.",
						"sidecar.istio.io/inject":           "true",
					},
				},
				"spec": map[string]any{
					"replicas":             3,
					"revisionHistoryLimit": 10,
					"selector":             map[string]any{"matchLabels": map[string]any{"app.kubernetes.io/name": name}},
					"strategy":             map[string]any{"type": "RollingUpdate", "rollingUpdate": map[string]any{"maxSurge": "25%", "maxUnavailable": 0}},
					"template": map[string]any{
						"metadata": map[string]any{"labels": labels},
						"spec": map[string]any{
							"containers": []any{
								map[string]any{
									"name":            name,
									"image":           fmt.Sprintf("registry.example.com/team/%s:v1.%d.%d", name, i%5, i%11),
									"imagePullPolicy": "IfNotPresent",
									"args":            []any{"--port=8080", "--log-level=info", "--cache-size", "512"},
									"env": []any{
										map[string]any{"name": "PORT", "value": "8080"},
										map[string]any{"name": "DEBUG", "value": "no"},
										map[string]any{"name": "RATIO", "value": "0.75"},
										map[string]any{"name": "GREETING", "value": "hello, world"},
										map[string]any{"name": "POD_NAME", "valueFrom": map[string]any{"fieldRef": map[string]any{"fieldPath": "metadata.name"}}},
									},
									"ports": []any{
										map[string]any{"containerPort": 8080, "name": "http", "protocol": "TCP"},
										map[string]any{"containerPort": 9090, "name": "metrics", "protocol": "TCP"},
									},
									"resources": map[string]any{
										"limits":   map[string]any{"cpu": "500m", "memory": "256Mi"},
										"requests": map[string]any{"cpu": 0.1, "memory": "128Mi"},
									},
									"readinessProbe": map[string]any{"httpGet": map[string]any{"path": "/healthz", "port": 8080}, "initialDelaySeconds": 5, "periodSeconds": 10},
									"volumeMounts":   []any{map[string]any{"name": "config", "mountPath": "/etc/" + name, "readOnly": true}},
								},
							},
							"volumes":         []any{map[string]any{"name": "config", "configMap": map[string]any{"name": name + "-config"}}},
							"securityContext": map[string]any{"runAsNonRoot": true, "runAsUser": 1000},
							"nodeSelector":    map[string]any{},
							"tolerations":     []any{},
						},
					},
				},
			}
		} else {
			obj = map[string]any{
				"apiVersion": "v1",
				"kind":       "Service",
				"metadata": map[string]any{
					"name":      name,
					"namespace": "prod",
					"labels":    labels,
					"annotations": map[string]any{
						"prometheus.io/scrape": "true",
						"prometheus.io/port":   "9090",
						"example.com/notes":    "line one\nline two\n",
					},
				},
				"spec": map[string]any{
					"type":     "ClusterIP",
					"selector": map[string]any{"app.kubernetes.io/name": name},
					"ports": []any{
						map[string]any{"name": "http", "port": 80, "targetPort": "http"},
						map[string]any{"name": "metrics", "port": 9090, "targetPort": 9090},
					},
				},
			}
		}
		raw, err := json.Marshal(obj)
		if err != nil {
			tb.Fatal(err)
		}
		var decoded map[string]any
		if err := json.Unmarshal(raw, &decoded); err != nil {
			tb.Fatal(err)
		}
		objs = append(objs, decoded)
	}
	return objs
}

// stream prints objects as kubecfg show does, each after a --- line.
func stream(tb testing.TB, objs []map[string]any, marshal func(any) ([]byte, error)) []byte {
	tb.Helper()
	var buf bytes.Buffer
	for _, o := range objs {
		buf.WriteString("---\n")
		b, err := marshal(o)
		if err != nil {
			tb.Fatal(err)
		}
		buf.Write(b)
	}
	return buf.Bytes()
}

func TestK8s200(t *testing.T) {
	objs := k8sObjects(t, 200)
	got := stream(t, objs, Marshal)
	want := stream(t, objs, yamlv2.Marshal)
	if !bytes.Equal(got, want) {
		for i, o := range objs {
			same(t, o) // names the first object that differs
			_ = i
		}
		t.Fatal("streams differ")
	}
	// The first Deployment and Service, pinned as kubecfg prints them.
	golden.Check(t, filepath.Join("testdata", "k8s.golden"), string(stream(t, objs[:2], Marshal)))
	if n := strings.Count(string(got), "\n---\n") + 1; n != 200 {
		t.Errorf("stream has %d documents, want 200", n)
	}
}

func BenchmarkK8s200(b *testing.B) {
	objs := k8sObjects(b, 200)
	for _, c := range []struct {
		name    string
		marshal func(any) ([]byte, error)
	}{{"yamlout", Marshal}, {"yamlv2", yamlv2.Marshal}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, o := range objs {
					if _, err := c.marshal(o); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
