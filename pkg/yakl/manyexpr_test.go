package yakl

import (
	"fmt"
	"strings"
	"testing"
)

// manyExprs is a ConfigMap whose value is n expressions in a quoted
// scalar and n in a block scalar, then a bad one when bad is set.
func manyExprs(n int, bad bool) string {
	end := ""
	if bad {
		end = "${)}"
	}
	return "apiVersion: v1\nkind: ConfigMap\ndata:\n  v: \"" + strings.Repeat("${'x'}", n) + end + "\"\n  w: |\n    " + strings.Repeat("a${1}", n) + "\n"
}

// TestManyExpressions: a text of many parts is one std.join (a + chain is
// quadratic to evaluate and to format), means the same, and places an
// error after thousands of expressions where it is.
func TestManyExpressions(t *testing.T) {
	for _, n := range []int{maxChain/2 - 1, maxChain + 1, 5000} { // w has 2n+1 parts
		code, err := Compile("many.yakl", []byte(manyExprs(n, false)))
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(code, "std.join"); got != (n > maxChain) {
			t.Errorf("%d parts: std.join in the code is %v", n, got)
		}
		out, err := evalJSON("many.yakl", code)
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf(`{"apiVersion":"v1","kind":"ConfigMap","data":{"v":%q,"w":%q}}`, strings.Repeat("x", n), strings.Repeat("a1", n)+"\n")
		if same, err := sameJSON(out, want); err != nil || !same {
			t.Errorf("%d parts: %.200s", n, out)
		}
		d, err := Desugar("many.yakl", []byte(manyExprs(n, false)))
		if err != nil || strings.Contains(d, "std.join") != (n > maxChain) {
			t.Errorf("%d parts: Desugar: %v", n, err)
		}
	}
	// The ) in ${)} after 5000 expressions of 6 bytes, in the value that
	// starts on column 7.
	_, err := Compile("many.yakl", []byte(manyExprs(5000, true)))
	if want := fmt.Sprintf("many.yakl:4:%d: ", 9+6*5000); err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("the bad expression after 5000: %v, want it at %s", err, want)
	}
}

// BenchmarkManyExpressions: compiling a text of n expressions is linear
// in n (it was quadratic: placing each expression counted from the start).
func BenchmarkManyExpressions(b *testing.B) {
	for _, n := range []int{5000, 10000, 20000, 40000} {
		src := []byte(manyExprs(n, false))
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Compile("many.yakl", src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
