// Package k8sschema holds the schemas of the built-in Kubernetes kinds for
// the last five minors (data/1.NN.json), generated from the OpenAPI v3
// documents that sigs.k8s.io/kubectl-validate embeds (Apache-2.0) by
// `go run ./internal/k8sschema/gen` (make k8sschema); docs/validate.md says
// how to refresh them. pkg/validate reads them.
//
// Each file is one JSON object:
//
//	{"version": "1.35",
//	 "source": "MODULE@VERSION it was made from",
//	 "kinds": {APIVERSION: {KIND: TYPE}},
//	 "types": {TYPE: NODE}}
//
// TYPE is the OpenAPI type name without its io.k8s... prefix
// (apps.v1.Deployment, meta.v1.ObjectMeta). A NODE is a schema with short
// keys, descriptions and defaults left out:
//
//	"$"  the node is the named TYPE
//	"t"  type: string, integer, number, boolean, object, array
//	"f"  format pkg/validate checks: int32, int64, byte, date-time
//	"e"  enum: the values allowed; "ez" true: "" is allowed too (a default)
//	"pt" pattern (a regular expression)
//	"p"  properties: {FIELD: NODE}
//	"r"  required fields
//	"i"  the items' NODE
//	"a"  additionalProperties: NODE, or true/false
//	"lt" x-kubernetes-list-type map or set ("atomic" is left out)
//	"lk" x-kubernetes-list-map-keys; "ld" the defaults of those keys
//	"io" int-or-string; "q" a resource.Quantity (a number or a quantity string)
//	"pu" x-kubernetes-preserve-unknown-fields; "er" x-kubernetes-embedded-resource
//
// The enums of a few fields whose values Kubernetes' validation code
// closes but the OpenAPI leaves open (imagePullPolicy, a Service's type,
// ...) are added by the generator (gen/enums.go).
//
// Only native code imports this package (the CLI, tests): the browser
// fetches the same files as static/schemas/k8s-1.NN.json.
package k8sschema

import (
	"embed"
	"fmt"
)

//go:generate go run ./gen -o data -kinds kinds/kinds_gen.go

// Default is the minor validated against when none is given.
const Default = "1.35"

//go:embed data/*.json
var data embed.FS

// versions are the minors held, oldest first.
var versions = []string{"1.31", "1.32", "1.33", "1.34", "1.35"}

// Versions returns the Kubernetes minors whose schemas are held, oldest
// first ("1.31", ..., "1.35").
func Versions() []string {
	return append([]string(nil), versions...)
}

// Data returns the schema document of one minor ("1.35"), or an error
// naming the minors held.
func Data(version string) ([]byte, error) {
	for _, v := range versions {
		if v == version {
			return data.ReadFile("data/" + v + ".json")
		}
	}
	return nil, fmt.Errorf("no schemas for Kubernetes %q (have %s to %s)", version, versions[0], versions[len(versions)-1])
}
