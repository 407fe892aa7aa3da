package validate

import (
	"strings"
	"testing"
)

const widgetCRD = `
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}
  versions:
  - name: v1alpha1
    served: false
    storage: false
    schema: {openAPIV3Schema: {type: object}}
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        required: [spec]
        properties:
          spec:
            type: object
            required: [size]
            properties:
              size: {type: string, enum: [small, medium, large]}
              color: {type: string, pattern: '^#[0-9a-f]{6}$'}
              replicas: {type: integer, format: int32, minimum: 1, maximum: 5}
              port: {x-kubernetes-int-or-string: true, pattern: '^[a-z]+$', maximum: 65535}
              owner: {type: string, format: email, maxLength: 20}
              tags:
                type: array
                x-kubernetes-list-type: set
                maxItems: 3
                items: {type: string}
              parts:
                type: array
                x-kubernetes-list-type: map
                x-kubernetes-list-map-keys: [name, kind]
                items:
                  type: object
                  required: [name]
                  properties:
                    name: {type: string}
                    kind: {type: string, default: bolt}
                    count: {type: integer}
              extra:
                type: object
                x-kubernetes-preserve-unknown-fields: true
                properties:
                  level: {type: integer}
              template:
                type: object
                x-kubernetes-embedded-resource: true
                x-kubernetes-preserve-unknown-fields: true
              labels:
                type: object
                additionalProperties: {type: string}
              free: {type: object}
`

const widget = `
apiVersion: example.com/v1
kind: Widget
metadata: {name: w1, labels: {app: w}}
spec:
  size: small
  color: "#00ff00"
  replicas: 2
  port: http
  owner: a@example.com
  tags: [a, b]
  parts: [{name: x}, {name: x, kind: nut}, {name: y, kind: bolt}]
  extra: {level: 3, anything: [1, 2]}
  template: {apiVersion: v1, kind: ConfigMap, metadata: {name: c}, data: {a: b}}
  labels: {a: b}
`

