package yamlout

import (
	"strconv"
	"strings"
	"time"

	"github.com/kubecfg/kubecfg/internal/lazyre"
)

// canUsePlain is stringv's decision for an untagged string: plain only if
// go-yaml v2's resolve reads it back as a string and it is not a YAML 1.1
// base 60 float.
func canUsePlain(s string) bool {
	return resolvesToString(s) && !isBase60Float(s)
}

// resolvesToString is resolve("", s) == "!!str", following resolve.go.
func resolvesToString(in string) bool {
	if in == "" {
		return false // null
	}
	var hint byte
	switch c := in[0]; {
	case c == '+' || c == '-':
		hint = 'S'
	case c >= '0' && c <= '9':
		hint = 'D'
	case strings.IndexByte("yYnNtTfFoO~", c) >= 0:
		hint = 'M'
	case c == '.':
		hint = '.'
	default:
		return true
	}
	if inResolveMap(in) {
		return false
	}
	switch hint {
	case '.':
		_, err := strconv.ParseFloat(in, 64)
		return err != nil
	case 'D', 'S':
		if !numberish(in) {
			return true
		}
		if isTimestamp(in) {
			return false
		}
		plain := strings.ReplaceAll(in, "_", "")
		if _, err := strconv.ParseInt(plain, 0, 64); err == nil {
			return false
		}
		if _, err := strconv.ParseUint(plain, 0, 64); err == nil {
			return false
		}
		if yamlStyleFloat().MatchString(plain) {
			if _, err := strconv.ParseFloat(plain, 64); err == nil {
				return false
			}
		}
		if rest, ok := strings.CutPrefix(plain, "0b"); ok {
			if _, err := strconv.ParseInt(rest, 2, 64); err == nil {
				return false
			}
			if _, err := strconv.ParseUint(rest, 2, 64); err == nil {
				return false
			}
		} else if rest, ok := strings.CutPrefix(plain, "-0b"); ok {
			if _, err := strconv.ParseInt("-"+rest, 2, 64); err == nil {
				return false
			}
		}
	}
	return true
}

// inResolveMap reports the words of resolve.go's resolveMap: YAML 1.1
// booleans, nulls, .inf and .nan spellings and the merge key.
func inResolveMap(s string) bool {
	switch s {
	case "y", "Y", "yes", "Yes", "YES",
		"true", "True", "TRUE",
		"on", "On", "ON",
		"n", "N", "no", "No", "NO",
		"false", "False", "FALSE",
		"off", "Off", "OFF",
		"", "~", "null", "Null", "NULL",
		".nan", ".NaN", ".NAN",
		".inf", ".Inf", ".INF",
		"+.inf", "+.Inf", "+.INF",
		"-.inf", "-.Inf", "-.INF",
		"<<":
		return true
	}
	return false
}

var yamlStyleFloat = lazyre.New(`^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`)

// allowedTimestampFormats are resolve.go's timestamp layouts.
var allowedTimestampFormats = []string{
	"2006-1-2T15:4:5.999999999Z07:00",
	"2006-1-2t15:4:5.999999999Z07:00",
	"2006-1-2 15:4:5.999999999",
	"2006-1-2",
}

// isTimestamp is resolve.go's parseTimestamp without the value.
func isTimestamp(s string) bool {
	i := 0
	for ; i < len(s); i++ {
		if c := s[i]; c < '0' || c > '9' {
			break
		}
	}
	if i != 4 || i == len(s) || s[i] != '-' {
		return false
	}
	for _, format := range allowedTimestampFormats {
		if _, err := time.Parse(format, s); err == nil {
			return true
		}
	}
	return false
}

var base60float = lazyre.New(`^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$`)

// isBase60Float is encode.go's isBase60Float.
func isBase60Float(s string) bool {
	if s == "" {
		return false
	}
	c := s[0]
	if !(c == '+' || c == '-' || c >= '0' && c <= '9') || strings.IndexByte(s, ':') < 0 {
		return false
	}
	return base60float().MatchString(s)
}

// numberishChars are every character an int, a float, a binary or a
// timestamp that resolve accepts can hold.
var numberishChars = func() (t [256]bool) {
	for _, c := range "0123456789abcdefABCDEFxXoO_+-.:tTzZ " {
		t[c] = true
	}
	return t
}()

// numberish reports whether s holds only numberishChars: anything else
// resolves to a string, and saves the parse attempts (and their errors).
func numberish(s string) bool {
	for i := 0; i < len(s); i++ {
		if !numberishChars[s[i]] {
			return false
		}
	}
	return true
}
