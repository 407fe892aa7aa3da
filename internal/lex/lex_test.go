package lex

import (
	"strings"
	"testing"
)

func code(src string) string {
	var b strings.Builder
	Code(src, func(i int) bool { b.WriteByte(src[i]); return true })
	return b.String()
}

func TestCode(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"plain", "{a: $.b}", "{a: $.b}"},
		{"single quotes", `x + '$[{' + y`, "x +  + y"},
		{"double quotes with escape", `"a\"$" + $`, " + $"},
		{"verbatim", `@'it''s $' + $`, " + $"},
		{"verbatim double", `@"say ""$""" + 1`, " + 1"},
		{"text block", "|||\n  $ { [\n||| + $", " + $"},
		{"line comments", "1 // $\n# {\n+ 2", "1 \n\n+ 2"},
		{"block comment", "1 /* $ */ + $", "1  + $"},
		{"unterminated string", "'abc", ""},
		{"unterminated comment", "1 /* abc", "1 "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := code(tc.src); got != tc.want {
				t.Errorf("Code(%q) = %q, want %q", tc.src, got, tc.want)
			}
		})
	}
}

func TestPosition(t *testing.T) {
	if l, c := Position("ab\ncd", 4); l != 2 || c != 2 {
		t.Errorf("Position = %d:%d, want 2:2", l, c)
	}
}

func FuzzCode(f *testing.F) {
	f.Add("'a' + @\"b\" + |||\n c\n||| /* d */ // e\n $")
	f.Fuzz(func(t *testing.T, src string) {
		last := -1
		Code(src, func(i int) bool {
			if i <= last || i >= len(src) {
				t.Fatalf("offset %d after %d in %d bytes", i, last, len(src))
			}
			last = i
			return true
		})
	})
}

func TestYAMLFlowDepth(t *testing.T) {
	deep := strings.Repeat("[", 11) + strings.Repeat("]", 11)
	for _, tc := range []struct {
		name, src string
		want      int
	}{
		{"shallow", "a: [1, {b: [2]}]\n", -1},
		{"at the limit", strings.Repeat("[", 10) + strings.Repeat("]", 10), -1},
		{"past the limit", deep, 10},
		{"after a key", "key: " + deep, 15},
		{"in single quotes", "'" + deep + "'", -1},
		{"escaped single quote", "'it''s " + deep + "'", -1},
		{"in double quotes", `"\"` + deep + `"`, -1},
		{"in a comment", "a: 1 # " + deep + "\nb: 2", -1},
		{"a hash inside a word is not a comment", "a#" + deep, 12},
		{"sequential", strings.Repeat("[[]]", 100), -1},
		// A bracket after text of a plain scalar is that scalar's text
		// (found by FuzzManifestYamlRoundTrip: manifestYaml writes the
		// string "o{{{…" plain, and parseYaml refused it).
		{"in a plain scalar", "o" + deep, -1},
		{"in a plain scalar after a key", "key: f(" + deep + ")", -1},
		{"after a dash and a space", "- " + deep, 12},
		{"at the start of a line after a comment", "# c\n" + deep, 14},
		{"after a closing quote", `"a"` + deep, 13},
		{"after an indicator", "a:" + deep, 12},
		{"after a byte that is not ASCII", "\u2028" + deep, 13},
		{"in a flow collection", "[o" + strings.Repeat("[", 10), 11},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := YAMLFlowDepth(tc.src, 10); got != tc.want {
				t.Errorf("YAMLFlowDepth = %d, want %d", got, tc.want)
			}
		})
	}
}
