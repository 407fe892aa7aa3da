//go:build js && wasm

package main

import (
	"strings"
	"syscall/js"
	"testing"
	"unsafe"
)

// respJSON is a response without its timings, as JSON text.
func respJSON(resp js.Value) string {
	resp.Get("timings").Set("totalMs", 0)
	resp.Get("timings").Delete("cached")
	return jsonStringify.Invoke(resp).String()
}

// TestObjectRequest holds a request sent as an object (its files read one
// by one) to the same request sent as JSON text, edge cases included, and
// checks that a file sent again is not copied again.
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

	first := object(`{"files":{"big.libsonnet":"{ n: 1 }","a.jsonnet":"import 'big.libsonnet'"},"entry":"a.jsonnet","command":"show"}`)
	await(t, run(js.Undefined(), []js.Value{first}).(js.Value))
	before := sentFiles["big.libsonnet"].text
	second := object(`{"files":{"big.libsonnet":"{ n: 1 }","a.jsonnet":"{apiVersion: 'v1', kind: 'ConfigMap', metadata: {name: 'n' + (import 'big.libsonnet').n}}"},"entry":"a.jsonnet","command":"show"}`)
	resp := await(t, run(js.Undefined(), []js.Value{second}).(js.Value))
	if got := resp.Get("output").String(); !strings.Contains(got, "name: n1") {
		t.Fatalf("output %q, want the ConfigMap n1", got)
	}
	after := sentFiles["big.libsonnet"].text
	if unsafe.StringData(before) != unsafe.StringData(after) {
		t.Error("a file sent again unchanged was copied again")
	}
	if !strings.HasPrefix(sentFiles["a.jsonnet"].text, "{apiVersion") {
		t.Errorf("a.jsonnet = %q", sentFiles["a.jsonnet"].text)
	}
}
