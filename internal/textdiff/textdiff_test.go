package textdiff

import "testing"

func TestFirst(t *testing.T) {
	for _, tc := range []struct{ want, got, out string }{
		{"a\nb\n", "a\nb\n", ""},
		{"a\nb\n", "a\nc\n", "line 2:\n  want \"b\\n\"\n  got  \"c\\n\""},
		{"a\n", "a\nb", "line 2:\n  want \"\"\n  got  \"b\""},
		{"a\tx\n", "a\n", "line 1:\n  want \"a\\tx\\n\"\n  got  \"a\\n\""},
	} {
		if out := First(tc.want, tc.got); out != tc.out {
			t.Errorf("First(%q, %q) = %q, want %q", tc.want, tc.got, out, tc.out)
		}
	}
}
