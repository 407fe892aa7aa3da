//go:build !js

package share_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/pkg/share"
	"github.com/kubecfg/kubecfg/pkg/share/sharetest"
)

func openBolt(t *testing.T) share.Store {
	t.Helper()
	s, err := share.OpenBolt(filepath.Join(t.TempDir(), "snippets.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Error(err)
		}
	})
	return s
}

func TestBoltConformance(t *testing.T) {
	sharetest.RunStore(t, openBolt, sharetest.StoreOptions{Atomic: true})
}

func TestBoltReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "snippets.db")
	s, err := share.OpenBolt(path)
	if err != nil {
		t.Fatal(err)
	}
	body := []byte(`{"a":1}`)
	id := share.ID(body)
	if created, err := s.PutIfAbsent(ctx, id, body); err != nil || !created {
		t.Fatalf("PutIfAbsent = %v, %v", created, err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s, err = share.OpenBolt(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.Get(ctx, id)
	if err != nil || string(got) != string(body) {
		t.Fatalf("Get after reopen = %q, %v; want %q", got, err, body)
	}
}

func TestBoltOpenErrors(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "snippets.db")
	s, err := share.OpenBolt(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, tc := range []struct{ name, path, want string }{
		{"locked_by_another_handle", path, "timeout"},
		{"missing_directory", filepath.Join(dir, "no", "such", "dir", "x.db"), "no such file"},
		{"a_directory", dir, "open snippet store"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s2, err := share.OpenBolt(tc.path)
			if err == nil {
				s2.Close()
				t.Fatalf("OpenBolt(%s) succeeded, want an error", tc.path)
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "open snippet store ") {
				t.Errorf("OpenBolt(%s) error = %q, want it to start with the context and contain %q", tc.path, err, tc.want)
			}
		})
	}
}
