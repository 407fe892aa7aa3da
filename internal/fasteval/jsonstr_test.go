package fasteval

import (
	"testing"
	"unicode/utf8"

	jsonnet "github.com/google/go-jsonnet"

	"github.com/kubecfg/kubecfg/internal/jsonlite"
)

// FuzzJSONString compares jsonlite.AppendStringNoHTML, the manifest's
// string writer, with encoding/json without HTML escaping (go-jsonnet's
// jsonEncode), which it replaces.
func FuzzJSONString(f *testing.F) {
	for _, s := range []string{"", "a\"b\\c", "\b\f\n\r\t\x00\x1f\x7f", "é\u2028\u2029<>&", "\xff\xfe", "\U0001F600"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := jsonEncode(&interp{}, s)
		if got := string(jsonlite.AppendStringNoHTML(nil, s)); got != want {
			t.Errorf("%q: got %s, want %s (valid %v)", s, got, want, utf8.ValidString(s))
		}
	})
}

// FuzzDecodeJSON compares .json imports read as JSON with go-jsonnet's
// evaluation of the same text: where decodeJSON takes the text, both
// manifest alike.
func FuzzDecodeJSON(f *testing.F) {
	for _, s := range []string{`{"a": [1, -0, 2.5e3, "x\/\u00e9\n"], "b": {"c": null, "d": true}}`, `[]`, `"\ud83d\ude00"`, `{"a":1,"a":2}`, `1e400`, `-1E-5`, `{"\u0000": 0}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := decodeJSON([]byte(s), map[string]string{})
		if err != nil {
			return
		}
		want, werr := jsonnet.MakeVM().EvaluateAnonymousSnippet("x.json", s)
		if werr != nil {
			t.Fatalf("%q: decoded, but go-jsonnet fails: %v", s, werr)
		}
		in := &interp{maxDepth: 1 << 20}
		got := string(in.manifest(nil, v, true, "")) + "\n"
		if got != want {
			t.Errorf("%q: got %s, want %s", s, got, want)
		}
	})
}
