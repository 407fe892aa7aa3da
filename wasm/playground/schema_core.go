//go:build js && wasm && kubecfg_noschema

package main

import "syscall/js"

// addFull adds nothing in the core engine: validate, and the k8sSchema
// that hands it schemas, are the full engine's (schema_full.go).
func addFull(js.Value) {}
