package kubecfg

import (
	"bytes"
	"encoding/json"
	"fmt"
	"unicode"

	"github.com/kubecfg/kubecfg/pkg/stdlib"
)

// decodeJSONInput reads a .json input as kubecfg does: the file is one
// Kubernetes object or list, decoded as k8s.io/apimachinery's
// UnstructuredJSONScheme decodes it (see k8sObjects).
func decodeJSONInput(data []byte) ([]Object, error) {
	v, err := stdlib.DecodeJSON(data)
	if err != nil {
		return nil, err
	}
	return k8sObjects(v, func() string { return string(data) })
}

// decodeYAMLInput reads a .yaml input as kubecfg does: the stream is cut
// into documents as Kubernetes' YAML reader cuts it (stdlib's splitter, the
// one parseYaml uses), and each document is one object or list. A document
// whose first character is '{' is read as JSON, as apimachinery's ToJSON
// does; any other is converted from YAML 1.1. A document of nothing but
// blank lines and comments is null, which has no kind.
func decodeYAMLInput(data []byte) ([]Object, error) {
	if err := stdlib.CheckYAMLDepth(string(data)); err != nil {
		return nil, err
	}
	docs, err := stdlib.SplitYAMLStream(string(data))
	if err != nil {
		return nil, err
	}
	var out []Object
	for _, d := range docs {
		var objs []Object
		if text := bytes.TrimLeftFunc([]byte(d.Text), unicode.IsSpace); len(text) > 0 && text[0] == '{' {
			objs, err = decodeJSONInput([]byte(d.Text))
		} else {
			objs, err = decodeYAMLDocument(d)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, objs...)
	}
	return out, nil
}

func decodeYAMLDocument(d stdlib.YAMLDocument) ([]Object, error) {
	v, err := d.ToJSON()
	if err != nil {
		return nil, err
	}
	return k8sObjects(v, func() string {
		j, err := json.Marshal(v)
		if err != nil {
			return fmt.Sprint(v)
		}
		return string(j)
	})
}

// k8sObjects turns one decoded JSON document into Kubernetes objects with
// apimachinery's rules and texts. An object with an "items" field (the
// name is case-sensitive) is a list: items must be an array (null is an
// empty one) of objects (null is an empty object); an item with neither
// kind nor apiVersion takes the list's apiVersion and its kind without the
// "List" suffix; the list gives its items. Anything else is one object.
// Either way the document needs a non-empty string kind (not apiVersion),
// or the error quotes text(), the document as JSON.
func k8sObjects(v any, text func() string) ([]Object, error) {
	if v == nil {
		return nil, missingKind(text())
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("json: cannot unmarshal %s into Go value of type unstructured.detector", jsonType(v))
	}
	items, isList := m["items"]
	if !isList {
		if Object(m).Kind() == "" {
			return nil, missingKind(text())
		}
		return []Object{m}, nil
	}
	var list []any
	if items != nil {
		if list, ok = items.([]any); !ok {
			return nil, fmt.Errorf("json: cannot unmarshal %s into Go struct field decodeList.items of type []json.RawMessage", jsonType(items))
		}
	}
	apiVersion := Object(m).str("apiVersion")
	kind := Object(m).Kind()
	objs := make([]Object, 0, len(list))
	for _, it := range list {
		o := map[string]any{}
		if it != nil {
			if o, ok = it.(map[string]any); !ok {
				return nil, fmt.Errorf("json: cannot unmarshal %s into Go value of type map[string]interface {}", jsonType(it))
			}
		}
		if Object(o).Kind() == "" && Object(o).str("apiVersion") == "" {
			o["kind"] = trimList(kind)
			o["apiVersion"] = apiVersion
		}
		objs = append(objs, o)
	}
	if kind == "" {
		return nil, missingKind(text())
	}
	return objs, nil
}

func trimList(kind string) string {
	if len(kind) >= 4 && kind[len(kind)-4:] == "List" {
		return kind[:len(kind)-4]
	}
	return kind
}

// missingKind is apimachinery's error for a document without a kind.
func missingKind(doc string) error {
	return fmt.Errorf("Object 'Kind' is missing in '%s'", doc)
}

// jsonType names a JSON value's type as encoding/json's errors do.
func jsonType(v any) string {
	switch v.(type) {
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case string:
		return "string"
	case float64, int64:
		return "number"
	case bool:
		return "bool"
	}
	return fmt.Sprintf("%T", v)
}
