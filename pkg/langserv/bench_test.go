package langserv

import (
	"strings"
	"testing"
)

// workspace200 is pkg/playground's 200-object benchmark workspace
// (cache_test.go), with two cursors: after "std." in the entry, and on
// "toString".
var workspace200 = `
local app(i) = {
  local name = 'app-' + i,
  local labels = { app: name, tier: if i % 2 == 0 then 'web' else 'db' },
  deployment: {
    apiVersion: 'apps/v1', kind: 'Deployment',
    metadata: { name: name, namespace: 'ns-' + (i % 7), labels: labels },
    spec: {
      replicas: 1 + i % 3,
      selector: { matchLabels: labels },
      template: {
        metadata: { labels: labels },
        spec: { containers: [{ name: 'c' + j, image: 'nginx:1.' + j, env: [{ name: 'E' + k, value: std.toString(i * k) } for k in std.range(0, 3)] } for j in std.range(0, 1)] },
      },
    },
  },
  service: {
    apiVersion: 'v1', kind: 'Service',
    metadata: { name: name, namespace: 'ns-' + (i % 7), labels: labels },
    spec: { selector: labels, ports: [{ port: 80, targetPort: 8080 }] },
  },
};
{ ['app' + i]: app(i) for i in std.range(0, 99) }
`

// benchRequest is a request at the first occurrence of mark in the
// 200-object workspace, the mark's text kept (at is an offset into it).
func benchRequest(op, mark string, at int) Request {
	off := strings.Index(workspace200, mark) + at
	pos := newSource(workspace200).pos(off)
	return Request{Op: op, Files: map[string]string{"app.jsonnet": workspace200}, Path: "app.jsonnet",
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
