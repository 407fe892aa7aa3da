package fasteval

import (
	"testing"
	"unicode/utf8"
)

// FuzzJSONString compares appendJSONString with encoding/json without
// HTML escaping (go-jsonnet's jsonEncode), which it replaces.
func FuzzJSONString(f *testing.F) {
	for _, s := range []string{"", "a\"b\\c", "\b\f\n\r\t\x00\x1f\x7f", "é\u2028\u2029<>&", "\xff\xfe", "\U0001F600"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := jsonEncode(&interp{}, s)
		if got := string(appendJSONString(nil, s)); got != want {
			t.Errorf("%q: got %s, want %s (valid %v)", s, got, want, utf8.ValidString(s))
		}
	})
}
