//go:build js && wasm

package main

import (
	"os"
	"syscall/js"
	"testing"
	"time"

	"github.com/kubecfg/kubecfg/internal/kubecfg"
)

// TestEngineValidate checks both builds (the name runs it with the
// kubecfg_noschema tag too): the full engine has k8sSchema, a validate
// request before it answers schemaMissing and after it the check, with
// the schemas as a string or as bytes; the core engine has no k8sSchema
// and answers validate with needsFullEngine.
func TestEngineValidate(t *testing.T) {
	if js.Global().Get("kubecfg").IsUndefined() {
		go main()
	}
	for i := 0; i < 100 && js.Global().Get("kubecfg").IsUndefined(); i++ {
		time.Sleep(10 * time.Millisecond)
	}
	api := js.Global().Get("kubecfg")
	req := func(version string) js.Value {
		return object(`{"files":{"a.jsonnet":"{apiVersion: 'v1', kind: 'ConfigMap', metadata: {name: 'x'},\n data: {k: 1}}"},"entry":"a.jsonnet","command":"validate","kubernetesVersion":"` + version + `","features":["offline-validate"]}`)
	}
	if !kubecfg.ValidateBuiltIn {
		if api.Get("k8sSchema").Type() != js.TypeUndefined {
			t.Error("the core engine has kubecfg.k8sSchema")
		}
		resp := await(t, run(js.Undefined(), []js.Value{req("1.35")}).(js.Value))
		if !resp.Get("needsFullEngine").Truthy() {
			t.Fatalf("core engine's validate: needsFullEngine false, stderr %q", resp.Get("stderr").String())
		}
		return
	}
	if api.Get("k8sSchema").Type() != js.TypeFunction {
		t.Fatal("the full engine has no kubecfg.k8sSchema")
	}
	missing := await(t, run(js.Undefined(), []js.Value{req("1.34")}).(js.Value))
	if got := missing.Get("schemaMissing"); got.Type() != js.TypeString || got.String() != "1.34" {
		t.Fatalf("schemaMissing %v, stderr %q", got, missing.Get("stderr").String())
	}
	if e := api.Call("k8sSchema", "1.2", "{}").Get("error"); e.Type() != js.TypeString {
		t.Error("k8sSchema took an unknown minor")
	}
	if e := api.Call("k8sSchema", "1.34", 42).Get("error"); e.Type() != js.TypeString {
		t.Error("k8sSchema took a number")
	}
	data, err := os.ReadFile("../../internal/k8sschema/data/1.34.json")
	if err != nil {
		t.Skipf("the schemas' file: %v", err)
	}
	u8 := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(u8, data)
	for _, arg := range []js.Value{u8, u8.Get("buffer"), js.ValueOf(string(data))} {
		if got := api.Call("k8sSchema", "1.34", arg); got.Get("version").Type() != js.TypeString {
			t.Fatalf("k8sSchema: %v", js.Global().Get("JSON").Call("stringify", got))
		}
		resp := await(t, run(js.Undefined(), []js.Value{req("1.34")}).(js.Value))
		d := resp.Get("diagnostics").Index(0)
		if resp.Get("exitCode").Int() != 1 || d.Get("kind").String() != "schema" || d.Get("line").Int() != 2 || d.Get("file").String() != "a.jsonnet" {
			t.Fatalf("validate: %v", js.Global().Get("JSON").Call("stringify", resp))
		}
	}
}
