package playground

import (
	"io/fs"
	"path"
	"strings"
	"unsafe"

	"github.com/kubecfg/kubecfg/internal/importer"
)

// workspaceFS is the request's files at root as a file system:
// importer.NewMapFS's, without copying the workspace into a new map on
// every request. When every name is already a clean relative path (a
// workspace's names are), files are looked up in the request's own map;
// otherwise NewMapFS places them.
func workspaceFS(root string, files map[string]string) importer.FS {
	for name := range files {
		if !cleanName(name) {
			return importer.NewMapFS(root, files)
		}
	}
	prefix := path.Clean(root)
	if prefix != "/" {
		prefix += "/"
	}
	return filesFS{prefix: prefix, files: files}
}

// cleanName says whether name, placed under a root, is root/name as
// path.Join writes it.
func cleanName(name string) bool {
	return name != "" && name != "." && name != ".." && !strings.HasPrefix(name, "/") &&
		!strings.HasPrefix(name, "../") && path.Clean(name) == name
}

// filesFS serves files (names relative to prefix) read-only.
type filesFS struct {
	prefix string
	files  map[string]string
}

// ReadFile returns the named file's text. The bytes are the request's
// string's own, not a copy: the importer and go-jsonnet only read them,
// and an unchanged file read again is the same memory, which
// importer.Rebase compares in no time.
func (f filesFS) ReadFile(name string) ([]byte, error) {
	if rel, ok := strings.CutPrefix(path.Clean(name), f.prefix); ok {
		if text, ok := f.files[rel]; ok {
			return unsafe.Slice(unsafe.StringData(text), len(text)), nil
		}
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}
