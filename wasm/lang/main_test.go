//go:build js && wasm

package main

import (
	"strings"
	"syscall/js"
	"testing"
	"time"
)

// await waits for a JS promise and returns its value.
func await(t *testing.T, p js.Value) js.Value {
	t.Helper()
	ch := make(chan js.Value, 1)
	then := js.FuncOf(func(_ js.Value, args []js.Value) any { ch <- args[0]; return nil })
	defer then.Release()
	p.Call("then", then)
	select {
	case v := <-ch:
		return v
	case <-time.After(30 * time.Second):
		t.Fatal("the promise never settled")
		return js.Undefined()
	}
}

func object(text string) js.Value {
	return js.Global().Get("JSON").Call("parse", text)
}

func TestLang(t *testing.T) {
	const files = `{"app.jsonnet":"local lib = import 'lib.libsonnet';\nlib.","lib.libsonnet":"{ deployment(n):: {}, service(n):: {} }"}`
	cases := []struct {
		name string
		arg  js.Value
		want string // substring of the response's JSON
	}{
		{"object request", object(`{"op":"complete","files":` + files + `,"path":"app.jsonnet","line":2,"column":5}`), `"label":"deployment"`},
		{"JSON text request", js.ValueOf(`{"op":"hover","files":{"a.jsonnet":"std.length([])"},"path":"a.jsonnet","line":1,"column":6}`), `std.length(x)`},
		{"format", object(`{"op":"format","files":{"a.jsonnet":"{a:1}"},"path":"a.jsonnet"}`), `"text":"{ a: 1 }\n"`},
		{"malformed JSON text", js.ValueOf(`{"op":`), `decoding the request`},
		{"wrong type", js.ValueOf(42), `the request must be an object, not number`},
		{"unknown op", object(`{"op":"rename","files":{"a.jsonnet":""},"path":"a.jsonnet"}`), `unknown op`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp := await(t, lang(js.Undefined(), []js.Value{c.arg}).(js.Value))
			got := js.Global().Get("JSON").Call("stringify", resp).String()
			if !strings.Contains(got, strings.ReplaceAll(c.want, "\n", `\n`)) {
				t.Errorf("response %s lacks %s", got, c.want)
			}
		})
	}
	// The instance stays usable after the errors above.
	resp := await(t, lang(js.Undefined(), []js.Value{object(`{"op":"lint","files":{"a.jsonnet":"local x = 1; 2"},"path":"a.jsonnet"}`)}).(js.Value))
	if got := js.Global().Get("JSON").Call("stringify", resp).String(); !strings.Contains(got, "Unused variable: x") {
		t.Errorf("lint after errors: %s", got)
	}
}

// TestSession asks through the session protocol: a question before any
// update is stale, a full update and a delta answer as a stateless
// request of the same files does, and dispose forgets the session.
func TestSession(t *testing.T) {
	str := func(v js.Value) string { return js.Global().Get("JSON").Call("stringify", v).String() }
	upd := func(text string) js.Value {
		return update(js.Undefined(), []js.Value{js.ValueOf("p"), object(text)}).(js.Value)
	}
	ask := func(rev string) js.Value {
		return await(t, lang(js.Undefined(), []js.Value{js.ValueOf("p"), object(`{"rev":` + rev + `,"request":{"op":"complete","path":"app.jsonnet","line":2,"column":5}}`)}).(js.Value))
	}
	if got := str(ask("1")); !strings.Contains(got, `"stale"`) {
		t.Fatalf("before any update: %s, want stale", got)
	}
	if got := str(upd(`{"rev":1,"full":true,"files":{"app.jsonnet":"local lib = import 'lib.libsonnet';\nlib.","lib.libsonnet":"{ deployment(n):: {} }"}}`)); got != `{"rev":1}` {
		t.Fatalf("full update: %s", got)
	}
	if got := str(ask("1")); !strings.Contains(got, `"label":"deployment"`) {
		t.Errorf("after the full update: %s", got)
	}
	if got := str(upd(`{"rev":2,"base":1,"files":{"lib.libsonnet":"{ service(n):: {} }"}}`)); got != `{"rev":2}` {
		t.Fatalf("delta: %s", got)
	}
	got := str(ask("2"))
	want := str(await(t, lang(js.Undefined(), []js.Value{object(`{"op":"complete","files":{"app.jsonnet":"local lib = import 'lib.libsonnet';\nlib.","lib.libsonnet":"{ service(n):: {} }"},"path":"app.jsonnet","line":2,"column":5}`)}).(js.Value)))
	if got != want || !strings.Contains(got, `"label":"service"`) {
		t.Errorf("after the delta: %s, stateless %s", got, want)
	}
	if got := str(upd(`{"rev":4,"base":3,"files":{}}`)); !strings.Contains(got, `"stale"`) {
		t.Errorf("a delta against another base: %s", got)
	}
	if got := str(upd(`{"rev":"x"}`)); !strings.Contains(got, "kubecfg.update") {
		t.Errorf("a malformed update: %s", got)
	}
	dispose(js.Undefined(), []js.Value{js.ValueOf("p")})
	if got := str(ask("2")); !strings.Contains(got, `"stale"`) {
		t.Errorf("after dispose: %s, want stale", got)
	}
}
