package yakl

import (
	"errors"
	"math"
	"math/bits"
	"strconv"
	"strings"

	"github.com/kubecfg/kubecfg/internal/lazyre"
)

// YAML 1.2 core schema (https://yaml.org/spec/1.2.2/#1032-tag-resolution).
var (
	reNull   = lazyre.New(`^(?:null|Null|NULL|~|)$`)
	reBool   = lazyre.New(`^(?:true|True|TRUE|false|False|FALSE)$`)
	reInt10  = lazyre.New(`^[-+]?[0-9]+$`)
	reInt8   = lazyre.New(`^0o[0-7]+$`)
	reInt16  = lazyre.New(`^0x[0-9a-fA-F]+$`)
	reFloat  = lazyre.New(`^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$`)
	reInf    = lazyre.New(`^[-+]?\.(?:inf|Inf|INF)$`)
	reNaN    = lazyre.New(`^\.(?:nan|NaN|NAN)$`)
	reIdent  = lazyre.New(`^[A-Za-z_][A-Za-z0-9_]*$`)
	keywords = map[string]bool{
		"assert": true, "else": true, "error": true, "false": true, "for": true,
		"function": true, "if": true, "import": true, "importstr": true,
		"importbin": true, "in": true, "local": true, "null": true,
		"tailstrict": true, "then": true, "self": true, "super": true, "true": true,
	}
)

// isIdent reports whether s is a Jsonnet identifier that is not a keyword.
func isIdent(s string) bool { return reIdent().MatchString(s) && !keywords[s] }

// plainKind is what the core schema makes of an untagged plain scalar.
type plainKind int

const (
	kindString plainKind = iota
	kindNull
	kindBool
	kindInt
	kindFloat
	kindInf
	kindNaN
)

// maybeSpecial is a cheap filter: a plain scalar can only resolve to
// something other than a string if it starts like one.
func maybeSpecial(s string) bool {
	if s == "" {
		return true
	}
	switch c := s[0]; {
	case c >= '0' && c <= '9', c == '-', c == '+', c == '.', c == '~':
		return true
	case c == 'n' || c == 'N' || c == 't' || c == 'T' || c == 'f' || c == 'F':
		return len(s) <= 5
	}
	return false
}

func resolvePlain(s string) plainKind {
	if !maybeSpecial(s) {
		return kindString
	}
	switch {
	case reNull().MatchString(s):
		return kindNull
	case reBool().MatchString(s):
		return kindBool
	case reInt10().MatchString(s), reInt8().MatchString(s), reInt16().MatchString(s):
		return kindInt
	case reFloat().MatchString(s):
		return kindFloat
	case reInf().MatchString(s):
		return kindInf
	case reNaN().MatchString(s):
		return kindNaN
	}
	return kindString
}

// intLiteral turns a core-schema integer into a JSON number, or explains
// why it cannot be one: one past ±2^53, it must be a float64 exactly. It
// does without math/big, which would add 48 kB of brotli to the browser's
// core engine (docs/benchmarks.md, the bytes before the first result).
func intLiteral(s string) (string, string) {
	base, digits, neg := 10, strings.TrimPrefix(s, "+"), false
	switch {
	case strings.HasPrefix(s, "0o"):
		base, digits = 8, s[2:]
	case strings.HasPrefix(s, "0x"):
		base, digits = 16, s[2:]
	case strings.HasPrefix(digits, "-"):
		digits, neg = digits[1:], true
	}
	digits = strings.TrimLeft(digits, "0")
	if digits == "" {
		return "0", ""
	}
	if v, err := strconv.ParseUint(digits, base, 64); err == nil && v <= 1<<53 {
		if neg {
			return "-" + strconv.FormatUint(v, 10), ""
		}
		return strconv.FormatUint(v, 10), ""
	} else if err != nil && !errors.Is(err, strconv.ErrRange) {
		return "", "invalid integer " + strconv.Quote(s)
	}
	f, ok := exactFloat(digits, base)
	if !ok {
		return "", "integer " + s + " cannot be held exactly by a float64 number; quote it to make it a string"
	}
	if neg {
		f = -f
	}
	return strconv.FormatFloat(f, 'g', -1, 64), ""
}

// exactFloat is the float64 that is exactly the integer of digits (base
// 8, 10 or 16, no sign, no leading zeros, not empty), if there is one.
func exactFloat(digits string, base int) (float64, bool) {
	if base == 10 {
		// ParseFloat rounds to the nearest float64; FormatFloat with a
		// precision writes that float's exact decimal value.
		f, err := strconv.ParseFloat(digits, 64)
		return f, err == nil && strconv.FormatFloat(f, 'f', 0, 64) == digits
	}
	// A power-of-two base: the value's bits are the digits' bits. It is a
	// float64 when its significant bits (from the highest one to the
	// lowest one) are at most 53 and it is below 2^1024.
	per := bits.TrailingZeros(uint(base))
	val := func(c byte) uint {
		d, _ := strconv.ParseUint(string(c), base, 8)
		return uint(d)
	}
	length := (len(digits)-1)*per + bits.Len(val(digits[0]))
	trailing := 0
	for i := len(digits) - 1; i >= 0 && val(digits[i]) == 0; i-- {
		trailing += per
	}
	if d := val(digits[len(digits)-1-trailing/per]); d != 0 {
		trailing += bits.TrailingZeros(d)
	}
	if length-trailing > 53 || length > 1024 {
		return 0, false
	}
	// Every partial sum, highest digits first, has its bits among the
	// value's: each addition is exact.
	f := 0.0
	for i := 0; i < len(digits); i++ {
		f += math.Ldexp(float64(val(digits[i])), per*(len(digits)-1-i))
	}
	return f, true
}

// floatLiteral turns a core-schema float into a JSON number.
func floatLiteral(s string) (string, string) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(f, 0) {
		return "", "number " + s + " is out of range of a float64; quote it to make it a string"
	}
	if f == 0 && strings.HasPrefix(s, "-") {
		return "-0", ""
	}
	return strconv.FormatFloat(f, 'g', -1, 64), ""
}
