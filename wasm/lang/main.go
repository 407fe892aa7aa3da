//go:build js && wasm

// Command lang is the playground editor's language service as
// WebAssembly (static/kubecfg-lang.wasm): it defines globalThis.kubecfg =
// { version, lang(request) → Promise<response> } on top of pkg/langserv
// (version is the go-jsonnet version whose parser, formatter and linter
// answer)
// and keeps the Go program alive. Requests and responses cross the
// boundary as JSON text, exactly the JSON form of langserv.Request and
// langserv.Response. A bad request, an error or a panic becomes a
// response with its error set; the instance stays usable.
//
// It is a program of its own, run in a worker of its own
// (web/src/lang-worker.js) that the page starts after its first result:
// it adds nothing to the evaluation engines or to what the page loads
// before that, and an answer never waits behind an evaluation.
package main

import (
	"encoding/json"
	"fmt"
	"syscall/js"

	"github.com/kubecfg/kubecfg/pkg/langserv"
)

func main() {
	api := js.Global().Get("Object").New()
	api.Set("version", langserv.EngineVersion)
	api.Set("lang", js.FuncOf(lang))
	js.Global().Set("kubecfg", api)
	select {} // callbacks run on this process; never exit
}

// lang takes one request (an object or its JSON text) and returns a
// Promise of the response object. The answer is computed in the callback
// itself: pkg/langserv never waits on JavaScript, and a goroutine would
// cost a trip through the Go scheduler and the event loop per answer.
func lang(_ js.Value, args []js.Value) any {
	text, err := requestText(args)
	var resp langserv.Response
	if err != nil {
		resp = langserv.Response{Error: err.Error()}
	} else {
		resp = answer(text)
	}
	return promise.Call("resolve", toJS(resp))
}

// requestText turns the argument of lang into JSON text.
func requestText(args []js.Value) (string, error) {
	if len(args) != 1 {
		return "", fmt.Errorf("kubecfg.lang: want 1 argument (the request), got %d", len(args))
	}
	switch args[0].Type() {
	case js.TypeString:
		return args[0].String(), nil
	case js.TypeObject:
		return jsonStringify.Invoke(args[0]).String(), nil
	}
	return "", fmt.Errorf("kubecfg.lang: the request must be an object, not %s", args[0].Type())
}

// answer decodes and serves one request; a panic becomes an error.
func answer(text string) (resp langserv.Response) {
	defer func() {
		if p := recover(); p != nil {
			resp = langserv.Response{Error: fmt.Sprintf("kubecfg.lang: internal error: %v", p)}
		}
	}()
	var req langserv.Request
	if err := json.Unmarshal([]byte(text), &req); err != nil {
		return langserv.Response{Error: fmt.Sprintf("kubecfg.lang: decoding the request: %v", err)}
	}
	return langserv.Serve(req)
}

// toJS converts a Go value to a JS value through JSON.
func toJS(v any) js.Value {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(langserv.Response{Error: fmt.Sprintf("kubecfg.lang: encoding the response: %v", err)})
	}
	return jsonParse.Invoke(string(b))
}

var (
	promise       = js.Global().Get("Promise")
	jsonParse     = js.Global().Get("JSON").Get("parse")
	jsonStringify = js.Global().Get("JSON").Get("stringify")
)
