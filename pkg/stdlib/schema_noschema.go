//go:build kubecfg_noschema

package stdlib

// SchemaBuiltIn reports whether this build carries the JSON Schema
// validator: not in this one (build tag kubecfg_noschema).
const SchemaBuiltIn = false

// ValidateJSONSchema fails with ErrNoSchema in this build.
func ValidateJSONSchema(obj, schema any) error {
	return ErrNoSchema
}

func validateJSONSchema(args []any) (any, error) {
	return nil, ValidateJSONSchema(args[0], args[1])
}
