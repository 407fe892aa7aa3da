//go:build !kubecfg_noschema

package stdlib

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// schemaURL is the name the schema under test gets inside the compiler; it
// shows in validation errors.
const schemaURL = "internal:///validateJSONSchema/schema.json"

// noLoader refuses every $ref outside the schema itself: this package does
// no I/O, so a schema must be self-contained (the drafts' meta-schemas are
// built into the library).
var noLoader = jsonschema.SchemeURLLoader{}

// ValidateJSONSchema checks obj against schema (a JSON Schema value; draft
// 2020-12 unless its $schema names another). It returns nil when obj is
// valid, else an error listing each place that is invalid and why.
func ValidateJSONSchema(obj, schema any) error {
	doc, err := toSchemaValue(schema)
	if err != nil {
		return fmt.Errorf("unable to json marshal schema: %w", err)
	}
	inst, err := toSchemaValue(obj)
	if err != nil {
		return fmt.Errorf("unable to json marshal object: %w", err)
	}
	c := jsonschema.NewCompiler()
	c.UseLoader(noLoader)
	if err := c.AddResource(schemaURL, doc); err != nil {
		return fmt.Errorf("unable to compile jsonschema: %w", err)
	}
	sch, err := c.Compile(schemaURL)
	if err != nil {
		return fmt.Errorf("unable to compile jsonschema: %w", err)
	}
	if err := sch.Validate(inst); err != nil {
		var verr *jsonschema.ValidationError
		if errors.As(err, &verr) {
			sortCauses(verr)
		}
		return fmt.Errorf("object is invalid against the schema: %w", err)
	}
	return nil
}

// sortCauses orders the causes of a validation error by where they are in
// the instance, at every depth, so the message is the same on every run
// (the validator visits object properties in map order). Causes at one
// place keep the validator's keyword order.
func sortCauses(e *jsonschema.ValidationError) {
	sort.SliceStable(e.Causes, func(i, j int) bool {
		return slices.Compare(e.Causes[i].InstanceLocation, e.Causes[j].InstanceLocation) < 0
	})
	for _, c := range e.Causes {
		sortCauses(c)
	}
}

// toSchemaValue round-trips v through JSON so numbers are json.Number, the
// form the validator wants.
func toSchemaValue(v any) (any, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return jsonschema.UnmarshalJSON(bytes.NewReader(data))
}

// SchemaBuiltIn reports whether this build carries the JSON Schema
// validator. The browser's first engine is built without it (build tag
// kubecfg_noschema): it is a fifth of the wasm and most of its start-up.
const SchemaBuiltIn = true

func validateJSONSchema(args []any) (any, error) {
	if err := ValidateJSONSchema(args[0], args[1]); err != nil {
		return nil, err
	}
	return true, nil
}
