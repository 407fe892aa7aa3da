//go:build js && wasm

package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"syscall/js"
	"unicode/utf8"

	"github.com/kubecfg/kubecfg/internal/jsonlite"
	"github.com/kubecfg/kubecfg/pkg/playground"
)

// The page's files cross into Go one by one, each as its UTF-8 bytes
// copied once: a workspace of hundreds of files as one JSON text would be
// stringified, copied and decoded whole. A stateless request
// (objectRequest) sends them all every time; the session protocol's
// update (readUpdate) only those that changed.

var (
	objectKeys     = js.Global().Get("Object").Get("keys")
	objectValues   = js.Global().Get("Object").Get("values")
	objectAssign   = js.Global().Get("Object").Get("assign")
	objectCtor     = js.Global().Get("Object")
	objectProto    = js.Global().Get("Object").Get("prototype")
	getPrototypeOf = js.Global().Get("Object").Get("getPrototypeOf")
)

// copiedBytes counts the bytes of file texts copied into Go (for tests:
// an update copies the files it carries and no others).
var copiedBytes int

// fileText is one file's text out of a JS string, copied once.
func fileText(v js.Value) []byte {
	b := utf8Bytes(v)
	copiedBytes += len(b)
	return b
}

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
	names, values, ok := entries(fv)
	if !ok {
		return nil, nil, false
	}
	files = make(map[string]string, len(names))
	for i, name := range names {
		v := values.Index(i)
		if v.Type() != js.TypeString {
			return nil, nil, false
		}
		files[name] = string(fileText(v))
	}
	restObj := objectAssign.Invoke(objectCtor.New(), req)
	restObj.Delete("files")
	return files, utf8Bytes(jsonStringify.Invoke(restObj)), true
}

// entries are a plain object's own keys and its values, in one order.
func entries(obj js.Value) ([]string, js.Value, bool) {
	// The names cross as one JSON text: a call into JS per name cost
	// more than the rest of the loop.
	// jsonlite reads them unless one needs encoding/json's replacement
	// of a lone surrogate (it declines those).
	text := utf8Bytes(jsonStringify.Invoke(objectKeys.Invoke(obj)))
	names, ok := stringList(text)
	if !ok && json.Unmarshal(text, &names) != nil {
		return nil, js.Value{}, false
	}
	values := objectValues.Invoke(obj)
	if values.Length() != len(names) {
		return nil, js.Value{}, false
	}
	return names, values, true
}

// stringList reads a JSON array of strings as json.Unmarshal reads it
// into a []string, or declines (ok false).
func stringList(text []byte) (names []string, ok bool) {
	v, ok := jsonlite.Decode(text, false)
	list, isList := v.([]any)
	if !ok || !isList {
		return nil, false
	}
	names = make([]string, len(list))
	for i, k := range list {
		if names[i], ok = k.(string); !ok {
			return nil, false
		}
	}
	return names, true
}

// updateHead is an update message without its files, as JSON.
type updateHead struct {
	Rev   int               `json:"rev"`
	Base  int               `json:"base"`
	Full  bool              `json:"full"`
	Links map[string]string `json:"links"`
}

// readUpdate reads the session protocol's update message {rev, base,
// full, files: {path: text|null}, links}: the files one by one, a
// removed path as nil.
func readUpdate(u js.Value) (head updateHead, texts map[string][]byte, removed []string, err error) {
	if !plainObject(u) {
		return head, nil, nil, fmt.Errorf("the update must be an object, not %s", u.Type())
	}
	rest := objectAssign.Invoke(objectCtor.New(), u)
	rest.Delete("files")
	text := utf8Bytes(jsonStringify.Invoke(rest))
	if !playground.DecodeObject(text, []string{"rev", "base", "full", "links"}, []any{&head.Rev, &head.Base, &head.Full, &head.Links}) {
		head = updateHead{}
		if err := json.Unmarshal(text, &head); err != nil {
			return head, nil, nil, fmt.Errorf("decoding the update: %w", err)
		}
	}
	fv := u.Get("files")
	if fv.IsUndefined() || fv.IsNull() {
		return head, nil, nil, nil
	}
	names, values, ok := entries(fv)
	if !plainObject(fv) || !ok {
		return head, nil, nil, fmt.Errorf("the update's files must be an object of texts")
	}
	texts = make(map[string][]byte, len(names))
	for i, name := range names {
		switch v := values.Index(i); v.Type() {
		case js.TypeString:
			texts[name] = fileText(v)
		case js.TypeNull:
			removed = append(removed, name)
		default:
			return head, nil, nil, fmt.Errorf("the update's file %q is a %s, not a text or null", name, v.Type())
		}
	}
	return head, texts, removed, nil
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

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
