package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// rawSchema is one OpenAPI v3 schema as the source files hold it.
type rawSchema = map[string]any

// Build reads every group-version file under src (api/v1.json and
// apis/GROUP/VERSION.json), merges their component schemas and returns the
// compact document for version.
func Build(src, version, module string) ([]byte, error) {
	schemas := map[string]rawSchema{}
	files, err := jsonFiles(src)
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no schema files under %s", src)
	}
	sort.Strings(files)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var doc struct {
			Components struct {
				Schemas map[string]rawSchema `json:"schemas"`
			} `json:"components"`
		}
		if err := json.Unmarshal(b, &doc); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		for name, s := range doc.Components.Schemas {
			if old, ok := schemas[name]; ok {
				mergeGVK(old, s)
				continue
			}
			schemas[name] = s
		}
	}
	g := &builder{raw: schemas, types: map[string]any{}}
	kinds := map[string]map[string]string{}
	for _, name := range sortedKeys(schemas) {
		for _, gvk := range gvks(schemas[name]) {
			av := gvk.version
			if gvk.group != "" {
				av = gvk.group + "/" + gvk.version
			}
			if kinds[av] == nil {
				kinds[av] = map[string]string{}
			}
			kinds[av][gvk.kind] = g.ref(name)
		}
	}
	for len(g.queue) > 0 {
		name := g.queue[0]
		g.queue = g.queue[1:]
		g.types[short(name)] = g.node(schemas[name], name)
	}
	applyEnums(g.types)
	return encode(version, module, kinds, g.types)
}

type gvk struct{ group, version, kind string }

func gvks(s rawSchema) []gvk {
	list, _ := s["x-kubernetes-group-version-kind"].([]any)
	var out []gvk
	for _, e := range list {
		m, _ := e.(map[string]any)
		g, _ := m["group"].(string)
		v, _ := m["version"].(string)
		k, _ := m["kind"].(string)
		if v != "" && k != "" {
			out = append(out, gvk{g, v, k})
		}
	}
	return out
}

// mergeGVK adds the group-version-kinds of b to a (a type such as
// DeleteOptions names the group-versions of the file it is in).
func mergeGVK(a, b rawSchema) {
	la, _ := a["x-kubernetes-group-version-kind"].([]any)
	lb, _ := b["x-kubernetes-group-version-kind"].([]any)
	if lb == nil {
		return
	}
	seen := map[string]bool{}
	for _, e := range la {
		k, _ := json.Marshal(e)
		seen[string(k)] = true
	}
	for _, e := range lb {
		k, _ := json.Marshal(e)
		if !seen[string(k)] {
			la = append(la, e)
		}
	}
	a["x-kubernetes-group-version-kind"] = la
}

type builder struct {
	raw   map[string]rawSchema
	types map[string]any
	seen  map[string]bool
	queue []string
}

// ref queues the full type name for conversion and returns its short name.
func (g *builder) ref(full string) string {
	if g.seen == nil {
		g.seen = map[string]bool{}
	}
	if !g.seen[full] {
		g.seen[full] = true
		g.queue = append(g.queue, full)
	}
	return short(full)
}

// prefixes are dropped from type names: io.k8s.api.apps.v1.Deployment is
// apps.v1.Deployment, io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta is
// meta.v1.ObjectMeta.
var prefixes = []string{
	"io.k8s.api.",
	"io.k8s.apimachinery.pkg.apis.",
	"io.k8s.apimachinery.pkg.",
	"io.k8s.kube-aggregator.pkg.apis.",
	"io.k8s.apiextensions-apiserver.pkg.apis.",
}

func short(full string) string {
	for _, p := range prefixes {
		if strings.HasPrefix(full, p) {
			return full[len(p):]
		}
	}
	return full
}

func refName(s rawSchema) (string, bool) {
	if r, ok := s["$ref"].(string); ok {
		return strings.TrimPrefix(r, "#/components/schemas/"), true
	}
	if all, ok := s["allOf"].([]any); ok && len(all) == 1 {
		if m, ok := all[0].(map[string]any); ok {
			return refName(m)
		}
	}
	return "", false
}

