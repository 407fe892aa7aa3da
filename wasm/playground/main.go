//go:build js && wasm

// Command playground is the browser playground's WebAssembly shim: it
// defines globalThis.kubecfg = { version, schema, run, update, dispose,
// features() → rows, fatalReports (internal/fatal.WasmReports), and in
// the full engine k8sSchema(version, data) (schema_full.go) } on top of
// pkg/playground and then keeps the Go program alive.
//
// run(request) → Promise<response> is a stateless run: the request holds
// the whole workspace. The session protocol (ARCHITECTURE.md) keeps a
// workspace per session id instead: update(id, {rev, base, full, files:
// {path: text|null}, links}) → {rev} | {stale} takes in the files that
// changed, run(id, {rev, request}) → Promise<response | {stale}> evaluates
// the request (without files) against revision rev, and dispose(id)
// forgets the session. {stale: {session, have, want}} answers a revision
// the session does not hold: the caller sends the whole workspace (full)
// again. Requests and responses cross the boundary as JSON text, so they
// are exactly the JSON form of playground.Request and playground.Response
// (a request's files cross one by one), read and written by the
// envelope's own codec (playground.DecodeRequest, EncodeResponse): a
// fresh engine's first run calls no encoding/json, whose functions V8
// would compile on the way to the first result. A bad request, an error or a panic
// becomes a response with a diagnostic; the instance stays usable.
//
// It is built twice: in full, and with the build tag kubecfg_noschema as
// the core engine the page starts with (no JSON Schema validator; schema
// is false). A run that calls validateJSONSchema on the core engine
// answers NeedsFullEngine, and the page reruns it on the full one.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"syscall/js"
	"unicode/utf8"

	"github.com/kubecfg/kubecfg/internal/fatal"
	ikubecfg "github.com/kubecfg/kubecfg/internal/kubecfg"
	"github.com/kubecfg/kubecfg/pkg/features"
	"github.com/kubecfg/kubecfg/pkg/kubecfg"
	"github.com/kubecfg/kubecfg/pkg/playground"
	"github.com/kubecfg/kubecfg/pkg/stdlib"
)

// maxStack is the Jsonnet stack limit in the browser. Go's wasm port runs
// every Go call on the JavaScript engine's stack, and in Chromium's worker
// a simple recursion (n + sum(n - 1), sixty times over, after the engine
// has optimised it) ends the instance between 350 and 400 frames deep, far
// below go-jsonnet's 500: with a limit of 300 such a program gets the
// limit's error and a hint, where it would kill the engine.
const maxStack = 300

// runner keeps its VM and caches between requests of one page.
var runner = &playground.Runner{MaxStack: maxStack}

func main() {
	api := js.Global().Get("Object").New()
	api.Set("version", kubecfg.Version)
	api.Set("schema", stdlib.SchemaBuiltIn)
	api.Set("run", js.FuncOf(run))
	api.Set("update", js.FuncOf(update))
	api.Set("dispose", js.FuncOf(dispose))
	api.Set("features", js.FuncOf(featureRows))
	addFull(api)
	// For the worker to name a fatal report once this program has died.
	api.Set("fatalReports", reportsToJS(fatal.WasmReports))
	js.Global().Set("kubecfg", api)
	select {} // callbacks run on this process; never exit
}

// run takes one request (an object or its JSON text), or a session id and
// {rev, request}, and returns a Promise of the response object. The
// evaluation runs on its own goroutine, as blocking inside a js.Func
// callback would deadlock.
func run(_ js.Value, args []js.Value) any {
	var in input
	var err error
	if len(args) == 2 {
		in, err = sessionRunIn(args)
	} else {
		in, err = requestIn(args)
	}
	handler := js.FuncOf(func(_ js.Value, pargs []js.Value) any {
		resolve := pargs[0]
		go func() {
			if err != nil {
				resolve.Invoke(responseToJS(failure(err)))
				return
			}
			resp, stale := evaluate(in)
			if stale != nil {
				resolve.Invoke(staleToJS(stale))
				return
			}
			resolve.Invoke(responseToJS(resp))
		}()
		return nil
	})
	defer handler.Release()
	return promise.New(handler)
}

