package validate_test

import (
	"fmt"

	"github.com/kubecfg/kubecfg/internal/k8sschema"
	"github.com/kubecfg/kubecfg/pkg/validate"
)

func Example() {
	data, err := k8sschema.Data(k8sschema.Default)
	if err != nil {
		panic(err)
	}
	schemas, err := validate.Parse(data) // once per version: keep it
	if err != nil {
		panic(err)
	}
	obj := map[string]any{
		"apiVersion": "apps/v1",
		"kind":       "Deployment",
		"metadata":   map[string]any{"name": "web"},
		"spec": map[string]any{
			"replicas": "2",
			"selector": map[string]any{"matchLabels": map[string]any{"app": "web"}},
			"template": map[string]any{
				"metadata": map[string]any{"labels": map[string]any{"app": "web"}},
				"spec": map[string]any{
					"containers": []any{map[string]any{"name": "web", "image": "nginx", "imagePullPolcy": "Always"}},
				},
			},
		},
	}
	known, problems := schemas.Validate(obj)
	fmt.Println(known)
	for _, p := range problems {
		fmt.Printf("%s: %s (%s)\n", p.Path, p.Message, p.Code)
	}
	// Output:
	// true
	// spec.replicas: expected integer, got string (type)
	// spec.template.spec.containers[0].imagePullPolcy: unknown field "imagePullPolcy" (unknown-field)
}

func ExampleSchemas_WithCRDs() {
	data, _ := k8sschema.Data("1.35")
	schemas, _ := validate.Parse(data)
	crd := map[string]any{
		"apiVersion": "apiextensions.k8s.io/v1",
		"kind":       "CustomResourceDefinition",
		"metadata":   map[string]any{"name": "widgets.example.com"},
		"spec": map[string]any{
			"group": "example.com",
			"names": map[string]any{"kind": "Widget", "plural": "widgets"},
			"scope": "Namespaced",
			"versions": []any{map[string]any{
				"name": "v1", "served": true, "storage": true,
				"schema": map[string]any{"openAPIV3Schema": map[string]any{
					"type": "object",
					"properties": map[string]any{"spec": map[string]any{
						"type":       "object",
						"properties": map[string]any{"size": map[string]any{"type": "string", "enum": []any{"small", "large"}}},
					}},
				}},
			}},
		},
	}
	widget := map[string]any{"apiVersion": "example.com/v1", "kind": "Widget",
		"metadata": map[string]any{"name": "w"}, "spec": map[string]any{"size": "huge"}}
	known, _ := schemas.Validate(widget)
	fmt.Println(validate.IsCRD(crd), known)
	withCRDs, err := schemas.WithCRDs([]map[string]any{crd, widget})
	if err != nil {
		panic(err)
	}
	known, problems := withCRDs.Validate(widget)
	fmt.Println(known, problems[0])
	// Output:
	// true false
	// true spec.size: unsupported value "huge": supported values: "small", "large"
}
