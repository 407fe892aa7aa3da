//go:build js && wasm

package main

import (
	"encoding/json"
	"strings"
	"syscall/js"
	"unicode/utf8"
	"unsafe"
)

// The page sends a request as an object, and sends the whole workspace
// every time: for a workspace of hundreds of files, JSON.stringify and
// the copy of its text into Go's memory cost more than the rest of an
// edit. objectRequest reads such a request's files one by one instead,
// and does not copy a file whose string is the one the last request sent.
//
// That test costs no copy: wasm_exec.js keeps one reference per distinct
// JS value, in a Map keyed by the value, so two equal strings (a file the
// worker received again, in a new string) get the same reference while
// Go holds the first one, and js.Value.Equal compares references. If a
// wasm_exec.js stopped sharing references, a file sent again would only
// be copied again: equal references always mean equal strings.

// sentFile is a file of the last request read by objectRequest: the JS
// string and the Go text made from it.
type sentFile struct {
	v    js.Value
	text string
}

// sentFiles are the files of the last request objectRequest read. The
// JS callbacks that read requests run one at a time.
var sentFiles map[string]sentFile

var (
	objectKeys     = js.Global().Get("Object").Get("keys")
	objectValues   = js.Global().Get("Object").Get("values")
	objectAssign   = js.Global().Get("Object").Get("assign")
	objectCtor     = js.Global().Get("Object")
	objectProto    = js.Global().Get("Object").Get("prototype")
	getPrototypeOf = js.Global().Get("Object").Get("getPrototypeOf")
)

// objectRequest splits a request object into its files and the JSON text
// of the rest, which decodes as before (with no files member). ok is false
// when the object is not plainly a request with an object of strings for
// files (a value that is not a string, a toJSON method, a key json would
// also take for "files"): it then crosses as JSON text whole, with the
// errors that gives.
func objectRequest(req js.Value) (files map[string]string, rest []byte, ok bool) {
	fv := req.Get("files")
	if !plainObject(req) || !plainObject(fv) {
		return nil, nil, false
	}
	keys := objectKeys.Invoke(req)
	for i, n := 0, keys.Length(); i < n; i++ {
		k := keys.Index(i).String()
		if k != "files" && (strings.EqualFold(k, "files") || !isASCII(k)) {
			return nil, nil, false
		}
	}
	// The names cross as one JSON text: a call into JS per name cost
	// more than the rest of the loop.
	var names []string
	if json.Unmarshal(utf8Bytes(jsonStringify.Invoke(objectKeys.Invoke(fv))), &names) != nil {
		return nil, nil, false
	}
	values := objectValues.Invoke(fv)
	n := len(names)
	if values.Length() != n {
		return nil, nil, false
	}
	next := make(map[string]sentFile, n)
	files = make(map[string]string, n)
	for i := 0; i < n; i++ {
		v := values.Index(i)
		if v.Type() != js.TypeString {
			return nil, nil, false
		}
		name := names[i]
		f, seen := sentFiles[name]
		if !seen || !f.v.Equal(v) {
			f = sentFile{v: v, text: ownedString(utf8Bytes(v))}
		}
		next[name] = f
		files[name] = f.text
	}
	restObj := objectAssign.Invoke(objectCtor.New(), req)
	restObj.Delete("files")
	sentFiles = next
	return files, utf8Bytes(jsonStringify.Invoke(restObj)), true
}

// plainObject says whether JSON.stringify writes v's own enumerable
// properties and nothing else: an object made by {} or
// Object.create(null), without a toJSON method.
func plainObject(v js.Value) bool {
	if v.Type() != js.TypeObject || !v.Get("toJSON").IsUndefined() {
		return false
	}
	proto := getPrototypeOf.Invoke(v)
	return proto.IsNull() || proto.Equal(objectProto)
}

// ownedString is b as a string without a copy: b is new, and nothing
// else holds it.
func ownedString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
