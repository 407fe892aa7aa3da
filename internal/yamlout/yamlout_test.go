package yamlout

import (
	"math"
	"strings"
	"testing"

	yamlv2 "sigs.k8s.io/yaml/goyaml.v2"
)

// same fails t unless Marshal(v) is go-yaml v2's Marshal(v), byte for byte.
func same(t *testing.T, v any) []byte {
	t.Helper()
	want, werr := yamlv2.Marshal(v)
	got, gerr := Marshal(v)
	if (werr != nil) != (gerr != nil) {
		t.Fatalf("error mismatch: yamlv2 %v, yamlout %v", werr, gerr)
	}
	if string(got) != string(want) {
		t.Fatalf("output differs for %#v\n--- yamlv2\n%s\n--- yamlout\n%s", v, want, got)
	}
	return got
}

var long = strings.Repeat("word ", 30)

// tricky are strings of every shape the scalar rules treat differently.
var tricky = []string{
	"", " ", "  ", "a", " a", "a ", " a ", "a  b", "a\tb", "\t", "a: b", "a:b", "a :b", "a:", ":a", ": a",
	"a #b", "a#b", "#a", "- a", "-a", "-", "--", "---", "--- a", "...", "... a", "?", "? a", "?a", "a?",
	",a", "[a", "]a", "{a", "}a", "&a", "*a", "!a", "|a", ">a", "'a", "\"a", "%a", "@a", "`a",
	"a,b", "a[b]", "a{b}", "it's", `say "hi"`, `back\slash`,
	"yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "OFF", "y", "Y", "n", "N",
	"true", "True", "TRUE", "false", "False", "FALSE", "~", "null", "Null", "NULL", "<<",
	"yEs", "nO", "tRUE", "oN", "nULL",
	"012", "0x1F", "0o17", "0b101", "-0b101", "0b2", "1e3", "1E3", "1e+3", ".5", "5.", "+1", "-0", "-1.5",
	"1_000", "1__0", "_1", "0x_1F", "1:30", "-1:30:00", "1:70", "190:20:30.15", "1.0.0", "v1", "1a", "1 ",
	".inf", "-.inf", "+.Inf", ".nan", ".NaN", ".Nan", ".", "..", ".e1", "9223372036854775808",
	"18446744073709551616", "0xFFFFFFFFFFFFFFFF", "1e400",
	"2001-12-14", "2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10", "2001-12-14 21:59:43.10 -5",
	"2001-1-2", "20011-12-14", "2001-13-14",
	"héllo", "日本語", "a\u00a0b", "\u00a0", "\u0085", "a\u0085b", "a\u2028b", "a\u2029", "\ufeffa", "a\ufeff",
	"\ufffe", "😀", "a😀b", "\x00", "\x01", "\x1b", "\x7f", "\u0080", "\u009f", "\ufdd0",
	"a\nb", "a\n", "a\n\n", "\n", "\n\n", "\na", " a\nb", "a \nb", "a\n b", "a\nb ", "a\r\nb", "a\rb", "\r",
	"line1\nline2\n", "x\n\n\ny", "a\tb\nc", "\ta\n",
	long, strings.TrimSpace(long), strings.Repeat("x", 200), strings.Repeat("ab ", 60) + "\n" + long,
	strings.Repeat("a  ", 40), strings.Repeat("é ", 60), "'" + long + "'", "\"" + long,
	strings.Repeat("- ", 50), strings.Repeat("a:", 50), " " + long, long + "\t",
}

func TestTrickyScalars(t *testing.T) {
	for _, s := range tricky {
		t.Run(strings.ReplaceAll(strings.ReplaceAll(s, "\n", `\n`), "/", "_"), func(t *testing.T) {
			same(t, s)
			same(t, map[string]any{"key": s})
			same(t, map[string]any{s: "value"})
			same(t, []any{s, []any{s}, map[string]any{"k": s, s: []any{s}}})
			same(t, map[string]any{"spec": map[string]any{"template": map[string]any{"metadata": map[string]any{"annotations": map[string]any{"a.very.long/annotation-key": s}}}}})
		})
	}
}

