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

func TestRun(t *testing.T) {
	cases := []struct {
		name     string
		arg      js.Value
		exitCode int
		output   string // substring
		diag     string // substring of the first diagnostic
	}{
		{
			name:   "object request",
			arg:    object(`{"files":{"a.jsonnet":"{cm: {apiVersion: 'v1', kind: 'ConfigMap', metadata: {name: 'x'}}}"},"entry":"a.jsonnet","command":"show"}`),
			output: "kind: ConfigMap",
		},
		{
			name:   "JSON text request",
			arg:    js.ValueOf(`{"files":{"a.jsonnet":"{cm: {apiVersion: 'v1', kind: 'ConfigMap', metadata: {name: 'y'}}}"},"entry":"a.jsonnet","command":"show","output":"json"}`),
			output: `"name": "y"`,
		},
		{
			name:     "yakl off",
			arg:      object(`{"files":{"a.yakl":"a: 1\n"},"entry":"a.yakl","command":"show"}`),
			exitCode: 1,
			diag:     "yakl is an alpha feature; turn it on with --features=yakl",
		},
		{
			name:     "malformed JSON text",
			arg:      js.ValueOf(`{"files":`),
			exitCode: 1,
			diag:     "kubecfg.run: decoding the request",
		},
		{
			name:     "wrong type",
			arg:      js.ValueOf(42),
			exitCode: 1,
			diag:     "the request must be an object, not number",
		},
		{
			name:     "files of the wrong type",
			arg:      object(`{"files":{"a.jsonnet":7},"entry":"a.jsonnet","command":"show"}`),
			exitCode: 1,
			diag:     "decoding the request",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp := await(t, run(js.Undefined(), []js.Value{c.arg}).(js.Value))
			if got := resp.Get("exitCode").Int(); got != c.exitCode {
				t.Fatalf("exitCode = %d, want %d; stderr %q", got, c.exitCode, resp.Get("stderr").String())
			}
			if out := resp.Get("output").String(); !strings.Contains(out, c.output) {
				t.Errorf("output %q does not contain %q", out, c.output)
			}
			if c.diag != "" {
				d := resp.Get("diagnostics")
				if d.Length() == 0 {
					t.Fatalf("no diagnostics; want %q", c.diag)
				}
				if msg := d.Index(0).Get("message").String(); !strings.Contains(msg, c.diag) {
					t.Errorf("diagnostic %q does not contain %q", msg, c.diag)
				}
			}
		})
	}
}

func TestNoArguments(t *testing.T) {
	resp := await(t, run(js.Undefined(), nil).(js.Value))
	if msg := resp.Get("diagnostics").Index(0).Get("message").String(); !strings.Contains(msg, "want 1 argument") {
		t.Errorf("message %q", msg)
	}
}

func TestFeatures(t *testing.T) {
	rows := featureRows(js.Undefined(), nil).(js.Value)
	if rows.Length() < 2 {
		t.Fatalf("only %d feature rows", rows.Length())
	}
	found := false
	for i := 0; i < rows.Length(); i++ {
		r := rows.Index(i)
		if r.Get("name").String() == "yakl" {
			found = true
			if r.Get("stage").String() != "alpha" || r.Get("source").String() != "default" || r.Get("enabled").Bool() {
				t.Errorf("yakl row: stage %s source %s enabled %v", r.Get("stage"), r.Get("source"), r.Get("enabled"))
			}
		}
	}
	if !found {
		t.Error("no yakl row")
	}
}
