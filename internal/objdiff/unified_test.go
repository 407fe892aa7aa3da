package objdiff

import (
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/internal/textdiff"
)

// Hunks as hexops/gotextdiff's ToUnified over myers.ComputeEdits gives
// them (and kubecfg prints them), including its "to" line of a hunk
// after a merged one, which does not count the earlier hunk's unchanged
// lines.
func TestUnified(t *testing.T) {
	lines := func(s ...string) string { return strings.Join(s, "\n") }
	for _, tc := range []struct{ name, a, b, want string }{
		{"one line", lines("a", "b", "c"), lines("a", "x", "c"),
			"@@ -1,3 +1,3 @@\n a\n-b\n+x\n c\n\\ No newline at end of file\n"},
		{"far apart", lines("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16"),
			lines("1", "X", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "Y", "16"),
			"@@ -1,5 +1,5 @@\n 1\n-2\n+X\n 3\n 4\n 5\n@@ -12,5 +12,5 @@\n 12\n 13\n 14\n-15\n+Y\n 16\n\\ No newline at end of file\n"},
		{"merged then apart", lines("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19", "20"),
			lines("X", "2", "3", "4", "5", "6", "Y", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17", "18", "Z", "20"),
			"@@ -1,10 +1,10 @@\n-1\n+X\n 2\n 3\n 4\n 5\n 6\n-7\n+Y\n 8\n 9\n 10\n@@ -16,5 +11,5 @@\n 16\n 17\n 18\n-19\n+Z\n 20\n\\ No newline at end of file\n"},
		{"insert then delete", lines("{", "a", "b", "}"), lines("{", "c", "a", "}"),
			"@@ -1,4 +1,4 @@\n {\n+c\n a\n-b\n }\n\\ No newline at end of file\n"},
		{"all new", "a\n", "b\n", "@@ -1 +1 @@\n-a\n+b\n"},
	} {
		if d := textdiff.First(tc.want, Format(Unified(tc.a, tc.b), false)); d != "" {
			t.Errorf("%s: %s", tc.name, d)
		}
	}
	if Unified("a", "a") != nil {
		t.Error("equal texts have hunks")
	}
}
