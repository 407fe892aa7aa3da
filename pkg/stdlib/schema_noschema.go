//go:build kubecfg_noschema

package stdlib

import (
	"errors"
	"sync/atomic"
)

// SchemaBuiltIn reports whether this build carries the JSON Schema
// validator: not in this one (build tag kubecfg_noschema).
const SchemaBuiltIn = false

// ErrNoSchema is what validateJSONSchema fails with in a build without the
// validator. The playground answers such a run with NeedsFullEngine, and
// the page reruns it on the full engine, so users never see this text.
var ErrNoSchema = errors.New("validateJSONSchema is not in this engine (built without the JSON Schema validator); the full engine has it")

var schemaMisses atomic.Uint64

// ValidateJSONSchema fails with ErrNoSchema in this build.
func ValidateJSONSchema(obj, schema any) error {
	schemaMisses.Add(1)
	return ErrNoSchema
}

func validateJSONSchema(args []any) (any, error) {
	return nil, ValidateJSONSchema(args[0], args[1])
}

// SchemaMisses counts the calls that failed because the validator is not
// in this build.
func SchemaMisses() uint64 { return schemaMisses.Load() }
