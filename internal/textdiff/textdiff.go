// Package textdiff says where two texts part: the first line that
// differs, both sides quoted. Golden files and the kubecfg-realworld
// runner report differences with it.
package textdiff

import (
	"fmt"
	"strings"
)

// First returns "line N:" and the two versions of the first line where
// want and got differ, or "" when they are equal.
func First(want, got string) string {
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
