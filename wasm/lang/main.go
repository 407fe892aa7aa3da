//go:build js && wasm

// Command lang is the playground editor's language service as
// WebAssembly (static/kubecfg-lang.wasm): it defines globalThis.kubecfg =
// { version, lang, update, dispose } on top of pkg/langserv (version is
// the go-jsonnet version whose parser, formatter and linter answer) and
// keeps the Go program alive. lang(request) → Promise<response> answers a
// request that holds its workspace; the session protocol (ARCHITECTURE.md)
// keeps the workspace instead: update(id, {rev, base, full, files:
// {path: text|null}, links}) → {rev} | {stale}, lang(id, {rev, request})
// → Promise<response | {stale}>, dispose(id). Requests and responses cross the
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
	"errors"
	"fmt"
	"syscall/js"

	"github.com/kubecfg/kubecfg/pkg/langserv"
)

func main() {
	api := js.Global().Get("Object").New()
	api.Set("version", langserv.EngineVersion)
	api.Set("lang", js.FuncOf(lang))
	api.Set("update", js.FuncOf(update))
	api.Set("dispose", js.FuncOf(dispose))
	js.Global().Set("kubecfg", api)
	select {} // callbacks run on this process; never exit
}

// lang takes one request (an object or its JSON text) and returns a
// Promise of the response object. The answer is computed in the callback
// itself: pkg/langserv never waits on JavaScript, and a goroutine would
// cost a trip through the Go scheduler and the event loop per answer.
func lang(_ js.Value, args []js.Value) any {
	if len(args) == 2 {
		return promise.Call("resolve", sessionAnswer(args))
	}
	text, err := requestText(args)
	var resp langserv.Response
	if err != nil {
		resp = langserv.Response{Error: err.Error()}
	} else {
		resp = answer(text)
	}
	return promise.Call("resolve", toJS(resp))
}

// sessions are the page's workspaces, by id. Callbacks run one at a time.
var sessions = map[string]*langserv.Session{}

// sessionAnswer answers lang(id, {rev, request}).
func sessionAnswer(args []js.Value) (v js.Value) {
	defer func() {
		if p := recover(); p != nil {
			v = toJS(langserv.Response{Error: fmt.Sprintf("kubecfg.lang: internal error: %v", p)})
		}
	}()
	if args[0].Type() != js.TypeString || args[1].Type() != js.TypeObject {
		return toJS(langserv.Response{Error: "kubecfg.lang: want a session id and {rev, request}"})
	}
	var msg struct {
		Rev     int              `json:"rev"`
		Request langserv.Request `json:"request"`
	}
	if err := json.Unmarshal([]byte(jsonStringify.Invoke(args[1]).String()), &msg); err != nil {
		return toJS(langserv.Response{Error: fmt.Sprintf("kubecfg.lang: decoding the request: %v", err)})
	}
	s := sessions[args[0].String()]
	if s == nil {
		return staleToJS(&langserv.StaleError{Want: msg.Rev})
	}
	resp, err := s.Serve(msg.Rev, msg.Request)
	var stale *langserv.StaleError
	if errors.As(err, &stale) {
		return staleToJS(stale)
	}
	return toJS(resp)
}

// update takes in a session's update: update(id, {rev, base, full, files,
// links}) → {rev}, {stale: {have, want}} or {error}.
func update(_ js.Value, args []js.Value) (v any) {
	defer func() {
		if p := recover(); p != nil {
			v = toJS(map[string]string{"error": fmt.Sprintf("kubecfg.update: internal error: %v", p)})
		}
	}()
	if len(args) != 2 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeObject {
		return toJS(map[string]string{"error": "kubecfg.update: want a session id and an update"})
	}
	var u langserv.Update
	if err := json.Unmarshal([]byte(jsonStringify.Invoke(args[1]).String()), &u); err != nil {
		return toJS(map[string]string{"error": fmt.Sprintf("kubecfg.update: decoding the update: %v", err)})
	}
	id := args[0].String()
	s := sessions[id]
	if s == nil {
		s = &langserv.Session{}
		sessions[id] = s
	}
	var stale *langserv.StaleError
	if err := s.Update(u); errors.As(err, &stale) {
		return staleToJS(stale)
	} else if err != nil {
		return toJS(map[string]string{"error": "kubecfg.update: " + err.Error()})
	}
	return toJS(map[string]int{"rev": u.Rev})
}

// dispose forgets a session: dispose(id).
func dispose(_ js.Value, args []js.Value) any {
	if len(args) == 1 && args[0].Type() == js.TypeString {
		delete(sessions, args[0].String())
	}
	return nil
}

// staleToJS is the answer {stale: {have, want}}.
func staleToJS(e *langserv.StaleError) js.Value {
	return toJS(map[string]any{"stale": map[string]int{"have": e.Have, "want": e.Want}})
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
