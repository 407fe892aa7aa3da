package fasteval

import (
	"math"
	"strconv"
	"strings"

	"github.com/kubecfg/kubecfg/internal/stdformat"
)

// std.format (and std.mod, the % operator) in Go for the common codes:
// %s, %d of a whole number below 2^53 and %%, each with no flags, no
// precision and a fixed field width, over an array or a single value.
// Anything else (other codes, flags, *, mapping keys, an object of
// values, a count of values that does not match) is go-jsonnet's
// std.format in Jsonnet, evaluated by this engine: its results and its
// errors are go-jsonnet's.

// fmtCode is one piece of a parsed format string: literal text, or a
// code (ctype 's', 'd' or '%') padded to width fw.
type fmtCode struct {
	text  string
	ctype byte
	fw    int
	left  bool
}

// parseFormat parses a format string into the codes this file takes,
// or reports false.
func parseFormat(s string) ([]fmtCode, bool) {
	parsed := stdformat.Parse(s)
	if parsed == nil {
		return nil, false
	}
	out := make([]fmtCode, 0, len(parsed))
	for _, p := range parsed {
		switch p := p.(type) {
		case string:
			if p != "" {
				out = append(out, fmtCode{text: p})
			}
		case map[string]any:
			ctype, _ := p["ctype"].(string)
			fw, ok := p["fw"].(int)
			if !ok {
				if f, isF := p["fw"].(float64); isF && f == math.Floor(f) {
					fw, ok = int(f), true
				}
			}
			flags, _ := p["cflags"].(map[string]any)
			if !ok || p["mkey"] != nil || p["prec"] != nil || flags == nil {
				return nil, false
			}
			for name, on := range flags {
				if on == true && name != "left" {
					return nil, false
				}
			}
			switch ctype {
			case "s", "d", "%":
			default:
				return nil, false
			}
			out = append(out, fmtCode{ctype: ctype[0], fw: fw, left: flags["left"] == true})
		default:
			return nil, false
		}
	}
	return out, true
}

// format is std.format(str, vals), or false where the Jsonnet std.format
// must answer.
func (in *interp) format(str string, vals value) (string, bool) {
	e := in.eng
	codes, ok := e.formats[str]
	if !ok {
		var good bool
		codes, good = parseFormat(str)
		if !good {
			codes = nil
		}
		if e.formats == nil {
			e.formats = map[string][]fmtCode{}
		}
		e.formats[str] = codes
	}
	if codes == nil {
		return "", false
	}
	var args []value
	switch v := vals.(type) {
	case *array:
		args = v.elems
	case *object:
		return "", false
	default:
		args = []value{v}
	}
	var b strings.Builder
	j := 0
	for _, c := range codes {
		if c.ctype == 0 {
			b.WriteString(c.text)
			continue
		}
		var s string
		switch c.ctype {
		case '%':
			s = "%"
		case 's', 'd':
			if j >= len(args) {
				return "", false
			}
			v := in.force(args[j])
			j++
			if c.ctype == 's' {
				s = in.toString(v)
				break
			}
			n, isNum := v.(float64)
			if !isNum {
				return "", false
			}
			mag := math.Floor(math.Abs(n))
			if mag >= 1<<53 {
				return "", false
			}
			s = strconv.FormatInt(int64(mag), 10)
			if n <= -1 {
				s = "-" + s
			}
		}
		if pad := c.fw - strLen(s); pad > 0 {
			if c.left {
				s += strings.Repeat(" ", pad)
			} else {
				s = strings.Repeat(" ", pad) + s
			}
		}
		b.WriteString(s)
	}
	if j != len(args) {
		return "", false
	}
	return b.String(), true
}

// goFormat says whether std.format may run in Go here: only where
// go-jsonnet's parses format strings with internal/stdformat's native
// (its rewrite in and the native registered), whose stack frames the Go
// std.format counts; elsewhere go-jsonnet parses in Jsonnet, and so does
// this engine.
func (in *interp) goFormat() bool {
	if !stdformat.Installed {
		return false
	}
	_, ok := in.eng.natives[stdformat.Name]
	return ok
}

// jsonnetStd calls std's field name as go-jsonnet's standard library
// defines it in Jsonnet, below the builtins.
func (in *interp) jsonnetStd(name string, args ...value) value {
	std := in.baseStd()
	return in.call(in.fn(in.superIndex(std, len(std.leaves)-1, name)), args...)
}
