package yakl

import (
	"math"
	"math/big"
	"math/rand"
	"reflect"
	"strconv"
	"strings"
	"testing"

	jsonnet "github.com/google/go-jsonnet"
)

func TestSplitTemplate(t *testing.T) {
	lit := func(s string) part { return part{lit: s} }
	ex := func(s string) part { return part{expr: s, isExpr: true} }
	tests := []struct {
		name string
		in   string
		want []part
		bad  bool
	}{
		{"plain text", "nginx", []part{lit("nginx")}, false},
		{"whole expression", "${x}", []part{ex("x")}, false},
		{"interpolation", "a:${v}:b", []part{lit("a:"), ex("v"), lit(":b")}, false},
		{"escaped", "$${x}", []part{lit("${x}")}, false},
		{"lone dollar", "cost $5", []part{lit("cost $5")}, false},
		{"nested braces", "${ {a: {b: 1}}.a }", []part{ex(" {a: {b: 1}}.a ")}, false},
		{"brace in single-quoted string", "${'}'}", []part{ex("'}'")}, false},
		{"brace in double-quoted string", `${"}\"}"}`, []part{ex(`"}\"}"`)}, false},
		{"brace in verbatim string", "${@'}'''}", []part{ex("@'}'''")}, false},
		{"brace in text block", "${|||\n  }\n|||}", []part{ex("|||\n  }\n|||")}, false},
		{"brace in line comment", "${1 // }\n}", []part{ex("1 // }\n")}, false},
		{"brace in hash comment", "${1 # }\n}", []part{ex("1 # }\n")}, false},
		{"brace in block comment", "${1 /* } */}", []part{ex("1 /* } */")}, false},
		{"two expressions", "${a}${b}", []part{ex("a"), ex("b")}, false},
		{"unclosed", "x ${1 + 2", nil, true},
		{"unclosed by a string", "${'}", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := splitTemplate(tt.in)
			if tt.bad {
				if err == nil {
					t.Fatalf("splitTemplate(%q) = %v, want an unclosed error", tt.in, got)
				}
				return
			}
			if err != nil {
				t.Fatalf("splitTemplate(%q): unclosed at %d", tt.in, err.off)
			}
			for i := range got {
				got[i].off = 0
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("splitTemplate(%q) = %#v, want %#v", tt.in, got, tt.want)
			}
		})
	}
}

// TestFlatten: the flattened expression is on one line and has the same
// value as the original.
func TestFlatten(t *testing.T) {
	tests := []struct{ name, in string }{
		{"newlines between tokens", "1 +\n2"},
		{"line comment", "1 // one\n+ 2"},
		{"hash comment", "1 # one\n+ 2"},
		{"comment without newline", "1 # the end"},
		{"block comment", "1 /* a\nb */ + 2"},
		{"single-quoted string with newline", "'a\nb'"},
		{"double-quoted string with newline", "\"a\nb\""},
		{"verbatim string with newline", "@'a\n''b'"},
		{"text block", "|||\n  line one\n    indented\n|||"},
		{"text block, chomped", "|||-\n  no newline\n|||"},
		{"text block with blank line", "|||\n  a\n\n  b\n|||"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			flat := flatten(tt.in)
			for _, c := range flat {
				if c == '\n' || c == '\r' {
					t.Fatalf("flatten(%q) = %q still has a line break", tt.in, flat)
				}
			}
			vm := jsonnet.MakeVM()
			want, err := vm.EvaluateAnonymousSnippet("in", tt.in)
			if err != nil {
				t.Fatal(err)
			}
			got, err := vm.EvaluateAnonymousSnippet("flat", flat)
			if err != nil {
				t.Fatalf("flatten(%q) = %q: %v", tt.in, flat, err)
			}
			if got != want {
				t.Errorf("flatten(%q) = %q evaluates to %s, want %s", tt.in, flat, got, want)
			}
		})
	}
}

