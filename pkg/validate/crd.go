package validate

import (
	"fmt"
	"regexp"
)

// IsCRD reports whether obj is an apiextensions.k8s.io/v1
// CustomResourceDefinition.
func IsCRD(obj map[string]any) bool {
	return obj["apiVersion"] == "apiextensions.k8s.io/v1" && obj["kind"] == "CustomResourceDefinition"
}

// WithCRDs returns a copy of s that also knows the custom resources
// defined by the CustomResourceDefinitions among objs (other objects are
// passed over): each served version's openAPIV3Schema, with the
// structural-schema extensions (x-kubernetes-preserve-unknown-fields,
// -embedded-resource, -int-or-string, -list-type, -list-map-keys). A
// custom resource's apiVersion, kind and metadata are checked as
// Kubernetes checks them whatever its schema says. A later definition of
// the same group, version and kind replaces an earlier one. s is not
// changed. The error names the definition that could not be read.
func (s *Schemas) WithCRDs(objs []map[string]any) (*Schemas, error) {
	c := *s
	c.crds = make(map[string]map[string]*node, len(s.crds))
	for av, kinds := range s.crds {
		m := make(map[string]*node, len(kinds))
		for k, n := range kinds {
			m[k] = n
		}
		c.crds[av] = m
	}
	for _, obj := range objs {
		if !IsCRD(obj) {
			continue
		}
		if err := c.addCRD(obj); err != nil {
			meta, _ := obj["metadata"].(map[string]any)
			return nil, fmt.Errorf("CustomResourceDefinition %v: %w", meta["name"], err)
		}
	}
	return &c, nil
}

func (s *Schemas) addCRD(obj map[string]any) error {
	spec, _ := obj["spec"].(map[string]any)
	group, _ := spec["group"].(string)
	names, _ := spec["names"].(map[string]any)
	kind, _ := names["kind"].(string)
	if group == "" {
		return fmt.Errorf("spec.group: missing")
	}
	if kind == "" {
		return fmt.Errorf("spec.names.kind: missing")
	}
	versions, _ := spec["versions"].([]any)
	for i, v := range versions {
		ver, _ := v.(map[string]any)
		name, _ := ver["name"].(string)
		if name == "" {
			return fmt.Errorf("spec.versions[%d].name: missing", i)
		}
		if served, ok := ver["served"].(bool); ok && !served {
			continue
		}
		var root *node
		schema, _ := ver["schema"].(map[string]any)
		if raw, ok := schema["openAPIV3Schema"].(map[string]any); ok {
			n, err := convert(raw, fmt.Sprintf("spec.versions[%d].schema.openAPIV3Schema", i))
			if err != nil {
				return err
			}
			root = n
		} else {
			root = &node{Type: "object", Preserve: true}
		}
		s.crdRoot(root)
		av := group + "/" + name
		if s.crds[av] == nil {
			s.crds[av] = map[string]*node{}
		}
		s.crds[av][kind] = root
	}
	return nil
}

// crdRoot gives a custom resource's schema the apiVersion, kind and
// metadata every object has: metadata is an ObjectMeta whatever the
// schema says of it.
func (s *Schemas) crdRoot(root *node) {
	props := make(map[string]*node, len(root.Props)+3)
	for k, v := range root.Props {
		props[k] = v
	}
	props["apiVersion"] = &node{Type: "string"}
	props["kind"] = &node{Type: "string"}
	if s.objectMeta != nil {
		props["metadata"] = &node{Ref: objectMetaType, target: s.objectMeta}
	} else {
		props["metadata"] = &node{Type: "object"}
	}
	root.Props = props
	if root.Type == "" {
		root.Type = "object"
	}
}

