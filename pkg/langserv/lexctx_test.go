package langserv

import (
	"slices"
	"strings"
	"testing"
)

func TestLexical(t *testing.T) {
	for _, tc := range []struct {
		src             string
		off, kind, body int
	}{
		{"a + b", 2, inCode, 0},
		{"a // c", 6, inComment, 0},
		{"a // c\nb", 7, inCode, 0},
		{"/* c */ b", 3, inComment, 0},
		{"/* c */ b", 7, inCode, 0},
		{"a /* c */", 9, inComment, 0}, // after a block comment that ends the text
		{"/* c", 4, inComment, 0},
		{"'abc' + x", 2, inString, 1},
		{"'abc' + x", 5, inCode, 0},
		{"'abc", 4, inString, 1},
		{"'abc\n{ x", 6, inCode, 0}, // an unfinished quote ends at its line
		{"'abc\n{ x", 4, inString, 1},
		{"@'a''b' x", 1, inCode, 0},
		{"@'a''b' x", 4, inString, 2},
		{"x |||\n t\n||| y", 4, inCode, 0},
		{"x |||\n t\n||| y", 5, inString, 5},
		{"x |||\n t\n||| y", 10, inCode, 0},
		{"x |||\n t", 8, inString, 5},
	} {
		kind, body := lexical(tc.src, tc.off)
		if kind != tc.kind || body != tc.body {
			t.Errorf("lexical(%q, %d) = %d, %d; want %d, %d", tc.src, tc.off, kind, body, tc.kind, tc.body)
		}
	}
}

// FuzzLexical: lexical over internal/lex's spans answers as the service's
// own scanner did before them (oldLexical), at every offset.
func FuzzLexical(f *testing.F) {
	for _, s := range []string{"'a' + @\"b\" + |||\n c\n||| /* d */ // e\n $", "'a\\", "/*/", "|||", "@'", "'a\n'", "/**/", "a #\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 300 {
			return
		}
		for off := 0; off <= len(src)+1; off++ {
			k, s := lexical(src, off)
			wk, ws := oldLexical(src, off)
			if k != wk || s != ws {
				t.Fatalf("lexical(%q, %d) = %d, %d; the scanner before spans: %d, %d", src, off, k, s, wk, ws)
			}
		}
	})
}

// oldLexical is lexical as it was before internal/lex's spans, kept as the
// reference the fuzz test compares with.
func oldLexical(src string, off int) (kind, strStart int) {
	n := len(src)
	for i := 0; i < n && i < off; {
		c := src[i]
		start := i
		switch {
		case c == '#' || c == '/' && i+1 < n && src[i+1] == '/':
			for i < n && src[i] != '\n' {
				i++
			}
			if off > start && off <= i {
				return inComment, 0
			}
		case c == '/' && i+1 < n && src[i+1] == '*':
			i += 2
			for i < n && !(src[i] == '*' && i+1 < n && src[i+1] == '/') {
				i++
			}
			i += 2
			if off > start && off < i || i >= n && off >= start+1 {
				return inComment, 0
			}
		case c == '|' && strings.HasPrefix(src[i:], "|||"):
			i += 3
			for i < n && !strings.HasPrefix(src[i:], "|||") {
				i++
			}
			i += 3
			if off > start+2 && off < i-2 || i > n && off > start+2 {
				return inString, start + 3
			}
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
			if off > start+1 && off < i || i > n && off > start+1 {
				return inString, start + 2
			}
		case c == '\'' || c == '"':
			for i++; i < n && src[i] != c && src[i] != '\n'; i++ {
				if src[i] == '\\' {
					i++
				}
			}
			i++
			if off > start && off < i || i > n && off > start {
				return inString, start + 1
			}
		default:
			i++
		}
	}
	return inCode, 0
}

// FuzzCodeBytes: codeBytes visits exactly the offsets where lexical says
// code.
func FuzzCodeBytes(f *testing.F) {
	for _, s := range []string{"'a' + @\"b\" + |||\n c\n||| /* d */ // e\n $", "'a\\", "/*/", "|||", "@'", "'a\n'", "/**/", "a #\n{", "a #"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		var got, want []int
		codeBytes(src, func(i int) bool { got = append(got, i); return true })
		for i := range len(src) {
			if k, _ := lexical(src, i); k == inCode {
				want = append(want, i)
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("codeBytes(%q) visits %v, lexical says code at %v", src, got, want)
		}
	})
}
