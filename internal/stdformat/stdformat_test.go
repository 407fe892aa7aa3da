package stdformat

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	jsonnet "github.com/google/go-jsonnet"
	"github.com/google/go-jsonnet/ast"
	"github.com/google/go-jsonnet/astgen"
)

// before is the standard library as the test binary started: whether
// Installed was set and whether std.format's binding was still go-jsonnet's.
var before struct{ installed, untouched bool }

func TestMain(m *testing.M) {
	before.installed = Installed
	before.untouched = findCodes(astgen.StdAst) != nil
	Install()
	os.Exit(m.Run())
}

func TestInstalled(t *testing.T) {
	if !Installed {
		t.Fatal("std.format's codes binding was not found in go-jsonnet's standard library")
	}
}

// TestInstallExplicit: importing the package changes nothing (no init
// rewrites go-jsonnet's standard library); Install does, once.
func TestInstallExplicit(t *testing.T) {
	if before.installed || !before.untouched {
		t.Fatalf("before Install: Installed %v, std.format's binding untouched %v; want false, true", before.installed, before.untouched)
	}
	if findCodes(astgen.StdAst) != nil {
		t.Fatal("after Install, std.format's codes binding still calls parse_codes directly")
	}
	rewritten := codesBody(astgen.StdAst)
	if rewritten == nil {
		t.Fatal("after Install, no codes binding calls std.native")
	}
	if !Install() {
		t.Fatal("a second Install reports the rewrite missing")
	}
	if again := codesBody(astgen.StdAst); again != rewritten {
		t.Error("a second Install rewrote the binding again")
	}
}

// codesBody finds the rewritten codes binding's body: a local binding
// parse to a call of std.native.
func codesBody(n ast.Node) ast.Node {
	if l, ok := n.(*ast.Local); ok {
		for _, b := range l.Binds {
			if inner, ok := b.Body.(*ast.Local); ok && b.Variable == "codes" && len(inner.Binds) == 1 && inner.Binds[0].Variable == "parse" {
				return b.Body
			}
		}
	}
	for _, c := range children(n) {
		if b := codesBody(c); b != nil {
			return b
		}
	}
	return nil
}

// eval runs code on a VM with the native (fast) or without it (go-jsonnet's
// own parse_codes); the error, if any, is part of the result.
func eval(fast bool, code string) string {
	vm := jsonnet.MakeVM()
	if fast {
		vm.NativeFunction(Native())
	}
	out, err := vm.EvaluateAnonymousSnippet("t.jsonnet", code)
	if err != nil {
		return "ERROR " + err.Error()
	}
	return out
}

// same fails the test when the two paths differ on std.format(str, vals).
func same(t *testing.T, str, vals string) {
	t.Helper()
	sameCode(t, fmt.Sprintf("std.format(%s, %s)", strconv.Quote(str), vals))
}

func sameCode(t *testing.T, code string) {
	t.Helper()
	if slow, fast := eval(false, code), eval(true, code); slow != fast {
		t.Errorf("%s:\ngo-jsonnet: %s\nnative:     %s", code, slow, fast)
	}
}

const arrayVals = `["x", 3.14159, -7, 255, 1e-7, 12345678.9, "y", true, null, {a: [1]}]`
const objectVals = `{x: "ex", n: 42, f: -0.5, "a b": "space", "": "empty"}`

func TestSameAsGoJsonnet(t *testing.T) {
	for _, str := range []string{
		"", "plain text", "%%", "100%% sure", "ünïcödé %s ✓",
		"%s %f %d %x %X %o %e %E %g %G %c %i %u %F",
		"%5s|%-5s|%05d|%+d|% d|%#x|%#o|%.3f|%10.4e|%-8.2g|%*d|%.*f|%*.*f",
		"%ld %hd %Ld %lf",
		"%(x)s %(n)05d %(f).2f %(a b)s %()s %(x)-6s|",
		// Failures: parse_codes's own errors, and the format's.
		"%", "ends with %", "%(x", "%(x)", "%5", "%.", "%.3", "%l", "%q", "%-", "%#", "%*",
		"%s %s %s %s %s %s %s %s %s %s %s %s",
		"%d", "%(missing)s",
		"replacement \ufffd %s",
	} {
		same(t, str, arrayVals)
		same(t, str, objectVals)
		same(t, str, `"one"`)
	}
	// Text that does not survive the trip into Go: a lone surrogate.
	sameCode(t, `std.format("lone \ud800 surrogate %s", ["x"])`)
	sameCode(t, `std.format(42, [])`)
	sameCode(t, `"%s and %(x)s" % {x: 1}`)
	same(t, "%s", "42")
	same(t, "%d", "[]")
}

// TestLongTemplate is why the package exists: a 10 KB literal with a few
// codes, which go-jsonnet's parse_codes reads in one tail call per
// character.
func TestLongTemplate(t *testing.T) {
	lit := strings.Repeat("0123456789abcdef", 200)
	same(t, lit+"%(a)s"+lit+"%(b)d"+lit, `{a: "A", b: 2}`)
}

// The native itself on what is not a format string.
func TestNativeRefuses(t *testing.T) {
	if v, _ := Native().Func([]any{42.0}); v != nil {
		t.Errorf("a number: %v", v)
	}
	if v, _ := Native().Func([]any{"%"}); v != nil {
		t.Errorf("a cut code: %v", v)
	}
}

func FuzzSameAsGoJsonnet(f *testing.F) {
	for _, s := range []string{"a %s b", "%(x)5.2f", "%*.*d", "%%", "%(", "%-#0 +10.3lx"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, str string) {
		if len(str) > 200 {
			return
		}
		same(t, str, arrayVals)
		same(t, str, objectVals)
	})
}