// convert reads one JSONSchemaProps of a custom resource's schema.
func convert(m map[string]any, where string) (*node, error) {
	n := &node{}
	str := func(k string) (string, error) {
		v, ok := m[k]
		if !ok || v == nil {
			return "", nil
		}
		s, ok := v.(string)
		if !ok {
			return "", fmt.Errorf("%s.%s: expected string, got %s", where, k, jsonType(v))
		}
		return s, nil
	}
	flag := func(k string) bool { b, _ := m[k].(bool); return b }
	num := func(k string) (*float64, error) {
		v, ok := m[k]
		if !ok || v == nil {
			return nil, nil
		}
		f, ok := number(v)
		if !ok {
			return nil, fmt.Errorf("%s.%s: expected number, got %s", where, k, jsonType(v))
		}
		return &f, nil
	}
	count := func(k string) (*int64, error) {
		f, err := num(k)
		if f == nil || err != nil {
			return nil, err
		}
		i := int64(*f)
		return &i, nil
	}
	var err error
	if n.Type, err = str("type"); err != nil {
		return nil, err
	}
	if n.Format, err = str("format"); err != nil {
		return nil, err
	}
	if n.Pattern, err = str("pattern"); err != nil {
		return nil, err
	}
	if n.Pattern != "" {
		if n.re, err = regexp.Compile(n.Pattern); err != nil {
			return nil, fmt.Errorf("%s.pattern: %w", where, err)
		}
	}
	if e, ok := m["enum"].([]any); ok {
		n.Enum = e
	}
	n.Nullable = flag("nullable")
	n.IntOrString = flag("x-kubernetes-int-or-string")
	n.Preserve = flag("x-kubernetes-preserve-unknown-fields")
	n.Embedded = flag("x-kubernetes-embedded-resource")
	n.ExclusiveMin = flag("exclusiveMinimum")
	n.ExclusiveMax = flag("exclusiveMaximum")
	for _, p := range []struct {
		k string
		f **float64
	}{{"minimum", &n.Minimum}, {"maximum", &n.Maximum}} {
		if *p.f, err = num(p.k); err != nil {
			return nil, err
		}
	}
	for _, p := range []struct {
		k string
		i **int64
	}{{"minLength", &n.MinLength}, {"maxLength", &n.MaxLength}, {"minItems", &n.MinItems},
		{"maxItems", &n.MaxItems}, {"minProperties", &n.MinProps}, {"maxProperties", &n.MaxProps}} {
		if *p.i, err = count(p.k); err != nil {
			return nil, err
		}
	}
	if props, ok := m["properties"].(map[string]any); ok {
		n.Props = make(map[string]*node, len(props))
		for k, v := range props {
			pm, ok := v.(map[string]any)
			if !ok {
				return nil, fmt.Errorf("%s.properties.%s: expected object, got %s", where, k, jsonType(v))
			}
			if n.Props[k], err = convert(pm, where+".properties."+k); err != nil {
				return nil, err
			}
		}
	}
	if req, ok := m["required"].([]any); ok {
		for _, r := range req {
			if rs, ok := r.(string); ok {
				n.Required = append(n.Required, rs)
			}
		}
	}
	if it, ok := m["items"].(map[string]any); ok {
		if n.Items, err = convert(it, where+".items"); err != nil {
			return nil, err
		}
	}
	switch ap := m["additionalProperties"].(type) {
	case bool:
		n.Additional = &additional{allow: ap}
	case map[string]any:
		a, err := convert(ap, where+".additionalProperties")
		if err != nil {
			return nil, err
		}
		n.Additional = &additional{allow: true, schema: a}
	}
	if all, ok := m["allOf"].([]any); ok {
		for i, a := range all {
			am, ok := a.(map[string]any)
			if !ok {
				continue
			}
			c, err := convert(am, fmt.Sprintf("%s.allOf[%d]", where, i))
			if err != nil {
				return nil, err
			}
			n.AllOf = append(n.AllOf, c)
		}
	}
	if n.ListType, err = str("x-kubernetes-list-type"); err != nil {
		return nil, err
	}
	if n.ListType == "atomic" {
		n.ListType = ""
	}
	if keys, ok := m["x-kubernetes-list-map-keys"].([]any); ok {
		for _, k := range keys {
			if ks, ok := k.(string); ok {
				n.ListKeys = append(n.ListKeys, ks)
			}
		}
		if n.Items != nil {
			for _, k := range n.ListKeys {
				if p := n.Items.Props[k]; p != nil && p.def != nil {
					if n.KeyDefaults == nil {
						n.KeyDefaults = map[string]any{}
					}
					n.KeyDefaults[k] = p.def
				}
			}
		}
	}
	n.def = m["default"]
	// A structural schema's object without properties keeps no unknown
	// field (the API server prunes them) unless it says otherwise.
	if n.Type == "object" && n.Props == nil && n.Additional == nil && !n.Preserve {
		n.Props = map[string]*node{}
	}
	return n, nil
}
