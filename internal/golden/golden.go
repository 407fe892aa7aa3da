// Package golden holds the module's one golden-file helper: tests compare
// their output with a file in testdata, and `go test -update` rewrites the
// files from the current output instead.
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/kubecfg/kubecfg/internal/textdiff"
)

var update = flag.Bool("update", false, "rewrite golden files (and other generated expectations) from the current output")

// Update reports whether the test binary runs with -update.
func Update() bool { return *update }

// Check compares got with the golden file at path; with -update it writes
// got there (creating the directory) instead.
func Check(t testing.TB, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if string(want) != got {
		t.Errorf("output differs from %s (run go test -update to accept it)\n%s", path, textdiff.First(string(want), got))
	}
}

// Remove deletes a golden file that a case no longer has with -update,
// and reports it as stale without.
func Remove(t testing.TB, path string) {
	t.Helper()
	if *update {
		os.Remove(path)
	} else if _, err := os.Stat(path); err == nil {
		t.Errorf("stale golden file %s (run go test -update)", path)
	}
}
