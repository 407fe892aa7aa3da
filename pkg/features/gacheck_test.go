package features

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const importPath = "github.com/kubecfg/kubecfg/pkg/features"

// registeredVars maps each feature variable declared in the package's
// source (Eval = &stdFeatures[0], the array's element {Name: "eval", ...})
// to its name.
func registeredVars(t *testing.T) map[string]string {
	t.Helper()
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var parsed []*ast.File
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, f)
	}
	// The names of stdFeatures' elements, in order.
	var names []string
	for _, f := range parsed {
		ast.Inspect(f, func(n ast.Node) bool {
			spec, ok := n.(*ast.ValueSpec)
			if !ok || len(spec.Names) != 1 || spec.Names[0].Name != "stdFeatures" || len(spec.Values) != 1 {
				return true
			}
			if lit, ok := spec.Values[0].(*ast.CompositeLit); ok {
				for _, elt := range lit.Elts {
					names = append(names, featureName(elt))
				}
			}
			return false
		})
	}
	vars := map[string]string{}
	for _, f := range parsed {
		ast.Inspect(f, func(n ast.Node) bool {
			spec, ok := n.(*ast.ValueSpec)
			if !ok {
				return true
			}
			for i, v := range spec.Values {
				if at := registeredIndex(v); at >= 0 && at < len(names) && i < len(spec.Names) {
					vars[spec.Names[i].Name] = names[at]
				}
			}
			return false
		})
	}
	return vars
}

// registeredIndex returns N for &stdFeatures[N], or -1.
func registeredIndex(e ast.Expr) int {
	u, ok := e.(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return -1
	}
	ix, ok := u.X.(*ast.IndexExpr)
	if !ok {
		return -1
	}
	if id, ok := ix.X.(*ast.Ident); !ok || id.Name != "stdFeatures" {
		return -1
	}
	lit, ok := ix.Index.(*ast.BasicLit)
	if !ok || lit.Kind != token.INT {
		return -1
	}
	n, err := strconv.Atoi(lit.Value)
	if err != nil {
		return -1
	}
	return n
}

// featureName returns NAME for Feature{Name: "NAME", ...} (or the same
// without the type, an array's element).
func featureName(e ast.Expr) string {
	lit, ok := e.(*ast.CompositeLit)
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

// featuresNames returns the names f imports this package under.
func featuresNames(f *ast.File) map[string]bool {
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
	return local
}

// isVarRef reports whether e is features.V (under any import name in
// local) for a V in vars.
func isVarRef(e ast.Expr, local, vars map[string]bool) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	x, ok := sel.X.(*ast.Ident)
	return ok && local[x.Name] && vars[sel.Sel.Name]
}

// aliases adds to bare the names f binds to features.V for a V in vars
// (var featureEval = features.Eval, or x := features.Eval), so that checks
// through a local name are found too.
func aliases(f *ast.File, vars, bare map[string]bool) {
	local := featuresNames(f)
	bind := func(names []*ast.Ident, values []ast.Expr) {
		for i, v := range values {
			if i < len(names) && isVarRef(v, local, vars) {
				bare[names[i].Name] = true
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ValueSpec:
			bind(n.Names, n.Values)
		case *ast.AssignStmt:
			var names []*ast.Ident
			for _, l := range n.Lhs {
				id, _ := l.(*ast.Ident)
				if id == nil {
					id = &ast.Ident{}
				}
				names = append(names, id)
			}
			bind(names, n.Rhs)
		}
		return true
	})
}

// gateChecks returns the positions of X.Enabled(V) and X.Require(V) calls
// in f where V is features.V for a V in vars, or a bare name in bare (the
// package's aliases, or the variables themselves inside package features).
func gateChecks(fset *token.FileSet, f *ast.File, vars, bare map[string]bool) []token.Position {
	local := featuresNames(f)
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
			id, isIdent := arg.(*ast.Ident)
			if isVarRef(arg, local, vars) || (isIdent && bare[id.Name]) {
				found = append(found, fset.Position(call.Pos()))
			}
		}
		return true
	})
	return found
}

// scanModule returns every gate check in the module's Go files for the
// feature variables in vars, and how many files it read.
func scanModule(t *testing.T, vars map[string]bool) ([]token.Position, int) {
	t.Helper()
	root := moduleRoot(t)
	self, _ := filepath.Abs(".")
	fset := token.NewFileSet()
	byDir := map[string][]*ast.File{}
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
			return nil // someone's file mid-edit; the compiler reports it
		}
		byDir[filepath.Dir(path)] = append(byDir[filepath.Dir(path)], f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var found []token.Position
	files := 0
	for dir, fs := range byDir {
		bare := map[string]bool{}
		if dir == self {
			for v := range vars {
				bare[v] = true
			}
		}
		for _, f := range fs {
			aliases(f, vars, bare)
		}
		for _, f := range fs {
			found = append(found, gateChecks(fset, f, vars, bare)...)
		}
		files += len(fs)
	}
	return found, files
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
	const a = `package x

import (
	"github.com/kubecfg/kubecfg/pkg/features"
	fg "github.com/kubecfg/kubecfg/pkg/features"
)

var featureEval = features.Eval

func f(g *features.Gates, other struct{ Eval int }) {
	_ = g.Enabled(features.Eval)     // found
	_ = g.Require(fg.Eval)           // found (alias import)
	_ = g.Enabled(features.YAKL)     // not GA
	_ = other.Eval                   // not a check
	_ = features.Eval.Name           // not a check
}
`
	const b = `package x

func h(g interface{ Require(any) error }) {
	local := featureEval
	_ = g.Require(featureEval)       // found (package-level alias in a.go)
	_ = g.Require(local)             // not followed: local := alias
}
`
	fset := token.NewFileSet()
	var files []*ast.File
	for name, src := range map[string]string{"a.go": a, "b.go": b} {
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	vars := map[string]bool{"Eval": true}
	bare := map[string]bool{}
	for _, f := range files {
		aliases(f, vars, bare)
	}
	var got []string
	for _, f := range files {
		for _, p := range gateChecks(fset, f, vars, bare) {
			got = append(got, p.String())
		}
	}
	sort.Strings(got)
	if want := "a.go:11:6 a.go:12:6 b.go:5:6"; strings.Join(got, " ") != want {
		t.Fatalf("found %v, want %s", got, want)
	}

	const inPkg = `package features

func f(g *Gates) bool { return g.Enabled(Eval) }
`
	f, err := parser.ParseFile(fset, "in.go", inPkg, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	if got := gateChecks(fset, f, vars, vars); len(got) != 1 {
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
	found, files := scanModule(t, ga)
	if files < 5 {
		t.Fatalf("scanned only %d Go files", files)
	}
	for _, pos := range found {
		t.Errorf("%s: gate check for a GA feature; GA features are always on, delete the check", pos)
	}
}

// TestGACheckerSeesTheRepository pretends every feature is GA: the scan
// must then find the gate checks the code has, which shows that it reads
// the repository's code the way that code is written.
func TestGACheckerSeesTheRepository(t *testing.T) {
	all := map[string]bool{}
	for v := range registeredVars(t) {
		all[v] = true
	}
	found, _ := scanModule(t, all)
	if len(found) == 0 {
		t.Fatal("no gate checks found in the module, pretending every feature is GA")
	}
	t.Logf("%d gate checks found", len(found))
}
