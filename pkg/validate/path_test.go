package validate

import "testing"

func TestPathString(t *testing.T) {
	for _, c := range []struct {
		p    Path
		want string
	}{
		{nil, ""},
		{Path{}, ""},
		{Path{"spec"}, "spec"},
		{Path{"spec", "template", "spec", "containers", 0, "imagePullPolicy"}, "spec.template.spec.containers[0].imagePullPolicy"},
		{Path{"metadata", "labels", "app.kubernetes.io/name"}, `metadata.labels["app.kubernetes.io/name"]`},
		{Path{"data", "config.yaml"}, `data["config.yaml"]`},
		{Path{"a-b"}, `["a-b"]`},
		{Path{0, "x"}, "[0].x"},
		{Path{"x", 1, 2}, "x[1][2]"},
		{Path{"_a1"}, "_a1"},
		{Path{"1a"}, `["1a"]`},
		{Path{""}, `[""]`},
		{Path{"q\"uote"}, `["q\"uote"]`},
	} {
		if got := c.p.String(); got != c.want {
			t.Errorf("%#v.String() = %q, want %q", c.p, got, c.want)
		}
	}
}

func TestProblemString(t *testing.T) {
	p := Problem{Path: Path{"spec", "replicas"}, Message: "expected integer, got string", Code: CodeType}
	if got, want := p.String(), "spec.replicas: expected integer, got string"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	p = Problem{Missing: "roleRef", Message: `missing required field "roleRef"`, Code: CodeRequired}
	if got, want := p.String(), `missing required field "roleRef"`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestComparePaths(t *testing.T) {
	ordered := []Path{{}, {"a"}, {"a", 0}, {"a", 1}, {"a", 10}, {"a", "b"}, {"b"}}
	for i := range ordered {
		for j := range ordered {
			c := comparePaths(ordered[i], ordered[j])
			if (i < j && c >= 0) || (i > j && c <= 0) || (i == j && c != 0) {
				t.Errorf("comparePaths(%v, %v) = %d", ordered[i], ordered[j], c)
			}
		}
	}
}

func TestUnknownKind(t *testing.T) {
	s := mustSchemas(t, "1.35")
	for _, obj := range []map[string]any{
		{"apiVersion": "example.com/v1", "kind": "Widget", "metadata": map[string]any{"name": "w"}},
		{"apiVersion": "apps/v1", "kind": "Deploymnet"},
		{"kind": "Deployment"},
		{},
	} {
		if known, probs := s.Validate(obj); known || probs != nil {
			t.Errorf("Validate(%v) = %v, %v; want false, nil", obj, known, probs)
		}
	}
	// A kind removed between minors.
	fs := map[string]any{"apiVersion": "flowcontrol.apiserver.k8s.io/v1beta3", "kind": "FlowSchema", "metadata": map[string]any{"name": "x"},
		"spec": map[string]any{"priorityLevelConfiguration": map[string]any{"name": "global-default"}}}
	if known, probs := mustSchemas(t, "1.31").Validate(fs); !known || len(probs) != 0 {
		t.Errorf("1.31 FlowSchema v1beta3: %v %v", known, probs)
	}
	if known, _ := s.Validate(fs); known {
		t.Error("1.35 knows FlowSchema v1beta3")
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ doc, want string }{
		{``, "schema document: unexpected end of JSON input"},
		{`[]`, "schema document: json: cannot unmarshal array into Go value of type validate.document"},
		{`{}`, `schema document: no "kinds" or no "types"`},
		{`{"kinds":{"v1":{"Pod":"Pod"}},"types":{}}`, `schema document: v1 Pod names type "Pod", which is not there`},
		{`{"kinds":{},"types":{"A":{"p":{"x":{"$":"B"}}}}}`, `schema document: A.x: reference to unknown type "B"`},
		{`{"kinds":{},"types":{"A":{"pt":"("}}}`, "schema document: A: pattern \"(\": error parsing regexp: missing closing ): `(`"},
		{`{"kinds":{},"types":{"A":null}}`, `schema document: type "A" is null`},
	} {
		_, err := Parse([]byte(c.doc))
		if err == nil || err.Error() != c.want {
			t.Errorf("Parse(%s) error = %v, want %s", c.doc, err, c.want)
		}
	}
}
