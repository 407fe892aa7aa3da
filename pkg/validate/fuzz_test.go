package validate

import (
	"encoding/json"
	"testing"

	"github.com/kubecfg/kubecfg/internal/k8sschema"
)

// FuzzParse: any document is read or refused with an error, never a
// panic, and what is read validates any object without one.
func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"kinds":{"v1":{"A":"A"}},"types":{"A":{"t":"object","p":{"x":{"$":"A"},"y":{"i":{"t":"integer"},"t":"array","lt":"map","lk":["k"]}},"r":["x"]}}}`))
	f.Add([]byte(`{"kinds":{"v1":{"A":"A"}},"types":{"A":{"$":"A"}}}`))
	f.Add([]byte(`{"kinds":{"v1":{"A":"B"}},"types":{"B":{"a":{"pt":"^a"},"er":true,"pu":true}}}`))
	f.Add([]byte(`{"kinds":{},"types":{"A":{"a":false,"e":[1,"x",null]}}}`))
	f.Fuzz(func(t *testing.T, doc []byte) {
		s, err := Parse(doc)
		if err != nil {
			return
		}
		for _, obj := range []map[string]any{
			{"apiVersion": "v1", "kind": "A", "x": map[string]any{"x": 1}, "y": []any{map[string]any{"k": 1}, map[string]any{"k": 1}}},
			{"apiVersion": "v1", "kind": "A", "metadata": "x", "a": []any{"a", nil}},
		} {
			s.Validate(obj)
		}
	})
}

// FuzzValidate: any JSON object, checked against 1.35 and a custom
// resource, gives problems with a code and a message, sorted, and no
// panic.
func FuzzValidate(f *testing.F) {
	b, err := k8sschema.Data(k8sschema.Default)
	if err != nil {
		f.Fatal(err)
	}
	s, err := Parse(b)
	if err != nil {
		f.Fatal(err)
	}
	for _, src := range bases {
		j, _ := json.Marshal(parseYAML(f, src))
		f.Add(j)
	}
	crd := parseYAML(f, widgetCRD)
	j, _ := json.Marshal(parseYAML(f, widget))
	f.Add(j)
	f.Add([]byte(`{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"A","labels":{"a/b/c":"-"}},"spec":{"replicas":"x","template":{"spec":{"containers":[{"name":1},{"name":1}]}}}}`))
	f.Add([]byte(`{"apiVersion":"v1","kind":"Service","metadata":null,"spec":{"ports":[{"port":1e99},{"port":1e99}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var obj map[string]any
		if json.Unmarshal(data, &obj) != nil || obj == nil {
			return
		}
		withCRD, err := s.WithCRDs([]map[string]any{crd, obj})
		if err != nil {
			withCRD = s
		}
		_, probs := withCRD.Validate(obj)
		for i, p := range probs {
			if p.Code == "" || p.Message == "" {
				t.Fatalf("problem without a code or message: %#v", p)
			}
			if i > 0 && comparePaths(probs[i-1].Path, p.Path) > 0 {
				t.Fatalf("problems out of order: %v before %v", probs[i-1].Path, p.Path)
			}
			_ = p.String()
		}
	})
}
