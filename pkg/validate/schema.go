package validate

import (
	"encoding/json"
	"fmt"
	"regexp"
)

// node is one schema: a named type of the document (internal/k8sschema's
// compact form) or a custom resource's openAPIV3Schema, converted.
type node struct {
	Ref         string           `json:"$"`
	Type        string           `json:"t"`
	Format      string           `json:"f"`
	Enum        []any            `json:"e"`
	Pattern     string           `json:"pt"`
	Props       map[string]*node `json:"p"`
	Required    []string         `json:"r"`
	Items       *node            `json:"i"`
	Additional  *additional      `json:"a"`
	ListType    string           `json:"lt"`
	ListKeys    []string         `json:"lk"`
	KeyDefaults map[string]any   `json:"ld"`
	IntOrString bool             `json:"io"`
	Quantity    bool             `json:"q"`
	Preserve    bool             `json:"pu"`
	Embedded    bool             `json:"er"`

	// What only custom resources' schemas have.
	Nullable                   bool     `json:"-"`
	Minimum, Maximum           *float64 `json:"-"`
	ExclusiveMin, ExclusiveMax bool     `json:"-"`
	MinLength, MaxLength       *int64   `json:"-"`
	MinItems, MaxItems         *int64   `json:"-"`
	MinProps, MaxProps         *int64   `json:"-"`
	AllOf                      []*node  `json:"-"`
	def                        any      // a custom resource field's default (for list-map keys)

	target *node          // the named type Ref resolves to
	re     *regexp.Regexp // Pattern, compiled
}

// additional is additionalProperties: a schema, or true/false.
type additional struct {
	allow  bool
	schema *node
}

func (a *additional) UnmarshalJSON(b []byte) error {
	if err := json.Unmarshal(b, &a.allow); err == nil {
		return nil
	}
	a.allow = true
	return json.Unmarshal(b, &a.schema)
}

// document is a minor's file as internal/k8sschema writes it.
type document struct {
	Version string                       `json:"version"`
	Source  string                       `json:"source"`
	Kinds   map[string]map[string]string `json:"kinds"`
	Types   map[string]*node             `json:"types"`
}

// objectMetaType is the type whose labels and annotations are checked.
const objectMetaType = "meta.v1.ObjectMeta"

// Schemas are the schemas of one Kubernetes minor's built-in kinds, and
// of the custom resources added by WithCRDs. A Schemas is not changed
// after it is made: it may be used from several goroutines.
type Schemas struct {
	version    string
	kinds      map[string]map[string]*node // apiVersion → kind → schema
	objectMeta *node
	crds       map[string]map[string]*node                 // the custom resources' part of kinds
	rules      map[*node]func(w *walker, m map[string]any) // typeRules by type
}

// Parse reads one minor's document (internal/k8sschema's data/1.NN.json).
func Parse(data []byte) (*Schemas, error) {
	var doc document
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("schema document: %w", err)
	}
	if doc.Types == nil || doc.Kinds == nil {
		return nil, fmt.Errorf("schema document: no \"kinds\" or no \"types\"")
	}
	for name, t := range doc.Types {
		if t == nil {
			return nil, fmt.Errorf("schema document: type %q is null", name)
		}
		if err := resolve(t, doc.Types, name); err != nil {
			return nil, fmt.Errorf("schema document: %w", err)
		}
	}
	s := &Schemas{version: doc.Version, kinds: map[string]map[string]*node{}, objectMeta: doc.Types[objectMetaType],
		rules: map[*node]func(w *walker, m map[string]any){}}
	for name, rule := range typeRules {
		if t := doc.Types[name]; t != nil {
			s.rules[t] = rule
		}
	}
	for av, kinds := range doc.Kinds {
		m := map[string]*node{}
		for kind, typ := range kinds {
			t, ok := doc.Types[typ]
			if !ok {
				return nil, fmt.Errorf("schema document: %s %s names type %q, which is not there", av, kind, typ)
			}
			m[kind] = t
		}
		s.kinds[av] = m
	}
	return s, nil
}

// Version is the Kubernetes minor the schemas are of ("1.35").
func (s *Schemas) Version() string { return s.version }

// resolve links every reference under n to its named type and compiles
// its patterns.
func resolve(n *node, types map[string]*node, where string) error {
	if n.Ref != "" {
		t, ok := types[n.Ref]
		if !ok {
			return fmt.Errorf("%s: reference to unknown type %q", where, n.Ref)
		}
		n.target = t
	}
	if n.Pattern != "" {
		re, err := regexp.Compile(n.Pattern)
		if err != nil {
			return fmt.Errorf("%s: pattern %q: %w", where, n.Pattern, err)
		}
		n.re = re
	}
	for k, p := range n.Props {
		if p == nil {
			return fmt.Errorf("%s.%s: null schema", where, k)
		}
		if err := resolve(p, types, where+"."+k); err != nil {
			return err
		}
	}
	if n.Items != nil {
		if err := resolve(n.Items, types, where+"[]"); err != nil {
			return err
		}
	}
	if n.Additional != nil && n.Additional.schema != nil {
		if err := resolve(n.Additional.schema, types, where+"{}"); err != nil {
			return err
		}
	}
	for _, a := range n.AllOf {
		if err := resolve(a, types, where); err != nil {
			return err
		}
	}
	return nil
}

// deref follows references to the named type (a chain ends within the
// number of types; a cycle of references alone is cut).
func deref(n *node) *node {
	for i := 0; n != nil && n.target != nil && i < 64; i++ {
		n = n.target
	}
	return n
}
