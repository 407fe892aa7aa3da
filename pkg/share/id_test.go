package share_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/pkg/share"
)

func TestCanonicalize(t *testing.T) {
	for _, tc := range []struct {
		name, in, want, wantErr string
	}{
		{"sorted_keys", `{"b":1,"a":2}`, `{"a":2,"b":1}`, ""},
		{"nested_sorted", `{"z":{"y":1,"x":[{"d":1,"c":2}]}}`, `{"z":{"x":[{"c":2,"d":1}],"y":1}}`, ""},
		{"white_space", " {\n\t\"a\" : [ 1 , 2 ] }\n", `{"a":[1,2]}`, ""},
		{"numbers_as_written", `{"a":1.50,"b":1e3,"c":12345678901234567890}`, `{"a":1.50,"b":1e3,"c":12345678901234567890}`, ""},
		{"escapes_normalised", `{"a":"\u0041\/"}`, `{"a":"A/"}`, ""},
		{"html_escaped", `{"a":"<script>&"}`, `{"a":"\u003cscript\u003e\u0026"}`, ""},
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
	for _, s := range []string{`{}`, `{"b":1,"a":[1,{"d":null,"c":true}]}`, `{"a":"\u00e9\ud83d\ude00"}`, `[1]`, `{"a":1e400}`, "{\"a\":\"\xff\"}"} {
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
		if !share.ValidID(share.ID(c)) {
			t.Fatalf("ID of %q is not valid", c)
		}
	})
}
