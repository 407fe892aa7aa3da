package langserv

import (
	"os"
	"strings"
	"sync"
	"testing"
)

// k8s200 is the project's 200-object benchmark program
// (scripts/bench/testdata/k8s200.jsonnet, which pkg/playground's and the
// page's benchmarks evaluate), read once.
var k8s200 = sync.OnceValue(func() string {
	b, err := os.ReadFile("../../scripts/bench/testdata/k8s200.jsonnet")
	if err != nil {
		panic(err)
	}
	return string(b)
})

// benchRequest is a request at the first occurrence of mark in the
// 200-object workspace, the mark's text kept (at is an offset into it).
func benchRequest(op, mark string, at int) Request {
	src := k8s200()
	off := strings.Index(src, mark) + at
	pos := newSource(src).pos(off)
	return Request{Op: op, Files: map[string]string{"app.jsonnet": src}, Path: "app.jsonnet",
		Line: pos.Line, Column: pos.Column, Entry: "app.jsonnet"}
}

// BenchmarkLang: each answer kind on the 200-object workspace, the
// workspace sent anew with each request as the page sends it.
func BenchmarkLang(b *testing.B) {
	for _, c := range []struct {
		name string
		req  Request
	}{
		{"complete-std", benchRequest(OpComplete, "std.toString", 4)},
		{"complete-scope", benchRequest(OpComplete, "labels: labels }", 8)},
		{"hover-std", benchRequest(OpHover, "std.toString", 6)},
		{"hover-local", benchRequest(OpHover, "labels: labels }", 9)},
		{"definition", benchRequest(OpDefinition, "labels: labels }", 9)},
		{"format", benchRequest(OpFormat, "", 0)},
		{"lint", benchRequest(OpLint, "", 0)},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if resp := Serve(c.req); resp.Error != "" {
					b.Fatal(resp.Error)
				}
			}
		})
	}
}
