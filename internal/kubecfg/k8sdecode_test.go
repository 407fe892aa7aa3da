package kubecfg

import (
	"strings"
	"testing"
)

// TestK8sObjects holds the .json reader to apimachinery's decoder, as the
// reference kubecfg (50f1d124) printed each case.
func TestK8sObjects(t *testing.T) {
	for _, tc := range []struct {
		name, doc, err string
		kinds          []string
	}{
		{"object", `{"kind": "A", "metadata": {"name": "a"}}`, "", []string{"A"}},
		{"no kind", `{"apiVersion": "v1"}`, `Object 'Kind' is missing in '{"apiVersion": "v1"}'`, nil},
		{"kind not a string", `{"kind": 5, "apiVersion": "v1"}`, `Object 'Kind' is missing in '{"kind": 5, "apiVersion": "v1"}'`, nil},
		{"null", `null`, `Object 'Kind' is missing in 'null'`, nil},
		{"array", `[1]`, "json: cannot unmarshal array into Go value of type unstructured.detector", nil},
		{"number", `5`, "json: cannot unmarshal number into Go value of type unstructured.detector", nil},
		{"list", `{"kind": "ConfigMapList", "apiVersion": "v1", "items": [{"metadata": {}}, {"kind": "Secret"}, null]}`, "", []string{"ConfigMap", "Secret", "ConfigMap"}},
		{"list without kind", `{"apiVersion": "v1", "items": []}`, `Object 'Kind' is missing in '{"apiVersion": "v1", "items": []}'`, nil},
		{"list with null items", `{"kind": "List", "items": null}`, "", []string{}},
		{"items not an array", `{"kind": "List", "items": {}}`, "json: cannot unmarshal object into Go struct field decodeList.items of type []json.RawMessage", nil},
		{"item not an object", `{"kind": "List", "items": ["x"]}`, "json: cannot unmarshal string into Go value of type map[string]interface {}", nil},
		{"Items is not items", `{"kind": "X", "Items": [1]}`, "", []string{"X"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			objs, err := decodeJSONInput([]byte(tc.doc))
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("error %v, want %s", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			kinds := []string{}
			for _, o := range objs {
				kinds = append(kinds, o.Kind())
			}
			if strings.Join(kinds, ",") != strings.Join(tc.kinds, ",") {
				t.Errorf("kinds %v, want %v", kinds, tc.kinds)
			}
		})
	}
}

// FuzzDecodeInput: the .json and .yaml readers never panic, and every
// object they return is an object (a list's null item is an empty one,
// given the list's kind and apiVersion, which may both be empty only in
// the list "List" without an apiVersion).
func FuzzDecodeInput(f *testing.F) {
	for _, s := range []string{
		`{"kind": "List", "apiVersion": "v1", "items": [{"metadata": {"name": "a"}}]}`,
		"kind: A\napiVersion: v1\n---\n# c\n---\n{\"kind\": \"B\"}\n",
		"--- x\n", "----\n", "a: &a [*a]\n", "kind: [1, {b: c}]\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, decode := range []func([]byte) ([]Object, error){decodeJSONInput, decodeYAMLInput} {
			objs, err := decode([]byte(s))
			if err != nil {
				continue
			}
			for _, o := range objs {
				if o == nil {
					t.Fatalf("a nil object from %q", s)
				}
			}
		}
	})
}