// input is a request as it crossed: JSON text, and the files when they
// crossed on their own (objectRequest); or for a session's run, its id
// and the revision.
type input struct {
	text  []byte
	files map[string]string

	session *string
	rev     int
}

// sessionRunIn reads run(id, {rev, request}).
func sessionRunIn(args []js.Value) (input, error) {
	if args[0].Type() != js.TypeString {
		return input{}, fmt.Errorf("kubecfg.run: the session must be a string, not %s", args[0].Type())
	}
	id := args[0].String()
	msg := args[1]
	if msg.Type() != js.TypeObject || msg.Get("rev").Type() != js.TypeNumber {
		return input{}, fmt.Errorf("kubecfg.run: want {rev, request} after the session")
	}
	req := msg.Get("request")
	if req.Type() != js.TypeObject {
		return input{}, fmt.Errorf("kubecfg.run: the request must be an object, not %s", req.Type())
	}
	return input{session: &id, rev: msg.Get("rev").Int(), text: utf8Bytes(jsonStringify.Invoke(req))}, nil
}

// requestIn reads the argument of a stateless run, the files as UTF-8
// bytes copied once into Go's memory (a workspace can be megabytes).
func requestIn(args []js.Value) (input, error) {
	if len(args) != 1 {
		return input{}, fmt.Errorf("kubecfg.run: want 1 argument (the request) or 2 (a session and {rev, request}), got %d", len(args))
	}
	switch args[0].Type() {
	case js.TypeString:
		return input{text: utf8Bytes(args[0])}, nil
	case js.TypeObject:
		if files, rest, ok := objectRequest(args[0]); ok {
			return input{text: rest, files: files}, nil
		}
		return input{text: utf8Bytes(jsonStringify.Invoke(args[0]))}, nil
	}
	return input{}, fmt.Errorf("kubecfg.run: the request must be an object, not %s", args[0].Type())
}

// utf8Bytes is a JS string's UTF-8 encoding (TextEncoder's, as
// js.Value.String's), without String's further copy into a Go string.
func utf8Bytes(s js.Value) []byte {
	u8 := textEncoder.Call("encode", s)
	b := make([]byte, u8.Length())
	js.CopyBytesToGo(b, u8)
	return b
}

// evaluate decodes and runs one request; a panic becomes a diagnostic.
// stale is a session's answer to a revision it does not hold.
func evaluate(in input) (resp playground.Response, stale *playground.StaleError) {
	defer func() {
		if p := recover(); p != nil {
			resp = failure(fmt.Errorf("kubecfg.run: internal error: %v", p))
		}
	}()
	req, err := playground.DecodeRequest(in.text)
	if err != nil {
		return failure(fmt.Errorf("kubecfg.run: decoding the request: %w", err)), nil
	}
	if in.session == nil {
		if in.files != nil {
			req.Files = in.files
		}
		return runner.Run(req), nil
	}
	resp, err = runner.RunSession(*in.session, in.rev, req)
	if errors.As(err, &stale) {
		return resp, stale
	}
	if err != nil {
		return failure(fmt.Errorf("kubecfg.run: %w", err)), nil
	}
	return resp, nil
}

