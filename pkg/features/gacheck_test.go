package features

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const importPath = "github.com/kubecfg/kubecfg/pkg/features"

// registeredVars maps each feature variable declared in the package's
// source (Eval = register(Feature{Name: "eval", ...})) to its name.
func registeredVars(t *testing.T) map[string]string {
	t.Helper()
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	vars := map[string]string{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			spec, ok := n.(*ast.ValueSpec)
			if !ok {
				return true
			}
			for i, v := range spec.Values {
				if name := registeredName(v); name != "" && i < len(spec.Names) {
					vars[spec.Names[i].Name] = name
				}
			}
			return false
		})
	}
	return vars
}

// registeredName returns NAME for register(Feature{Name: "NAME", ...}).
func registeredName(e ast.Expr) string {
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return ""
	}
	if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "register" {
		return ""
	}
	lit, ok := call.Args[0].(*ast.CompositeLit)
	if !ok {
		return ""
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Name" {
			if s, ok := kv.Value.(*ast.BasicLit); ok {
				name, _ := strconv.Unquote(s.Value)
				return name
			}
		}
	}
	return ""
}

// gateChecks returns the positions of X.Enabled(features.V) and
// X.Require(features.V) calls in f for each V in vars. inPackage says
// that f is in package features itself, where V is written bare.
func gateChecks(fset *token.FileSet, f *ast.File, inPackage bool, vars map[string]bool) []token.Position {
	local := map[string]bool{}
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == importPath {
			if imp.Name != nil {
				local[imp.Name.Name] = true
			} else {
				local["features"] = true
			}
		}
	}
	var found []token.Position
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || (sel.Sel.Name != "Enabled" && sel.Sel.Name != "Require") {
			return true
		}
		for _, arg := range call.Args {
			switch a := arg.(type) {
			case *ast.SelectorExpr:
				if x, ok := a.X.(*ast.Ident); ok && local[x.Name] && vars[a.Sel.Name] {
					found = append(found, fset.Position(call.Pos()))
				}
			case *ast.Ident:
				if inPackage && vars[a.Name] {
					found = append(found, fset.Position(call.Pos()))
				}
			}
		}
		return true
	})
	return found
}

func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the package")
		}
		dir = parent
	}
}

func TestRegisteredVarsCoverTheRegistry(t *testing.T) {
	vars := registeredVars(t)
	if len(vars) != len(All()) {
		t.Fatalf("found %d feature variables in the source, the registry has %d", len(vars), len(All()))
	}
	for v, name := range vars {
		if Lookup(name) == nil {
			t.Errorf("variable %s registers %q, which Lookup does not find", v, name)
		}
	}
}

func TestGACheckerFindsCalls(t *testing.T) {
	const src = `package x

import (
	"github.com/kubecfg/kubecfg/pkg/features"
	fg "github.com/kubecfg/kubecfg/pkg/features"
)

func f(g *features.Gates, other struct{ Eval int }) {
	_ = g.Enabled(features.Eval)     // found
	_ = g.Require(fg.Eval)           // found (alias)
	_ = g.Enabled(features.YAKL)     // not GA
	_ = other.Eval                   // not a check
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	got := gateChecks(fset, f, false, map[string]bool{"Eval": true})
	if len(got) != 2 || got[0].Line != 9 || got[1].Line != 10 {
		t.Fatalf("found %v, want the calls on lines 9 and 10", got)
	}
	const inPkg = `package features

func f(g *Gates) bool { return g.Enabled(Eval) }
`
	f, err = parser.ParseFile(fset, "in.go", inPkg, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	if got := gateChecks(fset, f, true, map[string]bool{"Eval": true}); len(got) != 1 {
		t.Fatalf("in package: found %v, want one call", got)
	}
}

// TestNoEnabledCallsForGAFeatures is RFC05's check that a GA feature has no
// gate checks left: its variable is searched for in every Go file of the
// module.
func TestNoEnabledCallsForGAFeatures(t *testing.T) {
	ga := map[string]bool{}
	for v, name := range registeredVars(t) {
		if Lookup(name).Stage == GA {
			ga[v] = true
		}
	}
	if len(ga) == 0 {
		t.Log("no GA features yet; scanning anyway")
	}
	root := moduleRoot(t)
	self, _ := filepath.Abs(".")
	fset := token.NewFileSet()
	scanned := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "testdata" || name == "vendor") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil // someone else's file mid-edit; the compiler reports it
		}
		scanned++
		for _, pos := range gateChecks(fset, f, filepath.Dir(path) == self, ga) {
			t.Errorf("%s: gate check for a GA feature; GA features are always on, delete the check", pos)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if scanned < 5 {
		t.Fatalf("scanned only %d Go files under %s", scanned, root)
	}
}