func widgetSchemas(t *testing.T) *Schemas {
	t.Helper()
	s, err := mustSchemas(t, "1.35").WithCRDs([]map[string]any{base(t, "Service"), parseYAML(t, widgetCRD)})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestCRDValid(t *testing.T) {
	s := widgetSchemas(t)
	known, probs := s.Validate(parseYAML(t, widget))
	if !known || len(probs) != 0 {
		t.Fatalf("valid widget: known %v, problems %v", known, probs)
	}
	// The CRD object itself is a built-in kind, and valid.
	if known, probs := s.Validate(parseYAML(t, widgetCRD)); !known || len(probs) != 0 {
		t.Fatalf("the CRD: known %v, problems %v", known, probs)
	}
	// A schema type that is no type: the CRD itself is refused.
	crd := parseYAML(t, widgetCRD)
	edit(t, crd, "spec.versions.1.schema.openAPIV3Schema.properties.spec.properties.owner.type", "strign")
	_, probs = s.Validate(crd)
	if len(probs) != 1 || probs[0].String() != `spec.versions[1].schema.openAPIV3Schema.properties.spec.properties.owner.type: unsupported value "strign": supported values: "array", "boolean", "integer", "number", "object", "string"` {
		t.Errorf("a CRD with type strign: %v", probs)
	}
	// A definition cannot replace a built-in kind.
	svc := parseYAML(t, widgetCRD)
	edit(t, svc, "spec.group", "apps")
	edit(t, svc, "spec.names.kind", "Deployment")
	s2, err := mustSchemas(t, "1.35").WithCRDs([]map[string]any{svc})
	if err != nil {
		t.Fatal(err)
	}
	if _, probs := s2.Validate(base(t, "Deployment")); len(probs) != 0 {
		t.Errorf("a CRD of apps/v1 Deployment replaced the built-in kind: %v", probs)
	}
	// A version that is not served is not known.
	w := parseYAML(t, widget)
	w["apiVersion"] = "example.com/v1alpha1"
	if known, _ := s.Validate(w); known {
		t.Error("example.com/v1alpha1 is not served but known")
	}
	// The schemas WithCRDs was called on do not know Widget.
	if mustSchemas(t, "1.35").Knows("example.com/v1", "Widget") {
		t.Error("Parse's schemas know Widget")
	}
	if !IsCRD(parseYAML(t, widgetCRD)) || IsCRD(base(t, "Service")) {
		t.Error("IsCRD")
	}
}

func TestCRDMistakes(t *testing.T) {
	s := widgetSchemas(t)
	for _, m := range []mistake{
		{"unknown field", "", []change{{"spec.colour", "red"}},
			[]want{{"spec.colour", "", CodeUnknownField, `unknown field "colour"`}}},
		{"unknown field at the top", "", []change{{"status2", map[string]any{}}},
			[]want{{"status2", "", CodeUnknownField, `unknown field "status2"`}}},
		{"an object without properties keeps no field", "", []change{{"spec.free", map[string]any{"a": 1}}},
			[]want{{"spec.free.a", "", CodeUnknownField, `unknown field "a"`}}},
		{"enum", "", []change{{"spec.size", "huge"}},
			[]want{{"spec.size", "", CodeEnum, `unsupported value "huge": supported values: "small", "medium", "large"`}}},
		{"pattern", "", []change{{"spec.color", "red"}},
			[]want{{"spec.color", "", CodePattern, `invalid value "red": should match '^#[0-9a-f]{6}$'`}}},
		{"format", "", []change{{"spec.owner", "nobody"}},
			[]want{{"spec.owner", "", CodeFormat, `invalid value "nobody": must be an email address`}}},
		{"maxLength", "", []change{{"spec.owner", "somebody@example.com.x"}},
			[]want{{"spec.owner", "", CodeRange, `invalid value "somebody@example.com.x": may not be longer than 20`}}},
		{"maximum", "", []change{{"spec.replicas", 6}},
			[]want{{"spec.replicas", "", CodeRange, `invalid value 6: should be less than or equal to 5`}}},
		{"minimum", "", []change{{"spec.replicas", 0}},
			[]want{{"spec.replicas", "", CodeRange, `invalid value 0: should be greater than or equal to 1`}}},
		{"type", "", []change{{"spec.replicas", "2"}},
			[]want{{"spec.replicas", "", CodeType, `expected integer, got string`}}},
		{"required", "", []change{{"spec.size", remove}},
			[]want{{"spec", "size", CodeRequired, `missing required field "size"`}}},
		{"required spec", "", []change{{"spec", remove}},
			[]want{{"", "spec", CodeRequired, `missing required field "spec"`}}},
		{"int-or-string", "", []change{{"spec.port", 1.5}},
			[]want{{"spec.port", "", CodeType, `expected integer or string, got number`}}},
		{"int-or-string: a string's pattern", "", []change{{"spec.port", "HTTP"}},
			[]want{{"spec.port", "", CodePattern, `invalid value "HTTP": should match '^[a-z]+$'`}}},
		{"int-or-string: an integer's maximum", "", []change{{"spec.port", 70000}},
			[]want{{"spec.port", "", CodeRange, `invalid value 70000: should be less than or equal to 65535`}}},
		{"int-or-string: an integer is not held to the pattern", "", []change{{"spec.port", 8080}}, nil},
		{"set duplicate", "", []change{{"spec.tags", []any{"a", "b", "a"}}},
			[]want{{"spec.tags[2]", "", CodeListMapKey, `duplicate entries for value "a"`}}},
		{"maxItems", "", []change{{"spec.tags", []any{"a", "b", "c", "d"}}},
			[]want{{"spec.tags", "", CodeRange, `must have at most 3 items`}}},
		{"list-map duplicate by a key's default", "", []change{{"spec.parts.1", map[string]any{"name": "x", "kind": "bolt"}}},
			[]want{{"spec.parts[1]", "", CodeListMapKey, `duplicate entries for key [name="x",kind="bolt"]`}}},
		{"preserve-unknown-fields still checks its properties", "", []change{{"spec.extra.level", "high"}},
			[]want{{"spec.extra.level", "", CodeType, `expected integer, got string`}}},
		{"embedded resource without kind", "", []change{{"spec.template.kind", remove}},
			[]want{{"spec.template", "kind", CodeEmbedded, `missing required field "kind"`}}},
		{"embedded resource's metadata", "", []change{{"spec.template.metadata.labels", map[string]any{"a b": "c"}}},
			[]want{{`spec.template.metadata.labels["a b"]`, "", CodeLabel, `invalid label key "a b": ` + qualifiedNameMsg}}},
		{"additionalProperties", "", []change{{"spec.labels.a", 1}},
			[]want{{"spec.labels.a", "", CodeType, `expected string, got integer`}}},
		{"metadata is an ObjectMeta", "", []change{{"metadata.nam", "x"}},
			[]want{{"metadata.nam", "", CodeUnknownField, `unknown field "nam"`}}},
		{"name", "", []change{{"metadata.name", "W1"}},
			[]want{{"metadata.name", "", CodeName, `invalid value "W1": ` + dns1123SubdomainMsg}}},
		{"null is absent", "", []change{{"spec.color", nil}}, nil},
	} {
		t.Run(m.name, func(t *testing.T) {
			obj := parseYAML(t, widget)
			for _, c := range m.changes {
				edit(t, obj, c.Path, c.Value)
			}
			known, probs := s.Validate(obj)
			if !known {
				t.Fatal("Widget is not known")
			}
			checkProblems(t, probs, m.want)
		})
	}
}

func TestWithCRDsErrors(t *testing.T) {
	s := mustSchemas(t, "1.35")
	for _, c := range []struct{ edit, value, want string }{
		{"spec.group", "", "CustomResourceDefinition widgets.example.com: spec.group: missing"},
		{"spec.names.kind", "", "CustomResourceDefinition widgets.example.com: spec.names.kind: missing"},
		{"spec.versions.1.schema.openAPIV3Schema.properties.spec.properties.color.pattern", "(",
			"CustomResourceDefinition widgets.example.com: spec.versions[1].schema.openAPIV3Schema.properties.spec.properties.color.pattern: error parsing regexp: missing closing ): `(`"},
	} {
		crd := parseYAML(t, widgetCRD)
		edit(t, crd, c.edit, c.value)
		if _, err := s.WithCRDs([]map[string]any{crd}); err == nil || err.Error() != c.want {
			t.Errorf("%s=%q: error %v, want %s", c.edit, c.value, err, c.want)
		}
	}
	crd := parseYAML(t, widgetCRD)
	edit(t, crd, "spec.versions.1.schema.openAPIV3Schema.properties.spec.properties.size.type", 3)
	if _, err := s.WithCRDs([]map[string]any{crd}); err == nil || !strings.Contains(err.Error(), "size.type: expected string, got integer") {
		t.Errorf("a type that is a number: %v", err)
	}
}