func TestResolvePlain(t *testing.T) {
	tests := []struct {
		in   string
		want plainKind
	}{
		{"", kindNull}, {"~", kindNull}, {"null", kindNull}, {"Null", kindNull}, {"NULL", kindNull}, {"nULL", kindString},
		{"true", kindBool}, {"True", kindBool}, {"FALSE", kindBool}, {"yes", kindString}, {"no", kindString}, {"on", kindString}, {"off", kindString},
		{"12", kindInt}, {"-3", kindInt}, {"+4", kindInt}, {"017", kindInt}, {"0o17", kindInt}, {"0x1F", kindInt}, {"0b1", kindString}, {"0x", kindString},
		{"1.5", kindFloat}, {"1e3", kindFloat}, {".5", kindFloat}, {"-2.5E-3", kindFloat}, {"1.", kindFloat}, {"1_000", kindString},
		{".inf", kindInf}, {"-.Inf", kindInf}, {"+.INF", kindInf}, {".nan", kindNaN}, {".NaN", kindNaN}, {"nan", kindString},
		{"hello", kindString}, {"1.2.3", kindString}, {"12:30", kindString},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := resolvePlain(tt.in); got != tt.want {
				t.Errorf("resolvePlain(%q) = %d, want %d", tt.in, got, tt.want)
			}
		})
	}
}

func TestNumberLiterals(t *testing.T) {
	tests := []struct {
		name, in, want string
		conv           func(string) (string, string)
		bad            bool
	}{
		{"decimal", "12", "12", intLiteral, false},
		{"leading zeros", "017", "17", intLiteral, false},
		{"plus sign", "+4", "4", intLiteral, false},
		{"octal", "0o17", "15", intLiteral, false},
		{"hex", "0x1F", "31", intLiteral, false},
		{"2^53", "9007199254740992", "9007199254740992", intLiteral, false},
		{"2^53+1", "9007199254740993", "", intLiteral, true},
		{"2^64 is exact", "18446744073709551616", "1.8446744073709552e+19", intLiteral, false},
		{"fraction", ".5", "0.5", floatLiteral, false},
		{"exponent", "1e3", "1000", floatLiteral, false},
		{"negative zero", "-0.0", "-0", floatLiteral, false},
		{"overflow", "1e400", "", floatLiteral, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, msg := tt.conv(tt.in)
			if tt.bad != (msg != "") || got != tt.want {
				t.Errorf("%q = %q (%q), want %q (error %v)", tt.in, got, msg, tt.want, tt.bad)
			}
		})
	}
}

// bigIntLiteral is intLiteral as it was written with math/big: the
// reference the one without it must agree with.
func bigIntLiteral(s string) (string, string) {
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

// TestIntLiteralAgreesWithMathBig compares intLiteral with bigIntLiteral
// on the integers where a float64 stops being exact, and on random ones.
func TestIntLiteralAgreesWithMathBig(t *testing.T) {
	var in []string
	// Around the powers of two that matter (2^53, 2^64, the float64
	// range's end), with runs of low bits set or clear, in each base.
	for _, e := range []int{0, 1, 52, 53, 54, 63, 64, 65, 100, 1022, 1023, 1024, 1025} {
		p := new(big.Int).Lsh(big.NewInt(1), uint(e))
		for _, d := range []int64{-3, -2, -1, 0, 1, 2, 3} {
			v := new(big.Int).Add(p, big.NewInt(d))
			in = append(in, v.Text(10), "-"+v.Text(10), "+"+v.Text(10), "0o"+v.Text(8), "0x"+v.Text(16), "0x"+strings.ToUpper(v.Text(16)), "000"+v.Text(10))
		}
		for _, bitsSet := range []int{1, 52, 53, 54} {
			m := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(bitsSet)), big.NewInt(1))
			v := new(big.Int).Lsh(m, uint(e))
			in = append(in, v.Text(10), "-"+v.Text(10), "0o"+v.Text(8), "0x"+v.Text(16), "0o00"+v.Text(8), "0x00"+v.Text(16))
		}
	}
	in = append(in, "0", "-0", "+0", "00", "0o0", "0x0", "0o", "0x", "1e3")
	rng := rand.New(rand.NewSource(1))
	for range 2000 {
		v := new(big.Int).Rand(rng, new(big.Int).Lsh(big.NewInt(1), uint(1+rng.Intn(1100))))
		v.Lsh(v, uint(rng.Intn(64)))
		in = append(in, v.Text(10), "-"+v.Text(10), "0o"+v.Text(8), "0x"+v.Text(16))
	}
	for _, s := range in {
		if resolvePlain(s) != kindInt {
			continue // intLiteral is given the core schema's integers only
		}
		got, gotMsg := intLiteral(s)
		want, wantMsg := bigIntLiteral(s)
		if got != want || (gotMsg == "") != (wantMsg == "") {
			t.Errorf("intLiteral(%q) = %q (%q), math/big says %q (%q)", s, got, gotMsg, want, wantMsg)
		}
	}
}
