package jsdoc

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
)

// SourceDocs returns an Options.Docs that reads doc comments from the Go
// files of the module whose path is module and whose directory is root: a
// type of package module/x/y is looked up in root/x/y (test files left
// out). A type outside the module has no docs.
func SourceDocs(module, root string) func(reflect.Type) (Doc, error) {
	var mu sync.Mutex
	pkgs := map[string]map[string]Doc{} // by directory: by type name
	return func(t reflect.Type) (Doc, error) {
		rel, ok := strings.CutPrefix(t.PkgPath(), module)
		if !ok || rel != "" && rel[0] != '/' {
			return Doc{}, nil
		}
		dir := filepath.Join(root, filepath.FromSlash(strings.TrimPrefix(rel, "/")))
		mu.Lock()
		defer mu.Unlock()
		docs, ok := pkgs[dir]
		if !ok {
			var err error
			if docs, err = readDocs(dir); err != nil {
				return Doc{}, err
			}
			pkgs[dir] = docs
		}
		return docs[t.Name()], nil
	}
}

// readDocs collects the doc comments of the struct types declared in
// dir's Go files and of their fields.
func readDocs(dir string) (map[string]Doc, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("reading the doc comments: %w", err)
	}
	docs := map[string]Doc{}
	fset := token.NewFileSet()
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("reading the doc comments: %w", err)
		}
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, spec := range gd.Specs {
				ts := spec.(*ast.TypeSpec)
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					continue
				}
				if _, dup := docs[ts.Name.Name]; dup {
					continue // declared again under another build tag
				}
				doc := ts.Doc
				if doc == nil && len(gd.Specs) == 1 {
					doc = gd.Doc
				}
				d := Doc{Type: doc.Text(), Fields: map[string]string{}}
				for _, fld := range st.Fields.List {
					text := fld.Doc.Text()
					if text == "" {
						text = fld.Comment.Text()
					}
					for _, n := range fld.Names {
						d.Fields[n.Name] = text
					}
				}
				docs[ts.Name.Name] = d
			}
		}
	}
	return docs, nil
}
