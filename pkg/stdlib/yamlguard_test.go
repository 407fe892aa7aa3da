package stdlib

import (
	"fmt"
	"strings"
	"testing"
)

func TestCheckAliases(t *testing.T) {
	big := "a: &a " + strings.Repeat("x", 100<<10) + "\nb: [" + strings.Repeat("*a, ", 1000) + "*a]\n"
	var laughs strings.Builder
	laughs.WriteString("l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n")
	for i := 1; i < 10; i++ {
		fmt.Fprintf(&laughs, "l%d: &l%d [*l%d, *l%d, *l%d, *l%d, *l%d, *l%d, *l%d, *l%d, *l%d]\n", i, i, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1)
	}
	for _, tc := range []struct {
		name, doc string
		refuse    bool
	}{
		{"no aliases", "a: 1\nb: [x, y]\n", false},
		{"a few aliases", "base: &b {x: 1}\none: *b\ntwo: *b\n", false},
		{"a large anchor repeated", big, true},
		{"billion laughs", laughs.String(), true},
		{"a syntax error is left to the converter", "a: [*\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := checkAliases([]byte(tc.doc))
			if (err != nil) != tc.refuse {
				t.Fatalf("checkAliases: %v, want refused=%v", err, tc.refuse)
			}
		})
	}
}
