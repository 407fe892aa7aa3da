//go:build js && wasm

package main

import (
	"encoding/json"
	"strconv"
	"strings"
	"syscall/js"
	"testing"
)

// respJSON is a response without its timings, as JSON text.
func respJSON(resp js.Value) string {
	resp.Get("timings").Set("totalMs", 0)
	resp.Get("timings").Delete("cached")
	return jsonStringify.Invoke(resp).String()
}

// TestObjectRequest holds a request sent as an object (its files read one
// by one) to the same request sent as JSON text, edge cases included.
func TestObjectRequest(t *testing.T) {
	for _, text := range []string{
		`{"files":{"a.jsonnet":"{cm: {apiVersion: 'v1', kind: 'ConfigMap', metadata: {name: 'é\ud83d\ude00'}}}","lib.libsonnet":"{}"},"entry":"a.jsonnet","command":"show"}`,
		`{"files":{"a.jsonnet":"{cm: {apiVersion: 'v1', kind: 'ConfigMap', metadata: {name: (import 'lib.libsonnet').n}}}","lib.libsonnet":"{n: 'lone \ud800'}"},"entry":"a.jsonnet","command":"show","output":"json"}`,
		`{"files":{"a.jsonnet":"{}"},"Files":{"b.jsonnet":"{}"},"entry":"b.jsonnet","command":"show"}`,
		`{"files":{"a.jsonnet":"{}","__proto__":"x"},"entry":"a.jsonnet","command":"show"}`,
		`{"files":{"a.jsonnet":3},"entry":"a.jsonnet","command":"show"}`,
		`{"files":{"a.jsonnet":"{}"},"entry":7,"command":"show"}`,
		`{"files":[],"entry":"a.jsonnet","command":"show"}`,
		`{"entry":"a.jsonnet","command":"show"}`,
		`[]`,
	} {
		asText := respJSON(await(t, run(js.Undefined(), []js.Value{js.ValueOf(text)}).(js.Value)))
		asObject := respJSON(await(t, run(js.Undefined(), []js.Value{object(text)}).(js.Value)))
		if asText != asObject {
			t.Errorf("request %s:\nas text:   %s\nas object: %s", text, asText, asObject)
		}
	}

}

// TestSession runs the session protocol as the worker does: a full
// update, runs, a delta that copies the file it carries and no other,
// the stale answers, and dispose; each answer is a stateless run's.
func TestSession(t *testing.T) {
	lib := "{ n: 1 }"
	entry := func(name string) string {
		return "{apiVersion: 'v1', kind: 'ConfigMap', metadata: {name: '" + name + "' + (import 'big.libsonnet').n}}"
	}
	upd := func(id, text string) js.Value {
		return update(js.Undefined(), []js.Value{js.ValueOf(id), object(text)}).(js.Value)
	}
	srun := func(id string, rev int, req string) js.Value {
		return await(t, run(js.Undefined(), []js.Value{js.ValueOf(id), object(`{"rev":` + strconv.Itoa(rev) + `,"request":` + req + `}`)}).(js.Value))
	}
	req := `{"entry":"a.jsonnet","command":"show"}`
	stateless := func(a string) string {
		files, _ := json.Marshal(map[string]string{"big.libsonnet": lib, "a.jsonnet": a})
		return respJSON(await(t, run(js.Undefined(), []js.Value{object(`{"files":` + string(files) + `,"entry":"a.jsonnet","command":"show"}`)}).(js.Value)))
	}

	if got := srun("t", 1, req); got.Get("stale").Get("have").Int() != 0 || got.Get("stale").Get("want").Int() != 1 {
		t.Fatalf("a run on a fresh session: %s, want stale", jsonStringify.Invoke(got))
	}
	files, _ := json.Marshal(map[string]string{"big.libsonnet": lib, "a.jsonnet": entry("n")})
	before := copiedBytes
	if got := upd("t", `{"rev":1,"full":true,"files":`+string(files)+`}`); got.Get("rev").Int() != 1 {
		t.Fatalf("full update: %s", jsonStringify.Invoke(got))
	}
	if c := copiedBytes - before; c != len(lib)+len(entry("n")) {
		t.Errorf("the full update copied %d bytes, want the workspace's %d", c, len(lib)+len(entry("n")))
	}
	if got, want := respJSON(srun("t", 1, req)), stateless(entry("n")); got != want || !strings.Contains(got, "name: n1") {
		t.Fatalf("session run %s, stateless %s", got, want)
	}

	edit, _ := json.Marshal(map[string]string{"a.jsonnet": entry("m")})
	before = copiedBytes
	if got := upd("t", `{"rev":2,"base":1,"files":`+string(edit)+`}`); got.Get("rev").Int() != 2 {
		t.Fatalf("delta: %s", jsonStringify.Invoke(got))
	}
	if c := copiedBytes - before; c != len(entry("m")) {
		t.Errorf("an edit of a.jsonnet copied %d bytes, want its %d", c, len(entry("m")))
	}
	if got, want := respJSON(srun("t", 2, req)), stateless(entry("m")); got != want || !strings.Contains(got, "name: m1") {
		t.Fatalf("after the edit: session %s, stateless %s", got, want)
	}
	if got := srun("t", 1, req); got.Get("stale").Get("have").Int() != 2 {
		t.Errorf("a run at an old revision: %s, want stale at 2", jsonStringify.Invoke(got))
	}
	if got := upd("t", `{"rev":4,"base":3,"files":{}}`); got.Get("stale").Get("want").Int() != 3 {
		t.Errorf("a delta against another base: %s, want stale", jsonStringify.Invoke(got))
	}
	for _, bad := range []string{`{"rev":5,"full":true,"files":{"a.jsonnet":7}}`, `{"rev":"x","full":true}`, `{"rev":0,"full":true}`} {
		if got := upd("t", bad); !strings.Contains(got.Get("error").String(), "kubecfg.update") {
			t.Errorf("update %s: %s, want an error", bad, jsonStringify.Invoke(got))
		}
	}
	removed := upd("t", `{"rev":6,"full":true,"files":{"a.jsonnet":"{}","big.libsonnet":null}}`)
	if removed.Get("rev").Int() != 6 {
		t.Fatalf("full update with a removal: %s", jsonStringify.Invoke(removed))
	}
	dispose(js.Undefined(), []js.Value{js.ValueOf("t")})
	if got := srun("t", 6, req); got.Get("stale").IsUndefined() {
		t.Errorf("a run after dispose: %s, want stale", jsonStringify.Invoke(got))
	}
}