// update takes in a session's update: update(id, {rev, base, full, files,
// links}) → {rev}, {stale: {session, have, want}}, or {error} for a
// malformed one (which changes nothing). It copies the texts it is given
// and no others.
func update(_ js.Value, args []js.Value) (v any) {
	defer func() {
		if p := recover(); p != nil {
			v = toJS(map[string]string{"error": fmt.Sprintf("kubecfg.update: internal error: %v", p)})
		}
	}()
	if len(args) != 2 || args[0].Type() != js.TypeString {
		return toJS(map[string]string{"error": "kubecfg.update: want a session id and an update"})
	}
	head, texts, removed, err := readUpdate(args[1])
	if err != nil {
		return toJS(map[string]string{"error": "kubecfg.update: " + err.Error()})
	}
	u := playground.Update{Rev: head.Rev, Base: head.Base, Full: head.Full, Links: head.Links, Bytes: texts}
	if len(removed) > 0 {
		u.Files = make(map[string]*string, len(removed))
		for _, name := range removed {
			u.Files[name] = nil
		}
	}
	var stale *playground.StaleError
	if err := runner.Update(args[0].String(), u); errors.As(err, &stale) {
		return staleToJS(stale)
	} else if err != nil {
		return toJS(map[string]string{"error": "kubecfg.update: " + err.Error()})
	}
	return js.ValueOf(map[string]any{"rev": head.Rev})
}

// dispose forgets a session: dispose(id).
func dispose(_ js.Value, args []js.Value) any {
	if len(args) == 1 && args[0].Type() == js.TypeString {
		runner.Dispose(args[0].String())
	}
	return nil
}

// staleToJS is the answer {stale: {session, have, want}}.
func staleToJS(e *playground.StaleError) js.Value {
	return toJS(map[string]any{"stale": map[string]any{"session": e.Session, "have": e.Have, "want": e.Want}})
}

// featureRows returns the kubecfg features table for the default gates.
func featureRows(_ js.Value, _ []js.Value) (v any) {
	defer func() {
		if p := recover(); p != nil {
			v = js.Global().Get("Array").New()
		}
	}()
	// Written by hand, as the response's features are: the worker asks
	// for them once the engine is ready, just before the page's first
	// run, which would otherwise wait for V8 to compile encoding/json's
	// encoder (issue 33).
	return jsonParse.Invoke(string(ikubecfg.AppendRows(nil, features.Rows(features.Defaults()))))
}

// failure is a response that carries err as its only diagnostic.
func failure(err error) playground.Response {
	return playground.Response{
		Stderr:      err.Error() + "\n",
		ExitCode:    1,
		Diagnostics: []playground.Diagnostic{{Severity: "error", Message: err.Error()}},
		Features:    []playground.FeatureRow{},
	}
}

// toJS converts a Go value to a JS value through JSON.
func toJS(v any) js.Value {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(failure(fmt.Errorf("kubecfg.run: encoding the response: %w", err)))
	}
	return jsonParse.Invoke(string(b))
}

// reportsToJS is the reports as an array of {prefix, message}, as
// toJS would give it (without encoding/json at start-up).
func reportsToJS(reports []fatal.Report) js.Value {
	a := make([]any, len(reports))
	for i, r := range reports {
		o := objectCtor.New() // members in JSON's order
		o.Set("prefix", r.Prefix)
		o.Set("message", r.Message)
		a[i] = o
	}
	return js.ValueOf(a)
}

// responseToJS is toJS(resp) with the output, which can be megabytes of
// YAML, handed over as a string instead of inside the JSON text: encoding
// it as JSON in Go and parsing it again in JS cost more than the rest of
// an edit of a big workspace. JSON.parse would give the same string (the
// output is valid UTF-8; otherwise it goes the JSON way, which replaces
// what is not).
func responseToJS(resp playground.Response) js.Value {
	out := resp.Output
	if !utf8.ValidString(out) {
		return toJS(resp)
	}
	resp.Output = ""
	b, err := playground.EncodeResponse(&resp)
	if err != nil {
		resp.Output = out
		return toJS(resp)
	}
	v := jsonParse.Invoke(string(b))
	v.Set("output", out)
	return v
}

// Promise, JSON.parse and JSON.stringify, looked up once: every js.Value a
// lookup returns costs a finalizer, which added up to a tenth of a request.
var (
	promise       = js.Global().Get("Promise")
	jsonParse     = js.Global().Get("JSON").Get("parse")
	jsonStringify = js.Global().Get("JSON").Get("stringify")
	textEncoder   = js.Global().Get("TextEncoder").New()
)
