package fasteval

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
	_ "unsafe" // go:linkname

	jsonnet "github.com/google/go-jsonnet"
	"github.com/google/go-jsonnet/ast"

	"github.com/kubecfg/kubecfg/internal/stdguard"
)

// goBuiltins is go-jsonnet's table of builtins: only its names are read,
// so that every builtin std has in go-jsonnet is one here too (those not
// written here leave the program to go-jsonnet).
//
//go:linkname goBuiltins github.com/google/go-jsonnet.funcBuiltins
var goBuiltins map[string]struct{ tab, data uintptr }

// guardPrefix is internal/stdguard's prefix for the builtins it moves.
const guardPrefix = "$kubecfg:"

// builtins are the standard library's functions written in Go, by name.
var builtins = map[string]*function{}

func def(name string, params []string, f func(in *interp, a []value) value) {
	ids := make([]ast.Identifier, len(params))
	for i, p := range params {
		ids[i] = ast.Identifier(p)
	}
	builtins[name] = &function{params: ids, builtin: f, name: name, nreq: len(ids)}
}

// defOpt is def for a builtin whose parameters after the first nreq are
// optional: missing ones are nil in a.
func defOpt(name string, params []string, nreq int, f func(in *interp, a []value) value) {
	def(name, params, f)
	builtins[name].defaults = make([]node, len(params))
	builtins[name].nreq = nreq
}

func num1(name string, f func(float64) float64) {
	def(name, []string{"x"}, func(in *interp, a []value) value { return in.checked(f(in.number(a[0]))) })
}

