//go:build js && wasm

package main

import (
	"encoding/json"
	"strconv"
	"strings"
	"syscall/js"
	"testing"
)

// serve starts a Node HTTP server on 127.0.0.1 that answers files (path →
// text) with CORS allowed and 404 otherwise, and returns its base URL.
func serve(t *testing.T, files map[string]string) string {
	t.Helper()
	get := js.Global().Get("process").Get("getBuiltinModule")
	if get.Type() != js.TypeFunction {
		t.Skip("this Node has no process.getBuiltinModule (Node ≥ 20.16) to start an HTTP server")
	}
	http := get.Invoke("node:http")
	handler := js.FuncOf(func(_ js.Value, args []js.Value) any {
		req, res := args[0], args[1]
		res.Call("setHeader", "access-control-allow-origin", "*")
		body, ok := files[req.Get("url").String()]
		if !ok {
			res.Set("statusCode", 404)
			res.Call("end", "not found")
			return nil
		}
		res.Call("end", body)
		return nil
	})
	srv := http.Call("createServer", handler)
	listening := make(chan struct{})
	cb := js.FuncOf(func(js.Value, []js.Value) any { close(listening); return nil })
	srv.Call("listen", 0, "127.0.0.1", cb)
	<-listening
	cb.Release()
	t.Cleanup(func() {
		srv.Call("close")
		handler.Release()
	})
	return "http://127.0.0.1:" + strconv.Itoa(srv.Call("address").Get("port").Int()) + "/"
}

// runJSON runs a request given as Go data and returns the response.
func runJSON(t *testing.T, req map[string]any) (resp struct {
	Output   string `json:"output"`
	Stderr   string `json:"stderr"`
	ExitCode int    `json:"exitCode"`
	Command  string `json:"command"`
}) {
	t.Helper()
	b, _ := json.Marshal(req)
	v := await(t, run(js.Undefined(), []js.Value{js.ValueOf(string(b))}).(js.Value))
	text := js.Global().Get("JSON").Call("stringify", v).String()
	if err := json.Unmarshal([]byte(text), &resp); err != nil {
		t.Fatal(err)
	}
	return resp
}

// TestSearchURLs runs -U in the wasm build: the library is fetched with
// the host's fetch from a server that allows cross-origin reads; a file
// it does not have is not found along the search path, as in the CLI.
func TestSearchURLs(t *testing.T) {
	base := serve(t, map[string]string{"/lib/remote.libsonnet": "{ name: 'from-url' }\n"})
	resp := runJSON(t, map[string]any{
		"files":   map[string]string{"main.jsonnet": "{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: (import 'remote.libsonnet').name } } }\n"},
		"entry":   "main.jsonnet",
		"command": "show",
		"jurl":    []string{base + "lib/"},
	})
	if resp.ExitCode != 0 || !strings.Contains(resp.Output, "name: from-url") {
		t.Fatalf("exit %d, output %q, stderr %q", resp.ExitCode, resp.Output, resp.Stderr)
	}
	if want := "kubecfg show -U " + base + "lib/ main.jsonnet"; resp.Command != want {
		t.Errorf("command %q, want %q", resp.Command, want)
	}

	resp = runJSON(t, map[string]any{
		"files":   map[string]string{"main.jsonnet": "import 'missing.libsonnet'\n"},
		"entry":   "main.jsonnet",
		"command": "show",
		"jurl":    []string{base + "lib/"},
	})
	if resp.ExitCode != 1 || !strings.Contains(resp.Stderr, "Couldn't open import \"missing.libsonnet\"") || !strings.Contains(resp.Stderr, base+"lib/missing.libsonnet;") {
		t.Fatalf("exit %d, stderr %q", resp.ExitCode, resp.Stderr)
	}
}
