package yamlout

import (
	"strings"
	"unicode/utf8"
)

// The character classes of go-yaml v2's yamlprivateh.go, on strings. Callers
// pass valid UTF-8, so the look-ahead bytes of a multi-byte character exist.

// width is the length of the UTF-8 sequence that starts with b.
func width(b byte) int {
	switch {
	case b&0x80 == 0x00:
		return 1
	case b&0xE0 == 0xC0:
		return 2
	case b&0xF0 == 0xE0:
		return 3
	case b&0xF8 == 0xF0:
		return 4
	}
	return 0
}

// isPrintable is go-yaml v2's is_printable: line feed, printable ASCII and
// most of the BMP, but no C1 controls, no U+FEFF, U+FFFE, U+FFFF and no
// characters outside the BMP.
func isPrintable(v string, i int) bool {
	b := v[i]
	switch {
	case b == 0x0A, b >= 0x20 && b <= 0x7E:
		return true
	case b == 0xC2:
		return v[i+1] >= 0xA0
	case b > 0xC2 && b < 0xED:
		return true
	case b == 0xED:
		return v[i+1] < 0xA0
	case b == 0xEE:
		return true
	case b == 0xEF:
		return !(v[i+1] == 0xBB && v[i+2] == 0xBF) && !(v[i+1] == 0xBF && (v[i+2] == 0xBE || v[i+2] == 0xBF))
	}
	return false
}

// isBreak reports a line break at v[i]: CR, LF, NEL, LS or PS.
func isBreak(v string, i int) bool {
	switch v[i] {
	case '\r', '\n':
		return true
	case 0xC2:
		return v[i+1] == 0x85
	case 0xE2:
		return v[i+1] == 0x80 && (v[i+2] == 0xA8 || v[i+2] == 0xA9)
	}
	return false
}

// isBlank reports a space or a tab at v[i].
func isBlank(v string, i int) bool {
	return v[i] == ' ' || v[i] == '\t'
}

// isBlankz reports a blank, a break or a NUL at v[i].
func isBlankz(v string, i int) bool {
	return isBlank(v, i) || isBreak(v, i) || v[i] == 0
}

// hasBreak reports whether v holds any line break isBreak knows.
func hasBreak(v string) bool {
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '\r', '\n', 0xC2, 0xE2:
			if isBreak(v, i) {
				return true
			}
		}
	}
	return false
}

// containsNewline is stringv's test for the literal style.
func containsNewline(s string) bool {
	return strings.IndexByte(s, '\n') >= 0
}

// runeCount counts characters, as the emitter's column does.
func runeCount(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return utf8.RuneCountInString(s)
		}
	}
	return len(s)
}

// validUTF8 is utf8.ValidString with an ASCII fast path.
func validUTF8(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return utf8.ValidString(s[i:])
		}
	}
	return true
}

// quietChars are the ASCII characters that analyze treats as ordinary at
// every position: letters, digits and . _ / - + = (a leading "-" is an
// indicator when a blank or the end follows it, so quiet excludes "-").
var quietChars = func() (t [256]bool) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = true
		t[c-'a'+'A'] = true
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for _, c := range "._/-+=" {
		t[c] = true
	}
	return t
}()

// quiet reports whether v consists of quietChars only and is not "-".
func quiet(v string) bool {
	if v == "-" {
		return false
	}
	for i := 0; i < len(v); i++ {
		if !quietChars[v[i]] {
			return false
		}
	}
	return true
}
