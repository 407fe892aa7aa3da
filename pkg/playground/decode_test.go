package playground

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// decodeCases are request texts DecodeRequest must decode as json.Unmarshal
// does: the fast path's cases and every way out of it.
var decodeCases = []struct{ name, text string }{
	{"plain", `{"files":{"a.jsonnet":"{}","lib/b.libsonnet":"{ x: 1 }\n"},"entry":"a.jsonnet","command":"show"}`},
	{"files last", `{"entry":"a.jsonnet","jpath":["vendor"],"files":{"a.jsonnet":"1"}}`},
	{"spaces", " \n{ \"files\" : { \"a\" : \"x\" , \"b\":\"y\" } ,\t\"entry\" : \"a\" }\r\n"},
	{"empty files", `{"files":{},"entry":"a"}`},
	{"empty object", `{}`},
	{"escapes", `{"files":{"a\"b":"line\n\t\"q\" \\ \/ \u00e9 \ud83d\ude00 \u0000"}}`},
	{"short escapes", `{"files":{"a":"\b\f\r\n\t\/\\\"x","b":"ok\\"}}`},
	{"lone surrogate", `{"files":{"a":"\ud800x"}}`},
	{"invalid utf-8", "{\"files\":{\"a\xff\":\"b\xfe\xc3\"}}"},
	{"duplicate file", `{"files":{"a":"1","a":"2"}}`},
	{"duplicate files", `{"files":{"a":"1"},"files":{"b":"2"}}`},
	{"Files", `{"Files":{"a":"1"}}`},
	{"FILES after files", `{"files":{"a":"1"},"FILES":{"b":"2"}}`},
	{"kelvin", "{\"files\":{\"a\":\"1\"},\"entry\u212a\":\"x\"}"},
	{"escaped key", `{"fil\u0065s":{"a":"1"}}`},
	{"null files", `{"files":null}`},
	{"null file", `{"files":{"a":null}}`},
	{"number file", `{"files":{"a":1}}`},
	{"files array", `{"files":["a"]}`},
	{"nested values", `{"extCode":{"x":"{\"files\":{}}"},"features":["a","b"],"alpha":true,"traceLine":3,"files":{"a":"1"}}`},
	{"control character", "{\"files\":{\"a\":\"x\ny\"}}"},
	{"bad escape", `{"files":{"a":"\x"}}`},
	{"short unicode", `{"files":{"a":"\u12"}}`},
	{"unterminated", `{"files":{"a":"1"`},
	{"trailing comma", `{"files":{"a":"1",}}`},
	{"trailing garbage", `{"files":{"a":"1"}} x`},
	{"missing colon", `{"files" {"a":"1"}}`},
	{"wrong type elsewhere", `{"files":{"a":"1"},"entry":3}`},
	{"unknown member", `{"files":{"a":"1"},"nope":[1,{"files":2}]}`},
	{"null", `null`},
	{"array", `[]`},
	{"empty", ``},
}

func checkDecode(t *testing.T, r *Runner, text string) {
	t.Helper()
	var want Request
	wantErr := json.Unmarshal([]byte(text), &want)
	got, err := r.DecodeRequest([]byte(text))
	if (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
		t.Fatalf("DecodeRequest(%q) error %v, json.Unmarshal's %v", text, err, wantErr)
	}
	if err == nil && !reflect.DeepEqual(got, want) {
		t.Fatalf("DecodeRequest(%q) = %#v, json.Unmarshal's %#v", text, got, want)
	}
}

// TestDecodeRequest checks every case on a new Runner, and again on one
// that has decoded every case before (so that unchanged files are reused).
func TestDecodeRequest(t *testing.T) {
	warm := &Runner{}
	for _, c := range decodeCases {
		warm.DecodeRequest([]byte(c.text))
	}
	for _, c := range decodeCases {
		t.Run(c.name, func(t *testing.T) {
			checkDecode(t, &Runner{}, c.text)
			checkDecode(t, warm, c.text)
			checkDecode(t, warm, c.text)
		})
	}
}

// TestDecodeRequestReuses checks that a file sent again unchanged is not
// decoded again, is the same string, and that one changed is decoded.
func TestDecodeRequestReuses(t *testing.T) {
	r := &Runner{}
	first, err := r.DecodeRequest([]byte(`{"files":{"lib.libsonnet":"{ a: \"x\" }\n","big.json":"[1, 2, 3]","main.jsonnet":"import 'lib.libsonnet'"}}`))
	if err != nil {
		t.Fatal(err)
	}
	before := r.dec.decoded
	second, err := r.DecodeRequest([]byte(`{"files":{"lib.libsonnet":"{ a: \"x\" }\n","big.json":"[1, 2, 3]","main.jsonnet":"(import 'lib.libsonnet').a"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := r.dec.decoded-before, len("(import 'lib.libsonnet').a"); got != want {
		t.Errorf("the edit decoded %d bytes, want %d (the changed file's)", got, want)
	}
	for _, name := range []string{"lib.libsonnet", "big.json"} {
		if !sameString(first.Files[name], second.Files[name]) {
			t.Errorf("%s: unchanged, but decoded into a new string", name)
		}
	}
	if second.Files["main.jsonnet"] != "(import 'lib.libsonnet').a" {
		t.Errorf("main.jsonnet = %q", second.Files["main.jsonnet"])
	}
	// A file whose old text is a prefix of the new one is not reused.
	third, _ := r.DecodeRequest([]byte(`{"files":{"lib.libsonnet":"{ a: \"x\" }\n\"","big.json":"[1, 2, 3]"}}`))
	if got := third.Files["lib.libsonnet"]; got != "{ a: \"x\" }\n\"" {
		t.Errorf("lib.libsonnet after a longer edit = %q", got)
	}
}

// FuzzDecodeRequest holds DecodeRequest to json.Unmarshal, on a new
// Runner and on one that decoded the seed corpus.
func FuzzDecodeRequest(f *testing.F) {
	warm := &Runner{}
	for _, c := range decodeCases {
		f.Add(c.text)
		warm.DecodeRequest([]byte(c.text))
	}
	f.Fuzz(func(t *testing.T, text string) {
		if strings.Count(text, "{")+strings.Count(text, "[") > 1000 {
			t.Skip("json nests at most 10000 deep; not what this is about")
		}
		checkDecode(t, &Runner{}, text)
		checkDecode(t, warm, text)
	})
}

func TestSameText(t *testing.T) {
	s := "0123456789abcdefghijklmnopqrstuvwxyz"
	for n := 0; n <= len(s); n++ {
		if !sameText([]byte(s[:n]), s[:n]) {
			t.Fatalf("sameText(%q, itself) = false", s[:n])
		}
		for i := 0; i < n; i++ {
			b := []byte(s[:n])
			b[i] ^= 1
			if sameText(b, s[:n]) {
				t.Fatalf("sameText(%q, %q) = true", b, s[:n])
			}
		}
		if n > 0 && sameText([]byte(s[:n-1]), s[:n]) {
			t.Fatalf("sameText of lengths %d and %d = true", n-1, n)
		}
	}
}
