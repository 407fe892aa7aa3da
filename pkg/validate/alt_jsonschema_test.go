package validate

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/k8sschema"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// The measurement behind docs/validate.md's choice of validator: the same
// schemas as JSON Schema (draft 2020-12, additionalProperties false where
// a type lists its properties) through santhosh-tekuri/jsonschema/v6,
// which the full wasm engine already links.

// toJSONSchema converts one compact node to JSON Schema.
func toJSONSchema(n map[string]any) map[string]any {
	out := map[string]any{}
	if r, ok := n["$"].(string); ok {
		return map[string]any{"$ref": "#/$defs/" + r}
	}
	if n["io"] == true {
		out["type"] = []any{"integer", "string"}
		return out
	}
	if n["q"] == true {
		return map[string]any{"anyOf": []any{map[string]any{"type": "number"},
			map[string]any{"type": "string", "pattern": quantityRegexp}}}
	}
	if t, ok := n["t"].(string); ok {
		out["type"] = t
	}
	if e, ok := n["e"]; ok {
		out["enum"] = e
	}
	if p, ok := n["p"].(map[string]any); ok {
		props := map[string]any{}
		for k, v := range p {
			props[k] = toJSONSchema(v.(map[string]any))
		}
		out["properties"] = props
		if _, ok := n["a"]; !ok {
			out["additionalProperties"] = false
		}
	}
	if r, ok := n["r"]; ok {
		out["required"] = r
	}
	if i, ok := n["i"].(map[string]any); ok {
		out["items"] = toJSONSchema(i)
	}
	if a, ok := n["a"].(map[string]any); ok {
		out["additionalProperties"] = toJSONSchema(a)
	}
	if n["lt"] == "set" {
		out["uniqueItems"] = true
	}
	return out
}

// jsonSchemas compiles one JSON Schema per kind of the 1.35 document.
func jsonSchemas(tb testing.TB) map[string]*jsonschema.Schema {
	data, _ := k8sschema.Data(k8sschema.Default)
	var doc struct {
		Kinds map[string]map[string]string
		Types map[string]map[string]any
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		tb.Fatal(err)
	}
	defs := map[string]any{}
	for name, t := range doc.Types {
		defs[name] = toJSONSchema(t)
	}
	c := jsonschema.NewCompiler()
	const url = "kube:///k8s-1.35.json"
	if err := c.AddResource(url, map[string]any{"$defs": defs}); err != nil {
		tb.Fatal(err)
	}
	out := map[string]*jsonschema.Schema{}
	for av, kinds := range doc.Kinds {
		for kind, typ := range kinds {
			s, err := c.Compile(url + "#/$defs/" + typ)
			if err != nil {
				tb.Fatal(err)
			}
			out[av+"/"+kind] = s
		}
	}
	return out
}

// jsonValue turns YAML's decoded numbers into what jsonschema takes.
func jsonValue(tb testing.TB, o map[string]any) any {
	b, err := json.Marshal(o)
	if err != nil {
		tb.Fatal(err)
	}
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(string(b)))
	if err != nil {
		tb.Fatal(err)
	}
	return v
}

// TestJSONSchemaCoverage counts the table's mistakes that jsonschema/v6
// finds over the same schemas (logged for docs/validate.md), and checks
// that it finds the unknown field and type ones.
func TestJSONSchemaCoverage(t *testing.T) {
	if testing.Short() {
		t.Skip("a measurement")
	}
	schemas := jsonSchemas(t)
	found, total, byCode, all := 0, 0, map[string]int{}, map[string]int{}
	for _, m := range mistakes {
		if len(m.want) == 0 {
			continue
		}
		obj := base(t, m.kind)
		for _, c := range m.changes {
			edit(t, obj, c.Path, c.Value)
		}
		code := m.want[0].Code
		all[code]++
		total++
		err := schemas[obj["apiVersion"].(string)+"/"+obj["kind"].(string)].Validate(jsonValue(t, obj))
		if err != nil {
			found++
			byCode[code]++
		}
	}
	t.Logf("jsonschema/v6 finds %d of the table's %d mistakes; by class found/all: %v / %v", found, total, byCode, all)
	for _, c := range []string{CodeUnknownField, CodeType} {
		if byCode[c] != all[c] {
			t.Errorf("jsonschema/v6 misses %s mistakes: %d of %d", c, byCode[c], all[c])
		}
	}
}

// BenchmarkJSONSchemaV6_131 is BenchmarkValidate131 through jsonschema/v6
// (the objects converted to its JSON values beforehand, not timed).
func BenchmarkJSONSchemaV6_131(b *testing.B) {
	objs, _ := realworldObjects(b)
	schemas := jsonSchemas(b)
	var set []any
	var sch []*jsonschema.Schema
	for len(set) < 131 {
		for _, o := range objs {
			s := schemas[o["apiVersion"].(string)+"/"+o["kind"].(string)]
			if s != nil && len(set) < 131 {
				set = append(set, jsonValue(b, o))
				sch = append(sch, s)
			}
		}
	}
	size := 0
	for _, v := range set {
		j, _ := json.Marshal(v)
		size += len(j)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for i, v := range set {
			sch[i].Validate(v)
		}
	}
}

// BenchmarkJSONSchemaV6Compile compiles the 1.35 kinds' JSON Schemas.
func BenchmarkJSONSchemaV6Compile(b *testing.B) {
	for range b.N {
		jsonSchemas(b)
	}
}
