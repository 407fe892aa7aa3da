//go:build kubecfg_noschema

package stdlib

import (
	"errors"
	"testing"
)

// Run with: go test -tags kubecfg_noschema -run NoSchema ./pkg/stdlib
func TestNoSchemaFails(t *testing.T) {
	if _, err := validateJSONSchema([]any{map[string]any{}, map[string]any{"type": "object"}}); !errors.Is(err, ErrNoSchema) {
		t.Fatalf("validateJSONSchema without the validator: %v, want ErrNoSchema", err)
	}
}
