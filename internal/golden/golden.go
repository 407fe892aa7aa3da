// Package golden holds the module's one golden-file helper: tests compare
// their output with a file in testdata, and `go test -update` rewrites the
// files from the current output instead.
package golden

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
		t.Errorf("output differs from %s (run go test -update to accept it)\n%s", path, firstDifference(string(want), got))
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

// firstDifference shows the first line where want and got differ.
func firstDifference(want, got string) string {
	w, g := strings.SplitAfter(want, "\n"), strings.SplitAfter(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\n  want %q\n  got  %q", i+1, a, b)
		}
	}
	return ""
}
