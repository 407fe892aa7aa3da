//go:build kubecfg_noschema

package stdlib

import (
	"testing"

	jsonnet "github.com/google/go-jsonnet"
)

// Run with: go test -tags kubecfg_noschema -run NoSchema ./pkg/stdlib
func TestNoSchemaCountsMisses(t *testing.T) {
	misses := 0
	vm := jsonnet.MakeVM()
	for _, f := range Natives(Options{SchemaMiss: func() { misses++ }}) {
		vm.NativeFunction(f)
	}
	_, err := vm.EvaluateAnonymousSnippet("x.jsonnet", "std.native('validateJSONSchema')({}, {type: 'object'})")
	if err == nil {
		t.Fatal("validateJSONSchema without the validator succeeded")
	}
	if misses != 1 {
		t.Fatalf("SchemaMiss called %d times, want 1", misses)
	}
}