func TestCases(t *testing.T) {
	cases := []struct {
		name string
		v    any
		want string
	}{
		{"null", nil, "null\n"},
		{"empty map", map[string]any{}, "{}\n"},
		{"empty array", []any{}, "[]\n"},
		{"nested empties", map[string]any{"a": map[string]any{}, "b": []any{}, "c": []any{[]any{}, map[string]any{}}}, "a: {}\nb: []\nc:\n- []\n- {}\n"},
		{"natural key order", map[string]any{"x10": 1.0, "x2": 2.0, "x1": 3.0, "X": 4.0, "_": 5.0}, "_: 5\nX: 4\nx1: 3\nx2: 2\nx10: 1\n"},
		{"yaml 1.1 words quoted", map[string]any{"a": "yes", "b": "n", "c": "012", "d": "on"}, "a: \"yes\"\nb: \"n\"\nc: \"012\"\nd: \"on\"\n"},
		{"floats", []any{1.2345678901234567e19, 1e-7, 0.0, math.Copysign(0, -1), 100.0, 1e21, 3.5, -2.0, math.MaxFloat64, math.SmallestNonzeroFloat64}, "- 1.2345678901234567e+19\n- 1e-07\n- 0\n- -0\n- 100\n- 1e+21\n- 3.5\n- -2\n- 1.7976931348623157e+308\n- 5e-324\n"},
		{"infinities", []any{math.Inf(1), math.Inf(-1)}, "- .inf\n- -.inf\n"},
		{"bools", map[string]any{"t": true, "f": false}, "f: false\nt: true\n"},
		{"sequence not indented", map[string]any{"a": []any{"x", map[string]any{"b": 1.0, "c": []any{"y"}}}}, "a:\n- x\n- b: 1\n  c:\n  - \"y\"\n"},
		{"nested sequences", []any{[]any{"a", "b"}, []any{[]any{"c"}}}, "- - a\n  - b\n- - - c\n"},
		{"literal block", map[string]any{"s": "a\nb\n"}, "s: |\n  a\n  b\n"},
		{"literal strip", map[string]any{"s": "a\nb"}, "s: |-\n  a\n  b\n"},
		{"literal keep", map[string]any{"s": "a\n\n"}, "s: |+\n  a\n\n"},
		{"literal indent hint", map[string]any{"s": " a\nb"}, "s: |2-\n   a\n  b\n"},
		{"long key", map[string]any{strings.Repeat("k", 129): "v"}, "? " + strings.Repeat("k", 129) + "\n: v\n"},
		{"multi-line key", map[string]any{"a\nb": []any{"v"}}, "? |-\n  a\n  b\n: - v\n"},
		{"empty key", map[string]any{"": ""}, "\"\": \"\"\n"},
		{"folded plain", map[string]any{"k": strings.TrimSpace(long)}, "k: word word word word word word word word word word word word word word word word\n  word word word word word word word word word word word word word word\n"},
		{"unsupported type falls back", map[string]any{"n": 3, "m": map[string]string{"a": "yes"}}, "m:\n  a: \"yes\"\n\"n\": 3\n"},
		{"invalid utf-8 falls back", map[string]any{"b": "\xff"}, "b: !!binary /w==\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := same(t, c.v)
			if string(got) != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
}

func TestAppend(t *testing.T) {
	dst := []byte("---\n")
	out, err := Append(dst, map[string]any{"a": "b"})
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != "---\na: b\n" {
		t.Errorf("Append = %q", out)
	}
}

func TestKeyOrder(t *testing.T) {
	cases := []struct {
		name string
		a, b string
	}{
		{"digits numerically", "x2", "x10"},
		{"non-letters before letters", "_a", "aa"},
		{"prefix first", "a", "ab"},
		{"upper before lower", "B", "a"},
		{"shorter digit run first", "a1", "a01"},
		{"non-digit before digit", "-", "0"},
		{"unicode letters", "a", "é"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if !keyLess(c.a, c.b) || keyLess(c.b, c.a) {
				t.Errorf("want %q < %q", c.a, c.b)
			}
			same(t, map[string]any{c.a: 1.0, c.b: 2.0})
		})
	}
}
