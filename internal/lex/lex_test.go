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
