package kubecfg

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"

	"github.com/kubecfg/kubecfg/internal/lex"
)

// topVar names the cached wrapper object in the fast eval path.
const topVar = "Z____top__Z_"

// fastEval evaluates EXPR against a wrapper object that is imported once
// per session, so the fields the file computed in earlier evaluations are
// not computed again. In kubecfg's wrapper every $ in EXPR is the object
// (import FILE) { Z____expr__Z_:: EXPR }; here it is the same object with
// a null hidden field of that name, imported under a URL of its own and so
// cached by the VM. The value is the same; where the two could differ
// (EXPR reads self or super, top-level arguments, --exec) or where EXPR
// fails (error texts must be kubecfg's), ok is false and the caller takes
// the exact path.
func (s *Session) fastEval(opts EvalOptions) (out string, ok bool) {
	c := s.cfg
	expr := opts.Expr
	if expr == "" {
		expr = "$"
	}
	if !s.Reuse || opts.Exec != "" || opts.Input == "" || len(c.TLANames()) > 0 || readsSelf(expr) {
		return "", false
	}
	base := c.importExpr(opts.Input, evalKind(opts.Input))
	if !opts.Overlay.empty() {
		base = "(" + base + ") + (" + c.overlayCode(opts.Overlay) + ")"
	}
	sum := sha256.Sum256([]byte(base))
	url := c.fileURL(opts.Input) + "#kubecfg-eval-" + hex.EncodeToString(sum[:8])
	s.imp.Define(url, predefineKubecfg(url, "("+base+") { "+ExprField+":: null }"))
	// The assertion forces what the exact wrapper forces: the value is an
	// object, and reading a field of it checks its assertions.
	code := "local " + topVar + " = import " + strconv.Quote(url) + "; assert std.isObject(" + topVar + ") && " +
		topVar + "." + ExprField + " == null; " + replaceDollar(expr, topVar)
	if opts.ShowKeys {
		code = "std.objectFields(" + code + ")"
	}
	res, err := s.evaluate(opts.Input, code)
	if err != nil {
		return "", false
	}
	return res, true
}

// readsSelf reports whether code mentions self, super or the wrapper's
// hidden field outside strings and comments (conservatively: as any part
// of a word).
func readsSelf(code string) bool {
	s := codeOnly(code)
	return strings.Contains(s, "self") || strings.Contains(s, "super") || strings.Contains(s, ExprField)
}

// replaceDollar replaces every $ token of code with ident.
func replaceDollar(code, ident string) string {
	var b strings.Builder
	last := 0
	lex.Code(code, func(i int) bool {
		if code[i] == '$' {
			b.WriteString(code[last:i])
			b.WriteString(ident)
			last = i + 1
		}
		return true
	})
	b.WriteString(code[last:])
	return b.String()
}
