//go:build !kubecfg_noschema

package kubecfg

import (
	jsonnet "github.com/google/go-jsonnet"
	"github.com/google/go-jsonnet/ast"
	"github.com/google/go-jsonnet/toolutils"
	"github.com/kubecfg/ursonnet"
)

// traceRoots is kubecfg's causal trace, github.com/kubecfg/ursonnet.
func traceRoots(vm *jsonnet.VM, u, expr string) ([]string, error) {
	return ursonnet.Roots(vm, u, expr)
}

// traceObjectFields puts every field body that is an object literal, in
// the file at u and everything it imports, inside a local with no
// bindings (the same value), on vm's cached ASTs, so that ursonnet wraps
// it in std.trace too (see TraceCollection).
func traceObjectFields(vm *jsonnet.VM, u string) error {
	root, _, err := vm.ImportAST("", u)
	if err != nil {
		return err
	}
	return wrapObjectFields(root, func(imp *ast.Import) (ast.Node, error) {
		a, _, err := vm.ImportAST(imp.Loc().FileName, imp.File.Value)
		return a, err
	})
}

// wrapObjectFields puts every field body under root that is an object
// literal inside a local with no bindings (traceObjectFields); an import
// is followed into the AST follow gives, or not when follow is nil.
func wrapObjectFields(root ast.Node, follow func(*ast.Import) (ast.Node, error)) error {
	seen := map[ast.Node]bool{}
	var walk func(n ast.Node) error
	walk = func(n ast.Node) error {
		if n == nil || seen[n] {
			return nil
		}
		seen[n] = true
		if imp, ok := n.(*ast.Import); ok {
			if follow == nil {
				return nil
			}
			a, err := follow(imp)
			if err != nil {
				return err
			}
			return walk(a)
		}
		if o, ok := n.(*ast.DesugaredObject); ok {
			for i, f := range o.Fields {
				if body, ok := f.Body.(*ast.DesugaredObject); ok {
					wrap := &ast.Local{Body: body}
					wrap.NodeBase = ast.NodeBase{LocRange: *body.Loc(), FreeVars: body.FreeVariables()}
					wrap.SetContext(body.Context())
					o.Fields[i].Body = wrap
				}
			}
		}
		for _, c := range toolutils.Children(n) {
			if err := walk(c); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(root)
}
