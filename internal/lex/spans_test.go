package lex

import (
	"fmt"
	"strings"
	"testing"
)

// spans writes src's spans as KIND[text] (with ! for one left open).
func spans(src string, opts Options) string {
	var b strings.Builder
	for sp := range Spans(src, opts) {
		open := ""
		if !sp.Closed {
			open = "!"
		}
		fmt.Fprintf(&b, "%s%s[%s|%s]", kindName[sp.Kind], open, src[sp.Start:sp.Body], src[sp.Body:sp.End])
	}
	return b.String()
}

var kindName = map[Kind]string{CodeRun: "code", LineComment: "line", BlockComment: "block", TextBlock: "text", Verbatim: "verbatim", Quoted: "quoted"}

func TestSpans(t *testing.T) {
	for _, tc := range []struct {
		name, src   string
		lineStrings bool
		want        string
	}{
		{"empty", "", false, ""},
		{"code", "{a: 1}", false, "code[|{a: 1}]"},
		{"quoted", `x + 'a\'b' + "c"`, false, `code[|x + ]quoted['|a\'b']code[| + ]quoted["|c"]`},
		{"verbatim", `@'it''s' + @"q"`, false, `verbatim[@'|it''s']code[| + ]verbatim[@"|q"]`},
		{"text block", "a + |||\n  t\n||| + b", false, "code[|a + ]text[||||\n  t\n|||]code[| + b]"},
		{"comments", "1 // x\n# y\n/* z */2", false, "code[|1 ]line[|// x]code[|\n]line[|# y]code[|\n]block[|/* z */]code[|2]"},
		{"unclosed quoted", "'abc", false, "quoted!['|abc]"},
		{"unclosed escape at the end", `'ab\`, false, `quoted!['|ab\]`},
		{"unclosed verbatim", "@'a", false, "verbatim![@'|a]"},
		{"unclosed text block", "|||\n a", false, "text![||||\n a]"},
		{"unclosed block comment", "1 /* a", false, "code[|1 ]block![|/* a]"},
		{"block comment closed at the end", "/**/", false, "block[|/**/]"},
		{"a quoted string over lines", "'a\n{' + b", false, "quoted['|a\n{']code[| + b]"},
		{"LineStrings: a quote ends at its line", "'a\n{' + b", true, "quoted['|a\n]code[|{]quoted!['| + b]"},
		{"LineStrings: an escaped newline", "'a\\\nb' + c", true, "quoted['|a\\\nb']code[| + c]"},
		{"LineStrings: closed on its line", "'a' + b", true, "quoted['|a']code[| + b]"},
		{"two pipes are code", "a || b", false, "code[|a || b]"},
		{"a lone at sign", "@x", false, "code[|@x]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := spans(tc.src, Options{LineStrings: tc.lineStrings}); got != tc.want {
				t.Errorf("Spans(%q) =\n%s\nwant\n%s", tc.src, got, tc.want)
			}
		})
	}
}

func TestSpansStop(t *testing.T) {
	n := 0
	for range Spans("a 'b' c // d\n", Options{}) {
		if n++; n == 2 {
			break
		}
	}
	if n != 2 {
		t.Errorf("%d spans before break, want 2", n)
	}
}

// FuzzSpans: the spans cover the text in order, each byte once, and Code
// visits the bytes the scanner before spans did (oldCode).
func FuzzSpans(f *testing.F) {
	for _, s := range []string{"'a' + @\"b\" + |||\n c\n||| /* d */ // e\n $", "'a\\", "/*/", "|||", "@'", "'a\n'"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, src string, lineStrings bool) {
		at := 0
		for sp := range Spans(src, Options{LineStrings: lineStrings}) {
			if sp.Start != at || sp.End <= sp.Start || sp.End > len(src) || sp.Body < sp.Start || sp.Body > sp.End {
				t.Fatalf("span %+v after offset %d of %d bytes", sp, at, len(src))
			}
			at = sp.End
		}
		if at != len(src) {
			t.Fatalf("spans end at %d of %d bytes", at, len(src))
		}
		var got, want []int
		Code(src, func(i int) bool { got = append(got, i); return true })
		oldCode(src, func(i int) bool { want = append(want, i); return true })
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("Code(%q) visits %v, the scanner before spans %v", src, got, want)
		}
	})
}

// oldCode is Code as it was before Spans, kept as the reference the fuzz
// test compares with.
func oldCode(src string, visit func(i int) bool) {
	n := len(src)
	for i := 0; i < n; {
		c := src[i]
		switch {
		case c == '#' || c == '/' && i+1 < n && src[i+1] == '/':
			for i < n && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < n && src[i+1] == '*':
			i += 2
			for i < n && !(src[i] == '*' && i+1 < n && src[i+1] == '/') {
				i++
			}
			i += 2
		case c == '|' && i+2 < n && src[i+1] == '|' && src[i+2] == '|':
			i += 3
			for i < n && !(src[i] == '|' && i+2 < n && src[i+1] == '|' && src[i+2] == '|') {
				i++
			}
			i += 3
		case c == '@' && i+1 < n && (src[i+1] == '\'' || src[i+1] == '"'):
			q := src[i+1]
			for i += 2; i < n; i++ {
				if src[i] == q {
					if i+1 < n && src[i+1] == q {
						i++
						continue
					}
					break
				}
			}
			i++
		case c == '\'' || c == '"':
			for i++; i < n && src[i] != c; i++ {
				if src[i] == '\\' {
					i++
				}
			}
			i++
		default:
			if !visit(i) {
				return
			}
			i++
		}
	}
}