// node converts one schema to the compact form (see the package
// documentation of internal/k8sschema for the keys). typeName is the
// full name of a named type, "" for an inline schema.
func (g *builder) node(s rawSchema, typeName string) map[string]any {
	n := map[string]any{}
	if r, ok := refName(s); ok {
		n["$"] = g.ref(r)
		return n
	}
	switch {
	case typeName == "io.k8s.apimachinery.pkg.api.resource.Quantity":
		n["q"] = true
		return n
	case s["format"] == "int-or-string" || s["x-kubernetes-int-or-string"] == true:
		n["io"] = true
		return n
	}
	if t, ok := s["type"].(string); ok {
		n["t"] = t
	}
	if f, ok := s["format"].(string); ok && checkedFormats[f] {
		n["f"] = f
	}
	if e, ok := s["enum"].([]any); ok {
		n["e"] = e
	}
	if p, ok := s["pattern"].(string); ok {
		n["pt"] = p
	}
	if props, ok := s["properties"].(map[string]any); ok {
		p := map[string]any{}
		for k, v := range props {
			if m, ok := v.(map[string]any); ok {
				p[k] = g.node(m, "")
			}
		}
		n["p"] = p
	}
	if req, ok := s["required"].([]any); ok && len(req) > 0 {
		n["r"] = req
	}
	if it, ok := s["items"].(map[string]any); ok {
		n["i"] = g.node(it, "")
	}
	switch ap := s["additionalProperties"].(type) {
	case map[string]any:
		n["a"] = g.node(ap, "")
	case bool:
		n["a"] = ap
	}
	if lt, ok := s["x-kubernetes-list-type"].(string); ok && lt != "atomic" {
		n["lt"] = lt
	}
	if keys, ok := s["x-kubernetes-list-map-keys"].([]any); ok && len(keys) > 0 {
		n["lk"] = keys
		if d := g.keyDefaults(s, keys); len(d) > 0 {
			n["ld"] = d
		}
	}
	if s["x-kubernetes-preserve-unknown-fields"] == true {
		n["pu"] = true
	}
	if s["x-kubernetes-embedded-resource"] == true {
		n["er"] = true
	}
	return n
}

// keyDefaults returns the defaults of a list map's key fields (a
// container port's protocol is "TCP" when left out): two items that differ
// only by leaving out a defaulted key are duplicates.
func (g *builder) keyDefaults(list rawSchema, keys []any) map[string]any {
	it, _ := list["items"].(map[string]any)
	if r, ok := refName(it); ok {
		it = g.raw[r]
	}
	props, _ := it["properties"].(map[string]any)
	d := map[string]any{}
	for _, k := range keys {
		ks, _ := k.(string)
		if p, ok := props[ks].(map[string]any); ok {
			if v, ok := p["default"]; ok {
				d[ks] = v
			}
		}
	}
	return d
}

// checkedFormats are the formats pkg/validate checks; others are dropped.
var checkedFormats = map[string]bool{
	"int32": true, "int64": true, "byte": true, "date-time": true,
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// encode writes the document with one type a line, so that a refresh
// shows in git as the types that changed.
func encode(version, module string, kinds map[string]map[string]string, types map[string]any) ([]byte, error) {
	var buf bytes.Buffer
	head := func(k string, v any) error {
		b, err := json.Marshal(v)
		if err != nil {
			return err
		}
		fmt.Fprintf(&buf, "%q:%s,\n", k, b)
		return nil
	}
	buf.WriteString("{")
	if err := head("version", version); err != nil {
		return nil, err
	}
	if err := head("source", module); err != nil {
		return nil, err
	}
	if err := head("kinds", kinds); err != nil {
		return nil, err
	}
	buf.WriteString("\"types\":{\n")
	for i, name := range sortedKeys(types) {
		b, err := json.Marshal(types[name])
		if err != nil {
			return nil, err
		}
		if i > 0 {
			buf.WriteString(",\n")
		}
		fmt.Fprintf(&buf, "%q:%s", name, b)
	}
	buf.WriteString("\n}}\n")
	return buf.Bytes(), nil
}

// jsonFiles lists the .json files under src (a minor's api/ and apis/
// trees), in lexical order.
func jsonFiles(src string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".json") {
			files = append(files, path)
		}
		return nil
	})
	return files, err
}
