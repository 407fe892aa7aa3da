package yakl

import (
	"reflect"
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
