package kubecfg

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/pkg/features"
)

// TestTraceLeavesTheSessionAlone: ursonnet instruments the ASTs of the VM
// it runs on and takes its std.trace output, so a trace runs on a VM of its
// own: a file the trace parsed and the session imports afterwards is
// evaluated as written (its own std.trace reaches TraceOut, and no
// ursonnet one does), and a second trace gives the same places.
func TestTraceLeavesTheSessionAlone(t *testing.T) {
	var traces bytes.Buffer
	cfg := &Config{
		Gates: features.Defaults(), Cwd: "/w", TraceOut: &traces,
		FS: importer.NewMapFS("/w", map[string]string{
			"app.jsonnet":   "local lib = import 'lib.libsonnet';\n{ x: lib.f(2) }\n",
			"lib.libsonnet": "{\n  f(n):: { n: n },\n  g(n):: std.trace('hello', n),\n}\n",
		}),
	}
	s, err := cfg.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	first, err := s.TraceInput("app.jsonnet", "$.x.n")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"/w/app.jsonnet:2 ", "/w/lib.libsonnet:2 "}
	if got := first.Lines(false); !reflect.DeepEqual(got, want) {
		t.Errorf("trace = %q, want %q", got, want)
	}
	out, err := s.evaluate(cfg.cwdURL(), "(import 'lib.libsonnet').g(1)")
	if err != nil || strings.TrimSpace(out) != "1" {
		t.Fatalf("evaluate = %q, %v", out, err)
	}
	if got, want := traces.String(), "TRACE: file:///w/lib.libsonnet:3 hello\n"; got != want {
		t.Errorf("std.trace output after a trace = %q, want %q", got, want)
	}
	second, err := s.TraceInput("app.jsonnet", "$.x.n")
	if err != nil || !reflect.DeepEqual(second.Roots, first.Roots) {
		t.Errorf("second trace = %v, %v; want %v", second, err, first.Roots)
	}
}

func TestLocateLine(t *testing.T) {
	src := "---\na: 1\nb:\n  c: [x, y]\n  d:\n  - e\n  - f\n  \"odd key\": 2\n---\nz: 3\n"
	for _, tc := range []struct {
		line int
		doc  int
		path string
	}{
		{2, 0, "$.a"}, {3, 0, "$.b"}, {4, 0, "$.b.c"}, {6, 0, "$.b.d[0]"}, {7, 0, "$.b.d[1]"},
		{8, 0, `$.b["odd key"]`}, {10, 1, "$.z"},
	} {
		l, err := LocateLine([]byte(src), tc.line)
		if err != nil || l.Doc != tc.doc || l.Path != tc.path {
			t.Errorf("line %d: %+v, %v; want doc %d path %s", tc.line, l, err, tc.doc, tc.path)
		}
	}
	if _, err := LocateLine([]byte(src), 9); err == nil || err.Error() != "didn't find AST node for line 9" {
		t.Errorf("line 9 (---): %v", err)
	}
}