func init() {
	def("id", []string{"x"}, func(in *interp, a []value) value { return a[0] })
	def("extVar", []string{"x"}, func(in *interp, a []value) value { return in.extVar(in.str(a[0])) })
	def("length", []string{"x"}, func(in *interp, a []value) value {
		switch x := a[0].(type) {
		case *object:
			return float64(len(x.visibleFields()))
		case *array:
			return float64(len(x.elems))
		case string:
			return float64(strLen(x))
		case *function:
			return float64(x.required())
		}
		in.fail("length of " + typeName(a[0]))
		return nil
	})
	def("toString", []string{"a"}, func(in *interp, a []value) value { return in.toString(a[0]) })
	def("escapeStringJson", []string{"str_"}, func(in *interp, a []value) value {
		return string(appendString(nil, in.toString(a[0])))
	})
	def("trace", []string{"str", "rest"}, func(in *interp, a []value) value {
		s := in.str(a[0])
		if in.loc == nil || in.loc.File == nil {
			panic(&unsupported{"std.trace called indirectly"})
		}
		file, line := string(in.loc.File.DiagnosticFileName), in.loc.Begin.Line
		in.trace.WriteString("TRACE: " + file + ":" + strconv.Itoa(line) + " " + s + "\n")
		return a[1]
	})
	def("makeArray", []string{"sz", "func"}, func(in *interp, a []value) value {
		n := in.int32(a[0])
		f := in.fn(a[1])
		if n > 10_000_000 {
			in.fail("array too large")
		}
		el := make([]value, n)
		for i := range el {
			el[i] = &thunk{node: &callN{f, float64(i)}}
		}
		return &array{elems: el}
	})
	flatMap := func(in *interp, a []value) value {
		f := in.fn(a[0])
		switch x := a[1].(type) {
		case *array:
			var el []value
			for _, v := range x.elems {
				r := in.arr(in.call(f, v))
				el = append(el, r.elems...)
			}
			return &array{elems: el}
		case string:
			var b strings.Builder
			for _, c := range x {
				b.WriteString(in.str(in.call(f, string(c))))
			}
			return b.String()
		}
		in.fail("flatMap of " + typeName(a[1]))
		return nil
	}
	def("flatMap", []string{"func", "arr"}, flatMap)
	def("$flatMapArray", []string{"func", "arr"}, func(in *interp, a []value) value {
		in.arr(a[1])
		return flatMap(in, a)
	})
	def("join", []string{"sep", "arr"}, func(in *interp, a []value) value {
		arr := in.arr(a[1])
		switch sep := a[0].(type) {
		case string:
			var b strings.Builder
			first := true
			for _, v := range arr.elems {
				switch v := in.force(v).(type) {
				case *nullType:
					continue
				case string:
					if !first {
						b.WriteString(sep)
					}
					b.WriteString(v)
				default:
					in.fail("join: not a string")
				}
				first = false
			}
			return b.String()
		case *array:
			var el []value
			first := true
			for _, v := range arr.elems {
				switch v := in.force(v).(type) {
				case *nullType:
					continue
				case *array:
					if !first {
						el = append(el, sep.elems...)
					}
					el = append(el, v.elems...)
				default:
					in.fail("join: not an array")
				}
				first = false
			}
			return &array{elems: el}
		}
		in.fail("join: bad separator")
		return nil
	})
	def("reverse", []string{"arr"}, func(in *interp, a []value) value {
		x := in.arr(a[0])
		el := make([]value, len(x.elems))
		for i, v := range x.elems {
			el[len(el)-1-i] = v
		}
		return &array{elems: el}
	})
	def("filter", []string{"func", "arr"}, func(in *interp, a []value) value {
		x := in.arr(a[1])
		f := in.fn(a[0])
		el := make([]value, 0, len(x.elems))
		for _, v := range x.elems {
			if in.boolean(in.call(f, v)) {
				el = append(el, v)
			}
		}
		return &array{elems: el}
	})
	fold := func(right bool) func(in *interp, a []value) value {
		return func(in *interp, a []value) value {
			f := in.fn(a[0])
			var el []value
			switch x := a[1].(type) {
			case *array:
				el = x.elems
			case string:
				for _, c := range x {
					el = append(el, string(c))
				}
			default:
				in.fail("fold of " + typeName(a[1]))
			}
			acc := a[2]
			if right {
				for i := len(el) - 1; i >= 0; i-- {
					acc = in.call(f, el[i], acc)
				}
			} else {
				for _, v := range el {
					acc = in.call(f, acc, v)
				}
			}
			return acc
		}
	}
	def("foldl", []string{"func", "arr", "init"}, fold(false))
	def("foldr", []string{"func", "arr", "init"}, fold(true))
	def("member", []string{"arr", "x"}, func(in *interp, a []value) value { return in.member(a[0], a[1]) })
	def("contains", []string{"arr", "elem"}, func(in *interp, a []value) value {
		for _, v := range in.arr(a[0]).elems {
			if in.equals(in.force(v), a[1]) {
				return true
			}
		}
		return false
	})
	removeAt := func(in *interp, a []value) value {
		x := in.arr(a[0])
		i := in.int32(a[1])
		if i < 0 || i >= len(x.elems) {
			in.fail("removeAt out of bounds")
		}
		el := make([]value, 0, len(x.elems)-1)
		el = append(el, x.elems[:i]...)
		el = append(el, x.elems[i+1:]...)
		return &array{elems: el}
	}
	def("removeAt", []string{"arr", "i"}, removeAt)
	def("remove", []string{"arr", "elem"}, func(in *interp, a []value) value {
		x := in.arr(a[0])
		for i, v := range x.elems {
			if in.equals(in.force(v), a[1]) {
				return removeAt(in, []value{x, float64(i)})
			}
		}
		return x
	})
	def("range", []string{"from", "to"}, func(in *interp, a []value) value {
		from, to := in.int32(a[0]), in.int32(a[1])
		n := to - from + 1
		if n <= 0 {
			return &array{}
		}
		if n > 10_000_000 {
			in.fail("range too large")
		}
		el := make([]value, n)
		for i := range el {
			el[i] = float64(from + i)
		}
		return &array{elems: el}
	})
	def("primitiveEquals", []string{"x", "y"}, func(in *interp, a []value) value {
		switch a[0].(type) {
		case *array, *object, *function:
			if typeName(a[0]) == typeName(a[1]) {
				in.fail("primitiveEquals of " + typeName(a[0]))
			}
		}
		return in.equals(a[0], a[1])
	})
	def("equals", []string{"x", "y"}, func(in *interp, a []value) value { return in.equals(a[0], a[1]) })
	def("objectFieldsEx", []string{"obj", "hidden"}, func(in *interp, a []value) value {
		o := in.obj(a[0])
		var names []string
		if in.boolean(a[1]) {
			names = o.allFields()
		} else {
			names = o.visibleFields()
		}
		el := make([]value, len(names))
		for i, n := range names {
			el[i] = n
		}
		return &array{elems: el}
	})
	def("objectHasEx", []string{"obj", "fname", "hidden"}, func(in *interp, a []value) value {
		o := in.obj(a[0])
		name := in.str(a[1])
		hidden := in.boolean(a[2])
		if d := o.singleDef(); d != nil {
			i, ok := d.static[name]
			return ok && (hidden || d.fields[i].hide != ast.ObjectFieldHidden)
		}
		h, ok := o.visibility()[name]
		return ok && (hidden || h != ast.ObjectFieldHidden)
	})
	def("objectRemoveKey", []string{"obj", "key"}, func(in *interp, a []value) value {
		o := in.obj(a[0])
		key := in.str(a[1])
		vis := o.visibility()
		keep := make(map[string]ast.ObjectFieldHide, len(vis))
		for k, v := range vis {
			if k != key {
				keep[k] = v
			}
		}
		leaves := make([]*leaf, 0, len(o.leaves)+1)
		leaves = append(leaves, o.leaves...)
		leaves = append(leaves, &leaf{restrict: keep})
		return newObject(leaves, o.hasAsserts)
	})
	def("type", []string{"x"}, func(in *interp, a []value) value { return typeName(a[0]) })
	def("char", []string{"n"}, func(in *interp, a []value) value {
		n := in.number(a[0])
		if n < 0 || n > 0x10FFFF || n != math.Floor(n) {
			in.fail("bad codepoint")
		}
		r := rune(n)
		if !utf8.ValidRune(r) {
			in.fail("bad codepoint")
		}
		return string(r)
	})
	def("codepoint", []string{"str"}, func(in *interp, a []value) value {
		s := in.str(a[0])
		r, size := utf8.DecodeRuneInString(s)
		if size == 0 || size != len(s) {
			in.fail("codepoint of a string not of length 1")
		}
		return float64(r)
	})
	num1("ceil", math.Ceil)
	num1("floor", math.Floor)
	num1("sqrt", math.Sqrt)
	num1("sin", math.Sin)
	num1("cos", math.Cos)
	num1("tan", math.Tan)
	num1("asin", math.Asin)
	num1("acos", math.Acos)
	num1("atan", math.Atan)
	num1("log", math.Log)
	num1("round", math.Round)
	num1("exp", func(f float64) float64 {
		r := math.Exp(f)
		if r == 0 && f > 0 {
			return math.Inf(1)
		}
		return r
	})
	num1("mantissa", func(f float64) float64 { m, _ := math.Frexp(f); return m })
	num1("exponent", func(f float64) float64 { _, e := math.Frexp(f); return float64(e) })
	def("isInteger", []string{"x"}, func(in *interp, a []value) value {
		_, frac := math.Modf(in.number(a[0]))
		return frac == 0
	})
	def("isDecimal", []string{"x"}, func(in *interp, a []value) value {
		_, frac := math.Modf(in.number(a[0]))
		return frac != 0
	})
	def("avg", []string{"arr"}, func(in *interp, a []value) value {
		x := in.arr(a[0])
		if len(x.elems) == 0 {
			in.fail("Cannot calculate average of an empty array.")
		}
		s := 0.0
		for _, v := range x.elems {
			s += in.number(in.force(v))
		}
		return in.checked(s / float64(len(x.elems)))
	})
	extreme := func(sign int) func(in *interp, a []value) value {
		return func(in *interp, a []value) value {
			x := in.arr(a[0])
			var f *function
			if a[1] != nil {
				f = in.fn(a[1])
			}
			key := func(v value) value {
				if f == nil {
					return in.force(v)
				}
				return in.call(f, v)
			}
			if len(x.elems) == 0 {
				if a[2] == nil {
					in.fail("Expected at least one element in array. Got none")
				}
				return a[2]
			}
			best := in.force(x.elems[0])
			bestKey := key(x.elems[0])
			for _, v := range x.elems[1:] {
				cur := in.force(v)
				k := key(v)
				if in.compare(bestKey, k)*sign > 0 {
					best, bestKey = cur, k
				}
			}
			return best
		}
	}
	defOpt("minArray", []string{"arr", "keyF", "onEmpty"}, 1, extreme(1))
	defOpt("maxArray", []string{"arr", "keyF", "onEmpty"}, 1, extreme(-1))
	def("pow", []string{"x", "n"}, func(in *interp, a []value) value {
		return in.checked(math.Pow(in.number(a[0]), in.number(a[1])))
	})
	def("hypot", []string{"x", "y"}, func(in *interp, a []value) value {
		return in.checked(math.Hypot(in.number(a[0]), in.number(a[1])))
	})
	def("atan2", []string{"y", "x"}, func(in *interp, a []value) value {
		return in.checked(math.Atan2(in.number(a[0]), in.number(a[1])))
	})
	def("modulo", []string{"x", "y"}, func(in *interp, a []value) value {
		x, y := in.number(a[0]), in.number(a[1])
		if y == 0 {
			in.fail("Division by zero.")
		}
		return in.checked(math.Mod(x, y))
	})
	def("isEven", []string{"x"}, func(in *interp, a []value) value {
		i, _ := math.Modf(in.number(a[0]))
		return math.Mod(i, 2) == 0
	})
	def("isOdd", []string{"x"}, func(in *interp, a []value) value {
		i, _ := math.Modf(in.number(a[0]))
		return math.Mod(i, 2) != 0
	})
	hash := func(name string, f func([]byte) []byte) {
		def(name, []string{"s"}, func(in *interp, a []value) value { return hex.EncodeToString(f([]byte(in.str(a[0])))) })
	}
	hash("md5", func(b []byte) []byte { h := md5.Sum(b); return h[:] })
	hash("sha1", func(b []byte) []byte { h := sha1.Sum(b); return h[:] })
	hash("sha256", func(b []byte) []byte { h := sha256.Sum256(b); return h[:] })
	hash("sha512", func(b []byte) []byte { h := sha512.Sum512(b); return h[:] })
	hash("sha3", func(b []byte) []byte { h := sha3.Sum512(b); return h[:] })
	def("xor", []string{"x", "y"}, func(in *interp, a []value) value { return in.boolean(a[0]) != in.boolean(a[1]) })
	def("xnor", []string{"x", "y"}, func(in *interp, a []value) value { return in.boolean(a[0]) == in.boolean(a[1]) })
	strip := func(left, right bool) func(in *interp, a []value) value {
		return func(in *interp, a []value) value {
			s := in.str(a[0])
			rs := []rune(s)
			i, j := 0, len(rs)
			for left && i < j && in.member(a[1], string(rs[i])) {
				i++
			}
			for right && j > i && in.member(a[1], string(rs[j-1])) {
				j--
			}
			if i == 0 && j == len(rs) {
				return s
			}
			return string(rs[i:j])
		}
	}
	def("lstripChars", []string{"str", "chars"}, strip(true, false))
	def("rstripChars", []string{"str", "chars"}, strip(false, true))
	def("stripChars", []string{"str", "chars"}, strip(true, true))
	def("substr", []string{"str", "from", "len"}, func(in *interp, a []value) value {
		s := in.str(a[0])
		from := in.number(a[1])
		if from != math.Floor(from) || from < 0 {
			in.fail("substr: bad from")
		}
		n := in.int32(a[2])
		if n < 0 {
			in.fail("substr: bad len")
		}
		if isASCII(s) {
			f := int(from)
			if f > len(s) {
				return ""
			}
			end := f + n
			if end > len(s) || end < f {
				end = len(s)
			}
			return s[f:end]
		}
		rs := []rune(s)
		f := int(from)
		end := f + n
		if end > len(rs) {
			end = len(rs)
		}
		if f > len(rs) {
			return ""
		}
		return string(rs[f:end])
	})
	def("splitLimit", []string{"str", "c", "maxsplits"}, func(in *interp, a []value) value {
		s, c, m := in.str(a[0]), in.str(a[1]), in.int32(a[2])
		if m < -1 || len(c) < 1 {
			in.fail("splitLimit: bad arguments")
		}
		var parts []string
		if m == -1 {
			parts = strings.SplitN(s, c, -1)
		} else {
			parts = strings.SplitN(s, c, m+1)
		}
		return stringsArray(parts)
	})
	def("splitLimitR", []string{"str", "c", "maxsplits"}, func(in *interp, a []value) value {
		s, c, m := in.str(a[0]), in.str(a[1]), in.int32(a[2])
		if m < -1 || len(c) < 1 {
			in.fail("splitLimitR: bad arguments")
		}
		count := strings.Count(s, c)
		if m > -1 && count > m {
			count = m
		}
		parts := make([]string, count+1)
		for i := count; i > 0; i-- {
			k := strings.LastIndex(s, c)
			parts[i] = s[k+len(c):]
			s = s[:k]
		}
		parts[0] = s
		return stringsArray(parts)
	})
	def("strReplace", []string{"str", "from", "to"}, func(in *interp, a []value) value {
		s, from, to := in.str(a[0]), in.str(a[1]), in.str(a[2])
		if from == "" {
			in.fail("'from' string must not be zero length.")
		}
		return strings.ReplaceAll(s, from, to)
	})
	def("isEmpty", []string{"str"}, func(in *interp, a []value) value { return len(in.str(a[0])) == 0 })
	def("equalsIgnoreCase", []string{"str1", "str2"}, func(in *interp, a []value) value {
		return strings.EqualFold(in.str(a[0]), in.str(a[1]))
	})
	def("trim", []string{"str"}, func(in *interp, a []value) value { return strings.TrimSpace(in.str(a[0])) })
	def("base64", []string{"input"}, func(in *interp, a []value) value {
		var b []byte
		switch x := a[0].(type) {
		case string:
			for _, r := range x {
				if r > 255 {
					in.fail("base64: bad codepoint")
				}
			}
			b = []byte(x)
		case *array:
			for _, v := range x.elems {
				n := in.int32(in.force(v))
				if n < 0 || n > 255 {
					in.fail("base64: bad byte")
				}
				b = append(b, byte(n))
			}
		default:
			in.fail("base64 of " + typeName(a[0]))
		}
		return base64.StdEncoding.EncodeToString(b)
	})
	decode := func(in *interp, v value) []byte {
		s := in.str(v)
		if len(s)%4 != 0 {
			in.fail("base64: bad length")
		}
		b, err := base64.StdEncoding.DecodeString(s)
		if err != nil {
			in.fail("base64: " + err.Error())
		}
		return b
	}
	def("base64Decode", []string{"str"}, func(in *interp, a []value) value { return cleanString(string(decode(in, a[0]))) })
	def("base64DecodeBytes", []string{"str"}, func(in *interp, a []value) value { return bytesArray(decode(in, a[0])) })
	def("encodeUTF8", []string{"str"}, func(in *interp, a []value) value { return bytesArray([]byte(in.str(a[0]))) })
	def("decodeUTF8", []string{"arr"}, func(in *interp, a []value) value {
		x := in.arr(a[0])
		b := make([]byte, len(x.elems))
		for i, v := range x.elems {
			n := in.int32(in.force(v))
			if n < 0 || n > 255 {
				in.fail("decodeUTF8: bad byte")
			}
			b[i] = byte(n)
		}
		return cleanString(string(b))
	})
	def("parseInt", []string{"str"}, func(in *interp, a []value) value {
		n, err := strconv.ParseInt(in.str(a[0]), 10, 64)
		if err != nil {
			in.fail("not a base 10 integer")
		}
		return float64(n)
	})
	def("parseJson", []string{"str"}, func(in *interp, a []value) value {
		var v any
		if err := json.Unmarshal([]byte(in.str(a[0])), &v); err != nil {
			in.fail("failed to parse JSON")
		}
		return in.fromJSON(v)
	})
	def("parseYaml", []string{"str"}, func(in *interp, a []value) value {
		s := in.str(a[0])
		// internal/stdguard's guard asks kubecfg's native first; a refusal
		// is an error, which go-jsonnet reports.
		if check, ok := in.eng.natives[stdguard.YAMLCheck]; ok {
			if in.call(check, s) != null {
				in.fail("std.parseYaml refused")
			}
		}
		d := jsonnet.NewYAMLToJSONDecoder(strings.NewReader(s))
		var elems []any
		for {
			var elem any
			if err := d.Decode(&elem); err != nil {
				if err == io.EOF {
					break
				}
				in.fail("failed to parse YAML")
			}
			elems = append(elems, elem)
		}
		switch {
		case len(elems) == 0:
			return null
		case d.IsStream():
			return in.fromJSON(elems)
		}
		return in.fromJSON(elems[0])
	})
	defOpt("manifestJsonEx", []string{"value", "indent", "newline", "key_val_sep"}, 2, func(in *interp, a []value) value {
		if a[1] == nil {
			in.fail("Missing argument: indent")
		}
		newline, sep := "\n", ": "
		if a[2] != nil {
			newline = in.str(a[2])
		}
		if a[3] != nil {
			sep = in.str(a[3])
		}
		return string(in.manifestJSONEx(nil, a[0], in.str(a[1]), newline, sep, "", in.eng.opts.MaxStack))
	})
	def("manifestTomlEx", []string{"value", "indent"}, func(in *interp, a []value) value {
		return in.manifestTOML(a[0], in.str(a[1]))
	})
	def("format", []string{"str", "vals"}, func(in *interp, a []value) value {
		if s, ok := a[0].(string); ok && in.goFormat() {
			if out, ok := in.format(s, a[1]); ok {
				return out
			}
		}
		return in.jsonnetStd("format", a[0], a[1])
	})
	def("mod", []string{"a", "b"}, func(in *interp, a []value) value {
		if x, ok := a[0].(float64); ok {
			if y, ok := a[1].(float64); ok {
				if y == 0 {
					in.fail("Division by zero.")
				}
				return in.checked(math.Mod(x, y))
			}
		}
		if s, ok := a[0].(string); ok && in.goFormat() {
			if out, ok := in.format(s, a[1]); ok {
				return out
			}
		}
		return in.jsonnetStd("mod", a[0], a[1])
	})
	defOpt("manifestYamlDoc", []string{"value", "indent_array_in_object", "quote_keys"}, 1, func(in *interp, a []value) value {
		if a[0] == nil {
			in.fail("Missing argument: value")
		}
		indentArr, quote := false, true
		if a[1] != nil {
			indentArr = in.boolean(a[1])
		}
		if a[2] != nil {
			quote = in.boolean(a[2])
		}
		return string(in.manifestYAMLDoc(nil, a[0], "", in.eng.opts.MaxStack, indentArr, quote))
	})
	defOpt("sort", []string{"arr", "keyF"}, 1, func(in *interp, a []value) value {
		x := in.arr(a[0])
		keys := make([]value, len(x.elems))
		var f *function
		if a[1] != nil {
			f = in.fn(a[1])
		}
		for i, v := range x.elems {
			if f == nil || f == builtins["id"] {
				keys[i] = in.force(v)
			} else {
				keys[i] = in.call(f, v)
			}
		}
		idx := make([]int, len(keys))
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(i, j int) bool { return in.compare(keys[idx[i]], keys[idx[j]]) < 0 })
		el := make([]value, len(idx))
		for i, k := range idx {
			el[i] = x.elems[k]
		}
		return &array{elems: el}
	})
	def("native", []string{"x"}, func(in *interp, a []value) value {
		if f, ok := in.eng.natives[in.str(a[0])]; ok {
			return f
		}
		return null
	})
	def("sum", []string{"arr"}, func(in *interp, a []value) value {
		s := 0.0
		for _, v := range in.arr(a[0]).elems {
			s += in.number(in.force(v))
		}
		return in.checked(s)
	})
	def("isNull", []string{"x"}, func(in *interp, a []value) value { return a[0] == null })
	def("$objectFlatMerge", []string{"x"}, func(in *interp, a []value) value {
		fields := map[string]fieldRef{}
		for _, v := range in.arr(a[0]).elems {
			o := in.obj(in.force(v))
			if len(o.leaves) != 1 || o.leaves[0].def == nil || len(o.leaves[0].def.locals) != 0 {
				panic(&unsupported{"object comprehension shape"})
			}
			l := o.leaves[0]
			add := func(name string, r fieldRef) {
				if _, dup := fields[name]; dup {
					in.fail("Duplicate field name")
				}
				fields[name] = r
			}
			if l.fields != nil {
				for name, r := range l.fields {
					add(name, r)
				}
			} else {
				for _, name := range l.def.names {
					add(name, l.ref(name))
				}
			}
		}
		return newObject([]*leaf{{fields: fields}}, false)
	})
	// go-jsonnet's frames between a call and the values it forces: std.mod
	// calls std.format, which calls format_codes_arr, its loop, format_code
	// and forces a thunk (and, parsing the format string with
	// internal/stdformat's native, as many for a moment); the guards are a
	// function with locals. The Go std.format runs only with stdformat's
	// native in (without it go-jsonnet parses in Jsonnet, as deep as the
	// string is long: this engine runs that Jsonnet too).
	// The counts are generous (a few more than measured): more only makes
	// a program near the limit fall back.
	builtins["format"].phantom = 12
	builtins["mod"].phantom = 13
	builtins["range"].phantom = 4
	builtins["makeArray"].phantom = 4
	builtins["removeAt"].phantom = 4
	builtins["parseYaml"].phantom = 5
	for _, name := range []string{"removeAt", "range", "makeArray", "parseYaml"} {
		if b, ok := builtins[name]; ok {
			builtins[guardPrefix+name] = b
		}
	}
	for name := range goBuiltins {
		if _, ok := builtins[name]; !ok {
			n := name
			builtins[name] = &function{name: n, stub: true,
				builtin: func(*interp, []value) value { panic(&unsupported{"std." + n}) }}
		}
	}
}

// callN is f(i), std.makeArray's element.
type callN struct {
	f *function
	i float64
}

func (n *callN) eval(in *interp, _ *env) value { return in.call(n.f, n.i) }

func stringsArray(parts []string) *array {
	el := make([]value, len(parts))
	for i, p := range parts {
		el[i] = p
	}
	return &array{elems: el}
}

func bytesArray(b []byte) *array {
	el := make([]value, len(b))
	for i, c := range b {
		el[i] = float64(c)
	}
	return &array{elems: el}
}

// int32 is go-jsonnet's getInt: an integer that fits in 32 bits.
func (in *interp) int32(v value) int {
	f := in.number(v)
	n := int(int32(f))
	if float64(n) != f {
		in.fail("Expected an integer")
	}
	return n
}

func (in *interp) member(arr, x value) bool {
	switch a := arr.(type) {
	case string:
		return strings.Contains(a, in.str(x))
	case *array:
		for _, v := range a.elems {
			if in.equals(in.force(v), x) {
				return true
			}
		}
		return false
	}
	in.fail("std.member first argument must be an array or a string")
	return false
}
