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
		// go-yaml v3 reads past "..." and fails on a tail it cannot
		// tokenize; the guard gave up and go-yaml v2 expanded the bomb.
		{"a bomb before a tail go-yaml v3 cannot read", big + "...\n\t@x: [\n", true},
		{"a document before a tail go-yaml v3 cannot read", "a: &a 1\nb: *a\n...\n\t@x: [\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := checkAliases([]byte(tc.doc))
			if (err != nil) != tc.refuse {
				t.Fatalf("checkAliases: %v, want refused=%v", err, tc.refuse)
			}
		})
	}
}

// TestCheckYAML: what go-jsonnet's std.parseYaml is refused by (its guard
// in internal/stdguard): the nesting limit and the alias guard, in any
// document of the stream.
func TestCheckYAML(t *testing.T) {
	big := "a: &a " + strings.Repeat("x", 100<<10) + "\nb: [" + strings.Repeat("*a, ", 1000) + "*a]\n"
	for _, tc := range []struct {
		name, text, err string
	}{
		{"plain", "a: 1\n---\nb: [1, 2]\n", ""},
		{"aliases", "a: &a {x: 1}\nb: *a\n", ""},
		{"deep", strings.Repeat("[", 1001) + strings.Repeat("]", 1001), "yaml: line 1, column 1001: collections nested deeper than 1000 levels; refusing to parse"},
		{"a bomb in the second document", "a: 1\n---\n" + big, "YAML aliases expand this document past 64 MiB; refusing to read it"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckYAML(tc.text)
			if got := fmt.Sprint(err); (err == nil) != (tc.err == "") || err != nil && got != tc.err {
				t.Errorf("CheckYAML: %v, want %q", err, tc.err)
			}
		})
	}
}
