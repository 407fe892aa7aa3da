package langserv

import (
	"errors"
	"path"
	"strings"
	"sync"

	"github.com/google/go-jsonnet/ast"
	"github.com/google/go-jsonnet/formatter"

	"github.com/kubecfg/kubecfg/internal/symlink"
)

// file is one parsed Jsonnet text: a workspace file, the library, the
// Expression box or a ${…} of a .yakl file.
type file struct {
	path string // the workspace path, ExpressionPath or LibraryPath
	src  *source
	root ast.Node // nil when the text does not parse
	err  error
	// predefined: `kubecfg` is the library without an import (RFC06).
	predefined bool
	// base is where this text starts in the file named path (a ${…} of a
	// .yakl file); 0 for a whole file.
	base int
	// outer is the whole file's source when base > 0.
	outer *source
}

// parse parses text as Jsonnet with its comments (the formatter's parser).
func parse(p, text string) *file {
	f := &file{path: p, src: newSource(text), predefined: p == ExpressionPath}
	if tooDeep(text) {
		f.err = errors.New(errTooDeep)
		return f
	}
	f.root, _, f.err = formatter.SnippetToRawAST(p, text)
	if f.err != nil {
		f.root = nil
	}
	return f
}

// library is kubecfg.libsonnet, parsed once.
var library = sync.OnceValue(func() *file { return parse(LibraryPath, libraryText) })

// workspace is a Request's files, each parsed when first needed.
type workspace struct {
	files map[string]string
	jpath []string
	links map[string]string
	entry string
	// parsed are the files parsed so far: this request's, or its
	// session's, which keeps them while their paths do not change.
	parsed map[string]*file
	// good are the last parses that succeeded, by path.
	good *goodFiles
}

// newWorkspace is req's workspace; parsed (nil: none) are the parses its
// session keeps.
func newWorkspace(req *Request, parsed map[string]*file) *workspace {
	if parsed == nil {
		parsed = map[string]*file{}
	}
	return &workspace{files: req.Files, jpath: req.JPath, links: req.Links, entry: req.Entry, parsed: parsed, good: &goodFiles{}}
}

// file returns the parsed file at p, or nil when there is none.
func (w *workspace) file(p string) *file {
	if p == LibraryPath {
		return library()
	}
	if f, ok := w.parsed[p]; ok {
		return f
	}
	text, ok := w.files[p]
	if !ok {
		return nil
	}
	f := parse(p, text)
	w.parsed[p] = f
	return f
}

// resolve finds the file an import in from names: relative to from's
// directory, then the jpath directories, then the library. It returns
// the file's path, its links followed ("" when nothing is found).
func (w *workspace) resolve(from, imp string) string {
	imp = strings.TrimPrefix(imp, "yakl:")
	if imp == LibraryPath {
		return LibraryPath
	}
	dir := path.Dir(from)
	if from == ExpressionPath {
		dir = "."
	}
	if strings.HasPrefix(imp, "/") {
		return ""
	}
	if p := w.real(path.Join(dir, imp)); w.has(p) {
		return p
	}
	for _, j := range w.jpath {
		if p := w.real(path.Join(j, imp)); w.has(p) {
			return p
		}
	}
	if imp == "kubecfg.libsonnet" {
		return LibraryPath
	}
	return ""
}

// real is p with the workspace's links followed by the rule the
// evaluator's importer.LinkFS follows (internal/symlink): the path of a
// file the workspace holds, or p.
func (w *workspace) real(p string) string {
	if real, ok := symlink.Links(w.links).Resolve(p, w.has); ok {
		return real
	}
	return p
}

func (w *workspace) has(p string) bool {
	_, ok := w.files[p]
	return ok
}

// text is the text at a path the workspace resolves.
func (w *workspace) text(p string) (string, bool) {
	if p == LibraryPath {
		return libraryText, true
	}
	t, ok := w.files[p]
	return t, ok
}
