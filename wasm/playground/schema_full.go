//go:build js && wasm && !kubecfg_noschema

package main

import (
	"fmt"
	"syscall/js"
)

// addFull adds what only the full engine has to globalThis.kubecfg:
// k8sSchema(version, data) hands the engine a Kubernetes minor's schemas
// for validate requests (the document static/schemas/k8s-1.NN.json holds,
// as a string or the fetched bytes, a Uint8Array or an ArrayBuffer) and
// answers {version}, or {error} for an unknown minor or a bad argument.
// The core engine has no validate, and no k8sSchema.
func addFull(api js.Value) {
	api.Set("k8sSchema", js.FuncOf(k8sSchema))
}

func k8sSchema(_ js.Value, args []js.Value) (v any) {
	defer func() {
		if p := recover(); p != nil {
			v = toJS(map[string]string{"error": fmt.Sprintf("kubecfg.k8sSchema: internal error: %v", p)})
		}
	}()
	if len(args) != 2 || args[0].Type() != js.TypeString {
		return toJS(map[string]string{"error": "kubecfg.k8sSchema: want a Kubernetes version (\"1.35\") and the schemas' text or bytes"})
	}
	version := args[0].String()
	var data []byte
	switch d := args[1]; {
	case d.Type() == js.TypeString:
		data = utf8Bytes(d)
	case d.InstanceOf(uint8Array):
		data = make([]byte, d.Length())
		js.CopyBytesToGo(data, d)
	case d.InstanceOf(arrayBuffer):
		u8 := uint8Array.New(d)
		data = make([]byte, u8.Length())
		js.CopyBytesToGo(data, u8)
	default:
		return toJS(map[string]string{"error": "kubecfg.k8sSchema: the schemas must be a string, a Uint8Array or an ArrayBuffer, not " + d.Type().String()})
	}
	if err := runner.SetSchema(version, data); err != nil {
		return toJS(map[string]string{"error": "kubecfg.k8sSchema: " + err.Error()})
	}
	return toJS(map[string]string{"version": version})
}

var (
	uint8Array  = js.Global().Get("Uint8Array")
	arrayBuffer = js.Global().Get("ArrayBuffer")
)
