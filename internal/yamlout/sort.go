package yamlout

import (
	"unicode"
	"unicode/utf8"
)

// compareKeys orders map keys as go-yaml v2's keyList.Less orders strings
// (sorter.go): letters after other characters, runs of digits by their
// numeric value, so "x1, x2, x10". Less never holds both ways and never
// ties distinct strings, so a comparison function built on it gives the
// same order as go-yaml v2's sort.Sort wherever that order is consistent.
func compareKeys(a, b string) int {
	if a == b {
		return 0
	}
	if keyLess(a, b) {
		return -1
	}
	return 1
}

// keyLess is keyList.Less for two strings.
func keyLess(a, b string) bool {
	var abuf, bbuf [64]rune
	ar := appendRunes(abuf[:0], a)
	br := appendRunes(bbuf[:0], b)
	for i := 0; i < len(ar) && i < len(br); i++ {
		if ar[i] == br[i] {
			continue
		}
		al := isLetter(ar[i])
		bl := isLetter(br[i])
		if al && bl {
			return ar[i] < br[i]
		}
		if al || bl {
			return bl
		}
		var ai, bi int
		var an, bn int64
		if ar[i] == '0' || br[i] == '0' {
			for j := i - 1; j >= 0 && isDigit(ar[j]); j-- {
				if ar[j] != '0' {
					an = 1
					bn = 1
					break
				}
			}
		}
		for ai = i; ai < len(ar) && isDigit(ar[ai]); ai++ {
			an = an*10 + int64(ar[ai]-'0')
		}
		for bi = i; bi < len(br) && isDigit(br[bi]); bi++ {
			bn = bn*10 + int64(br[bi]-'0')
		}
		if an != bn {
			return an < bn
		}
		if ai != bi {
			return ai < bi
		}
		return ar[i] < br[i]
	}
	return len(ar) < len(br)
}

// appendRunes is []rune(s) into dst's storage.
func appendRunes(dst []rune, s string) []rune {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			for _, r := range s[i:] {
				dst = append(dst, r)
			}
			return dst
		}
		dst = append(dst, rune(c))
	}
	return dst
}

// isLetter is unicode.IsLetter with an ASCII fast path.
func isLetter(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
	}
	return unicode.IsLetter(r)
}

// isDigit is unicode.IsDigit with an ASCII fast path.
func isDigit(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= '0' && r <= '9'
	}
	return unicode.IsDigit(r)
}
