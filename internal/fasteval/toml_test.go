package fasteval_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	jsonnet "github.com/google/go-jsonnet"

	"github.com/kubecfg/kubecfg/internal/testdata"
)

// TestManifestTOML runs std.manifestTomlEx (and std.manifestToml, std's
// Jsonnet over it) on values of every shape: the fast engine must finish
// each with go-jsonnet's output, and leave to go-jsonnet (which fails
// too) those go-jsonnet refuses.
func TestManifestTOML(t *testing.T) {
	imp := func() jsonnet.Importer { return &jsonnet.MemoryImporter{} }
	values := []string{
		`{}`,
		`{a: 1, b: 'x', c: true, d: false, e: 1.5, f: -0.25, g: 1e21, h: 3.0, i: -0}`,
		`{'': 1, 'a b': 2, 'é': 3, 'a.b': {c: 1}, 'x"y': [{z: 1}], A_z-9: 4}`,
		`{s: 'tab\there "q" \\ \n\u0001 é \u007f'}`,
		`{a: [], b: [1, 2, 3], c: [[1, [2]], [], ['x']], d: [{}, {x: 1}, 2], e: [{p: [1, {q: 2}]}]}`,
		`{a: {}, b: {c: {}}, d: {e: 1, f: {g: 2}}, h: [{}, {}], i: [{j: [{k: 1}]}]}`,
		`{t: {x: 1, arr: [1, 2], sub: {y: [3, {z: 4}]}, list: [{a: 1}, {b: {c: 2}}]}, v: 0}`,
		`{a: {b: {c: {d: {e: [1, 2]}}}}, z: [{y: {x: [{w: 1}]}}]}`,
		`{a:: 1, b: 2, c: {d:: 3}, e: [{f:: 4}]}`,
		`{a: 1} + {b+: {c: 2}} + {b+: {d: [3]}}`,
		`{inline: [{a: 1, b: [1, {c: 'x'}]}, 1], empty: [{}], o: [{a: {}}]}`,
		`{a: null}`,
		`{a: [1, null]}`,
		`{a: {b: function(x) x}}`,
		`{a: [{b: 1}, {c: error 'e'}]}`,
		`1`,
		`[{a: 1}]`,
	}
	for _, v := range values {
		for _, call := range []string{
			`std.manifestTomlEx(%s, '  ')`,
			`std.manifestTomlEx(%s, '')`,
			`std.manifestTomlEx(%s, '\t-')`,
			`std.manifestToml(%s)`,
			`std.manifestTomlEx(value=%s, indent=' ')`,
		} {
			src := strings.Replace(call, "%s", v, 1)
			switch o, why := run("x.jsonnet", src, imp); o {
			case differ:
				t.Errorf("%s: %s", src, why)
			case fellBack:
				t.Errorf("%s: fell back on a program go-jsonnet runs: %s", src, why)
			}
		}
	}
	for _, src := range []string{`std.manifestTomlEx({}, 1)`, `std.manifestTomlEx({})`, `std.manifestTomlEx(null, '')`} {
		if o, why := run("x.jsonnet", src, imp); o != bothFail {
			t.Errorf("%s: want a failure on both engines, got %d: %s", src, o, why)
		}
	}
}

// TestManifestTOMLGoJsonnetPrograms holds go-jsonnet's own test programs
// that call std.manifestTomlEx (or std.manifestToml) to go-jsonnet's
// outputs, finished by the fast engine where go-jsonnet finishes them.
func TestManifestTOMLGoJsonnetPrograms(t *testing.T) {
	dir := testdata.Dir(t, "go-jsonnet")
	files, err := filepath.Glob(filepath.Join(dir, "*.jsonnet"))
	if err != nil {
		t.Fatal(err)
	}
	imp := func() jsonnet.Importer { return &jsonnet.FileImporter{JPaths: []string{dir}} }
	n := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), "manifestToml") {
			continue
		}
		n++
		switch o, why := run(f, string(b), imp); o {
		case differ, fellBack:
			t.Errorf("%s: %d: %.300s", filepath.Base(f), o, why)
		}
	}
	if n < 3 {
		t.Errorf("%d of go-jsonnet's programs use std.manifestTomlEx, want at least 3", n)
	}
	t.Logf("%d programs", n)
}
