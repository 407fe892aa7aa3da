package yakl

import (
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"
)

// YAML 1.2 core schema (https://yaml.org/spec/1.2.2/#1032-tag-resolution).
var (
	reNull   = regexp.MustCompile(`^(?:null|Null|NULL|~|)$`)
	reBool   = regexp.MustCompile(`^(?:true|True|TRUE|false|False|FALSE)$`)
	reInt10  = regexp.MustCompile(`^[-+]?[0-9]+$`)
	reInt8   = regexp.MustCompile(`^0o[0-7]+$`)
	reInt16  = regexp.MustCompile(`^0x[0-9a-fA-F]+$`)
	reFloat  = regexp.MustCompile(`^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$`)
	reInf    = regexp.MustCompile(`^[-+]?\.(?:inf|Inf|INF)$`)
	reNaN    = regexp.MustCompile(`^\.(?:nan|NaN|NAN)$`)
	reIdent  = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	keywords = map[string]bool{
		"assert": true, "else": true, "error": true, "false": true, "for": true,
		"function": true, "if": true, "import": true, "importstr": true,
		"importbin": true, "in": true, "local": true, "null": true,
		"tailstrict": true, "then": true, "self": true, "super": true, "true": true,
	}
)

// isIdent reports whether s is a Jsonnet identifier that is not a keyword.
func isIdent(s string) bool { return reIdent.MatchString(s) && !keywords[s] }

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
	case reNull.MatchString(s):
		return kindNull
	case reBool.MatchString(s):
		return kindBool
	case reInt10.MatchString(s), reInt8.MatchString(s), reInt16.MatchString(s):
		return kindInt
	case reFloat.MatchString(s):
		return kindFloat
	case reInf.MatchString(s):
		return kindInf
	case reNaN.MatchString(s):
		return kindNaN
	}
	return kindString
}

// intLiteral turns a core-schema integer into a JSON number, or explains
// why it cannot be one.
func intLiteral(s string) (string, string) {
	v := new(big.Int)
	var ok bool
	switch {
	case strings.HasPrefix(s, "0o"):
		_, ok = v.SetString(s[2:], 8)
	case strings.HasPrefix(s, "0x"):
		_, ok = v.SetString(s[2:], 16)
	default:
		_, ok = v.SetString(strings.TrimPrefix(s, "+"), 10)
	}
	if !ok {
		return "", "invalid integer " + strconv.Quote(s)
	}
	if v.IsInt64() && v.Int64() <= 1<<53 && v.Int64() >= -(1<<53) {
		return v.String(), ""
	}
	f, acc := new(big.Float).SetInt(v).Float64()
	if acc != big.Exact || math.IsInf(f, 0) {
		return "", "integer " + s + " cannot be held exactly by a float64 number; quote it to make it a string"
	}
	return strconv.FormatFloat(f, 'g', -1, 64), ""
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
