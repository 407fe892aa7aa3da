package importer

import (
	"errors"
	"io/fs"
	"testing"
)

func TestMapFS(t *testing.T) {
	m := NewMapFS("/root", map[string]string{"a.jsonnet": "A", "/dir/b": "B"})
	for name, want := range map[string]string{"/root/a.jsonnet": "A", "/root/dir/b": "B", "/root/./dir/../a.jsonnet": "A"} {
		b, err := m.ReadFile(name)
		if err != nil || string(b) != want {
			t.Errorf("ReadFile(%q) = %q, %v; want %q", name, b, err, want)
		}
	}
	if _, err := m.ReadFile("/root/none"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	if got := m.Names(); len(got) != 2 || got[0] != "/root/a.jsonnet" {
		t.Errorf("Names() = %v", got)
	}
}
