package objdiff

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"errors"
	"testing"

	"github.com/kubecfg/kubecfg/internal/textdiff"
)

func obj(t *testing.T, s string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// The texts kubecfg's own tests hold for a label added and a Secret under
// --omit-secrets (its description there is "resource").
func TestCompareKubecfgTexts(t *testing.T) {
	live := obj(t, `{"apiVersion":"tests/v1alpha1","kind":"Dummy","metadata":{"name":"foo","labels":{"app":"foo"}}}`)
	config := obj(t, `{"apiVersion":"tests/v1alpha1","kind":"Dummy","metadata":{"name":"foo","labels":{"bar":"baz","app":"foo"}}}`)
	r := Compare([]map[string]any{config}, []map[string]any{live}, Options{})
	want := `--- live dummies foo
+++ config dummies foo
@@ -3,7 +3,8 @@
   "kind": "Dummy",
   "metadata": {
     "labels": {
-      "app": "foo"
+      "app": "foo",
+      "bar": "baz"
     },
     "name": "foo"
   }

`
	if d := textdiff.First(want, r.Text()); d != "" || r.Err != nil || !r.Differs() {
		t.Errorf("%s %v", d, r.Err)
	}

	live = obj(t, `{"apiVersion":"v1","kind":"Secret","metadata":{"name":"foo"},"data":{"foo":"YmFy"}}`)
	config = obj(t, `{"apiVersion":"v1","kind":"Secret","metadata":{"name":"foo"},"data":{"foo":"Zm9v"}}`)
	r = Compare([]map[string]any{config}, []map[string]any{live}, Options{OmitSecrets: true})
	want = `--- live secrets foo
+++ config secrets foo
@@ -1,7 +1,7 @@
-    foo: <omitted>
+    foo: <omitted>

`
	if d := textdiff.First(want, r.Text()); d != "" {
		t.Error(d)
	}
}

func TestCompareStates(t *testing.T) {
	a := obj(t, `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"a","namespace":"ns"},"spec":{"replicas":1}}`)
	b := obj(t, `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"b"}}`)
	c := obj(t, `{"apiVersion":"v1","kind":"Service","metadata":{"name":"c","namespace":"default"}}`)
	r := Compare([]map[string]any{a, b}, []map[string]any{b, c}, Options{})
	want := "--- live configmaps b\n+++ config configmaps b\nconfigmaps b unchanged\n" +
		"--- live deployments ns.a\n+++ config deployments ns.a\ndeployments ns.a doesn't exist on server\n" +
		"services default.c doesn't exist in config\n"
	if d := textdiff.First(want, r.Text()); d != "" {
		t.Error(d)
	}
	if !r.Differs() {
		t.Error("a missing object is a difference")
	}
	r = Compare([]map[string]any{b}, []map[string]any{b, c}, Options{})
	if r.Differs() {
		t.Error("a live-only object is not a difference")
	}
	// An object without a namespace matches the live one in "default".
	noNS := obj(t, `{"apiVersion":"v1","kind":"Service","metadata":{"name":"c"}}`)
	r = Compare([]map[string]any{noNS}, []map[string]any{c}, Options{})
	if r.Entries[0].State != Changed || len(r.Entries) != 1 {
		t.Errorf("%+v", r.Entries)
	}
	// A different group is a different object.
	other := obj(t, `{"apiVersion":"example.com/v1","kind":"ConfigMap","metadata":{"name":"b"}}`)
	r = Compare([]map[string]any{other}, []map[string]any{b}, Options{})
	if r.Entries[0].State != Missing || r.Entries[1].State != OnlyLive {
		t.Errorf("%+v", r.Entries)
	}
	r = Compare([]map[string]any{obj(t, `{"kind":"ConfigMap","metadata":{}}`)}, nil, Options{})
	if r.Err == nil || r.Err.Error() != "Error fetching one of the configmaps: it does not have a name set" {
		t.Error(r.Err)
	}
	if r = Compare(nil, nil, Options{Strategy: "some"}); r.Err == nil {
		t.Error("unknown strategy accepted")
	}
}

func TestSubset(t *testing.T) {
	config := obj(t, `{"kind":"Service","metadata":{"name":"s","labels":{}},"spec":{"ports":[{"port":80}]}}`)
	live := obj(t, `{"kind":"Service","metadata":{"name":"s","uid":"u"},"spec":{"ports":[{"port":80,"protocol":"TCP"},{"port":81}],"type":"ClusterIP"},"status":{}}`)
	got, _ := json.Marshal(subsetMap(config, live))
	want := `{"kind":"Service","metadata":{"labels":{},"name":"s"},"spec":{"ports":[{"port":80},{"port":81}]}}`
	if string(got) != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

func TestLastApplied(t *testing.T) {
	var zipped bytes.Buffer
	w := base64.NewEncoder(base64.StdEncoding, &zipped)
	z := gzip.NewWriter(w)
	z.Write([]byte(`{"kind":"ConfigMap","data":{"k":"kubecfg"}}`))
	z.Close()
	w.Close()
	for _, tc := range []struct{ annos, want string }{
		{`{"` + KubectlLastApplied + `":"{\"kind\":\"ConfigMap\",\"data\":{\"k\":\"kubectl\"}}"}`, `{"data":{"k":"kubectl"},"kind":"ConfigMap"}`},
		{`{"` + KubectlLastApplied + `":"{}","` + KubecfgLastApplied + `":"` + zipped.String() + `"}`, `{"data":{"k":"kubecfg"},"kind":"ConfigMap"}`},
	} {
		got, err := lastApplied(obj(t, `{"metadata":{"annotations":`+tc.annos+`}}`))
		b, _ := json.Marshal(got)
		if err != nil || string(b) != tc.want {
			t.Errorf("got %s %v, want %s", b, err, tc.want)
		}
	}
	if _, err := lastApplied(obj(t, `{"metadata":{}}`)); !errors.Is(err, ErrNoLastApplied) {
		t.Error(err)
	}
}

func TestResourceName(t *testing.T) {
	for kind, want := range map[string]string{
		"Deployment": "deployments", "Ingress": "ingresses", "NetworkPolicy": "networkpolicies",
		"Endpoints": "endpoints", "Gateway": "gateways", "ConfigMap": "configmaps",
	} {
		if got := resourceName(kind); got != want {
			t.Errorf("%s: %s, want %s", kind, got, want)
		}
	}
}
