package importer

import (
	"reflect"
	"testing"
)

// TestRebase checks that an importer moves to a new workspace version
// unless a file it served changed, and that it then serves the new one.
func TestRebase(t *testing.T) {
	old := NewMapFS("/w", map[string]string{"lib.libsonnet": "{ a: 1 }", "main.jsonnet": "import 'lib.libsonnet'"})
	im := New(Options{FS: old, Cwd: "/w"})
	if _, _, err := im.Import("/w/main.jsonnet", "lib.libsonnet"); err != nil {
		t.Fatal(err)
	}
	next := NewMapFS("/w", map[string]string{"lib.libsonnet": "{ a: 2 }", "main.jsonnet": "import 'lib.libsonnet' + 1"})
	if im.Rebase(next, func(name string) bool { return name == "/w/lib.libsonnet" }) {
		t.Fatal("Rebase moved past a changed file the importer served")
	}
	if c, _, _ := im.Import("/w/main.jsonnet", "lib.libsonnet"); c.String() != "{ a: 1 }" {
		t.Fatalf("a refused Rebase changed the importer: %q", c.String())
	}
	if !im.Rebase(next, func(name string) bool { return name == "/w/main.jsonnet" }) {
		t.Fatal("Rebase refused a version where only a file it never served changed")
	}
	if im.Rebase(nil, func(string) bool { return false }) {
		t.Fatal("Rebase onto no file system")
	}
}

func TestLinkFSNames(t *testing.T) {
	l := LinkFS{FS: MapFS{}, Root: "/w", Links: map[string]string{
		"vendor/xtd":    "github.com/o/xtd",
		"vendor/chain":  "xtd/nested",
		"vendor/escape": "../../..",
	}}
	for name, want := range map[string][]string{
		"/w/vendor/chain/n.libsonnet":     {"/w/vendor/chain/n.libsonnet", "/w/vendor/xtd/nested/n.libsonnet", "/w/vendor/github.com/o/xtd/nested/n.libsonnet"},
		"/w/vendor/./xtd/x.libsonnet":     {"/w/vendor/xtd/x.libsonnet", "/w/vendor/github.com/o/xtd/x.libsonnet"},
		"/w/plain.libsonnet":              {"/w/plain.libsonnet"},
		"/w/vendor/escape/x.libsonnet":    {"/w/vendor/escape/x.libsonnet"},
		"/elsewhere/vendor/xtd/x.jsonnet": {"/elsewhere/vendor/xtd/x.jsonnet"},
	} {
		if got := l.Names(name); !reflect.DeepEqual(got, want) {
			t.Errorf("Names(%s) = %v, want %v", name, got, want)
		}
	}
}
