package pack

import (
	jsonnet "github.com/google/go-jsonnet"
	"github.com/google/go-jsonnet/ast"
	"github.com/google/go-jsonnet/toolutils"

	"github.com/kubecfg/kubecfg/pkg/features"
)

// scanFeatures marks in need the features code uses: kubecfg.knit (any
// field named knit, whatever the object: a bundle may record a feature it
// does not need, never miss one it does) and kubecfg.requireFeature with
// a literal name.
func scanFeatures(name, code string, need map[*features.Feature]bool) error {
	node, err := jsonnet.SnippetToAST(name, code)
	if err != nil {
		return err
	}
	var walk func(n ast.Node)
	walk = func(n ast.Node) {
		switch n := n.(type) {
		case *ast.Index:
			if fieldName(n) == "knit" {
				need[features.Knit] = true
			}
		case *ast.Apply:
			if requires(n.Target) && len(n.Arguments.Positional) > 0 {
				if s, ok := n.Arguments.Positional[0].Expr.(*ast.LiteralString); ok {
					if f := features.Lookup(s.Value); f != nil {
						need[f] = true
					}
				}
			}
		}
		for _, c := range toolutils.Children(n) {
			walk(c)
		}
	}
	walk(node)
	return nil
}

// fieldName is the field an index reads when it is a literal.
func fieldName(n *ast.Index) string {
	if n.Id != nil {
		return string(*n.Id)
	}
	if s, ok := n.Index.(*ast.LiteralString); ok {
		return s.Value
	}
	return ""
}

// requires reports whether target is kubecfg's requireFeature: a field
// of that name, or std.native('requireFeature').
func requires(target ast.Node) bool {
	switch t := target.(type) {
	case *ast.Index:
		return fieldName(t) == "requireFeature"
	case *ast.Apply:
		if ix, ok := t.Target.(*ast.Index); ok && fieldName(ix) == "native" && len(t.Arguments.Positional) == 1 {
			s, ok := t.Arguments.Positional[0].Expr.(*ast.LiteralString)
			return ok && s.Value == "requireFeature"
		}
	}
	return false
}
