package share_test

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kubecfg/kubecfg/internal/lex"
	"github.com/kubecfg/kubecfg/pkg/share"
)

// nested returns a JSON object whose value nests arrays so that the text
// opens depth brackets in all (the object's included).
func nested(depth int) string {
	return `{"a":` + strings.Repeat("[", depth-1) + strings.Repeat("]", depth-1) + `}`
}

func TestCanonicalize(t *testing.T) {
	for _, tc := range []struct {
		name, in, want, wantErr string
	}{
		{"sorted_keys", `{"b":1,"a":2}`, `{"a":2,"b":1}`, ""},
		{"nested_sorted", `{"z":{"y":1,"x":[{"d":1,"c":2}]}}`, `{"z":{"x":[{"c":2,"d":1}],"y":1}}`, ""},
		{"white_space", " {\n\t\"a\" : [ 1 , 2 ] }\n", `{"a":[1,2]}`, ""},
		{"numbers_as_written", `{"a":1.50,"b":1e3,"c":12345678901234567890}`, `{"a":1.50,"b":1e3,"c":12345678901234567890}`, ""},
		{"escapes_normalised", `{"a":"\u0041\/"}`, `{"a":"A/"}`, ""},
		// Stored as written: escaping <, > and & made a 64 KiB body up to
		// six times larger once stored.
		{"html_not_escaped", `{"a":"<script>&"}`, `{"a":"<script>&"}`, ""},
		{"html_escapes_unescaped", `{"a":"\u003c\u003e\u0026"}`, `{"a":"<>&"}`, ""},
		// encoding/json always escapes the two JavaScript line terminators.
		{"line_separators_escaped", "{\"a\":\"\u2028\u2029\"}", `{"a":"\u2028\u2029"}`, ""},
		{"surrogate_pair", `{"a":"\ud83d\ude00"}`, "{\"a\":\"\U0001F600\"}", ""},
		{"replacement_character_as_written", "{\"a\":\"\uFFFD\\uFFFD\"}", "{\"a\":\"\uFFFD\uFFFD\"}", ""},
		// Invalid UTF-8 and lone surrogates were replaced by U+FFFD, so
		// different bodies (and file names) became one.
		{"invalid_utf8_in_value", "{\"a\":\"\xff\"}", "", "parse snippet: invalid UTF-8 at offset 6"},
		{"invalid_utf8_in_key", "{\"a\xfe\":1}", "", "parse snippet: invalid UTF-8 at offset 3"},
		{"truncated_utf8", "{\"a\":\"\xe2\x82\"}", "", "invalid UTF-8"},
		{"utf8_surrogate_bytes", "{\"a\":\"\xed\xa0\x80\"}", "", "invalid UTF-8"},
		{"lone_high_surrogate", `{"a":"\ud800"}`, "", `parse snippet: lone surrogate \ud800 at offset 6`},
		{"lone_low_surrogate", `{"a":"x\uDC00"}`, "", `parse snippet: lone surrogate \uDC00 at offset 7`},
		{"high_then_other_escape", `{"a":"\ud800\u0041"}`, "", "lone surrogate"},
		{"high_then_high", `{"a":"\ud800\ud800\udc00"}`, "", "lone surrogate"},
		{"lone_surrogate_in_key", `{"\udbff":1}`, "", "lone surrogate"},
		{"escaped_backslash_then_u", `{"a":"\\ud800"}`, `{"a":"\\ud800"}`, ""},
		{"nested_at_the_limit", nested(lex.MaxDepth), nested(lex.MaxDepth), ""},
		{"nested_past_the_limit", nested(lex.MaxDepth + 1), "", "parse snippet: nested more than 1000 levels deep at offset 1004"},
		{"nested_10000", nested(10000), "", "nested more than 1000 levels"},
		{"brackets_in_strings_do_not_nest", `{"a":"` + strings.Repeat("[{", 3000) + `"}`, `{"a":"` + strings.Repeat("[{", 3000) + `"}`, ""},
		{"duplicate_key_last_wins", `{"a":1,"a":2}`, `{"a":2}`, ""},
		{"empty_object", `{}`, `{}`, ""},
		{"array", `[]`, "", "must be a JSON object"},
		{"null", `null`, "", "must be a JSON object"},
		{"string", `"{}"`, "", "must be a JSON object"},
		{"empty", ``, "", "parse snippet: empty body"},
		{"syntax_error", `{"a":}`, "", "parse snippet: invalid character"},
		{"trailing_object", `{} {}`, "", "data after the JSON object"},
		{"trailing_garbage", `{}x`, "", "parse snippet"},
		{"truncated", `{"a":[1,2`, "", "parse snippet: unexpected EOF"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := share.Canonicalize([]byte(tc.in))
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("Canonicalize(%q) error = %v, want one containing %q", tc.in, err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Canonicalize(%q): %v", tc.in, err)
			}
			if string(got) != tc.want {
				t.Errorf("Canonicalize(%q) = %s, want %s", tc.in, got, tc.want)
			}
		})
	}
}

