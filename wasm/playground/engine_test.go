//go:build js && wasm

package main

import (
	"encoding/json"
	"syscall/js"
	"testing"
	"time"

	"github.com/kubecfg/kubecfg/internal/fatal"
	"github.com/kubecfg/kubecfg/pkg/features"
	"github.com/kubecfg/kubecfg/pkg/stdlib"
)

// TestEngine checks both builds (make test-wasm-shim runs this package
// with and without the kubecfg_noschema tag): schema says which engine
// this is, only the core engine asks for the full one, and both hand the
// worker internal/fatal's table (web/src/fatal.js).
func TestEngine(t *testing.T) {
	go main()
	for i := 0; i < 100 && js.Global().Get("kubecfg").IsUndefined(); i++ {
		time.Sleep(10 * time.Millisecond)
	}
	api := js.Global().Get("kubecfg")
	if api.IsUndefined() {
		t.Fatal("main did not define globalThis.kubecfg")
	}
	want, _ := json.Marshal(fatal.WasmReports)
	if got := js.Global().Get("JSON").Call("stringify", api.Get("fatalReports")).String(); got != string(want) {
		t.Errorf("kubecfg.fatalReports = %s, want internal/fatal.WasmReports %s", got, want)
	}
	// The features table, written without encoding/json, is its JSON.
	wantRows, _ := json.Marshal(features.Rows(features.Defaults()))
	if got := js.Global().Get("JSON").Call("stringify", api.Call("features")).String(); got != string(wantRows) {
		t.Errorf("kubecfg.features() = %s, want %s", got, wantRows)
	}
	if got := api.Get("schema").Bool(); got != stdlib.SchemaBuiltIn {
		t.Fatalf("kubecfg.schema = %v, want %v", got, stdlib.SchemaBuiltIn)
	}
	resp := await(t, run(js.Undefined(), []js.Value{object(`{"files":{"a.jsonnet":"local kubecfg = import 'kubecfg.libsonnet';\n{cm: {apiVersion: 'v1', kind: 'ConfigMap', metadata: {name: 'x'}, data: {ok: std.toString(kubecfg.validateJSONSchema({a: 1}, {type: 'object'}))}}}"},"entry":"a.jsonnet","command":"show"}`)}).(js.Value))
	needs := resp.Get("needsFullEngine").Truthy()
	exit := resp.Get("exitCode").Int()
	if stdlib.SchemaBuiltIn {
		if needs || exit != 0 {
			t.Fatalf("full engine: needsFullEngine %v, exit %d, stderr %q", needs, exit, resp.Get("stderr").String())
		}
	} else if !needs || exit != 1 {
		t.Fatalf("core engine: needsFullEngine %v, exit %d; want true, 1", needs, exit)
	}
}