func TestCanonicalizeNotObjectIsErrNotObject(t *testing.T) {
	if _, err := share.Canonicalize([]byte(`[1]`)); !errors.Is(err, share.ErrNotObject) {
		t.Fatalf("error = %v, want ErrNotObject", err)
	}
}

func TestID(t *testing.T) {
	for _, tc := range []struct{ name, body, want string }{
		// sha256("{}") = 44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a
		{"empty_object", `{}`, "RBNvo1WzZ4oRRq0W9-hkng"},
		// sha256(`{"a":1}`) = 015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862
		{"one_key", `{"a":1}`, "AVq9f1zFei3ZS3WQ8ErYCA"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := share.ID([]byte(tc.body))
			if got != tc.want {
				t.Errorf("ID(%s) = %s, want %s", tc.body, got, tc.want)
			}
			if len(got) != share.IDLen || !share.ValidID(got) {
				t.Errorf("ID(%s) = %s is not a valid ID", tc.body, got)
			}
		})
	}
}

func TestValidID(t *testing.T) {
	good := share.ID([]byte(`{}`))
	for _, tc := range []struct {
		name string
		id   string
		want bool
	}{
		{"good", good, true},
		{"empty", "", false},
		{"short", good[:21], false},
		{"long", good + "A", false},
		{"std_alphabet", "+" + good[1:], false},
		{"slash", "/" + good[1:], false},
		{"padding", good[:20] + "==", false},
		{"noncanonical_trailing_bits", good[:21] + "h", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := share.ValidID(tc.id); got != tc.want {
				t.Errorf("ValidID(%q) = %v, want %v", tc.id, got, tc.want)
			}
		})
	}
}

func FuzzCanonicalize(f *testing.F) {
	for _, s := range []string{`{}`, `{"b":1,"a":[1,{"d":null,"c":true}]}`, `{"a":"\u00e9\ud83d\ude00"}`, `[1]`, `{"a":1e400}`, "{\"a\":\"\xff\"}", `{"a":"\ud800"}`, "{\"a\":\"\u2028<>&\"}", `{"a":"\\\ud83d\ude00"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		c, err := share.Canonicalize(in)
		if err != nil {
			return
		}
		again, err := share.Canonicalize(c)
		if err != nil {
			t.Fatalf("Canonicalize(%q) = %q, which does not canonicalize again: %v", in, c, err)
		}
		if string(again) != string(c) {
			t.Fatalf("not idempotent: %q -> %q -> %q", in, c, again)
		}
		// Only U+2028 and U+2029 grow when stored (3 bytes to 6).
		if len(c) > 2*len(in) || !utf8.Valid(c) {
			t.Fatalf("Canonicalize(%q) = %q: longer than twice the input, or not UTF-8", in, c)
		}
		if !share.ValidID(share.ID(c)) {
			t.Fatalf("ID of %q is not valid", c)
		}
	})
}
