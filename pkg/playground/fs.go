package playground

import (
	"io/fs"
	"path"
	"strings"

	"github.com/kubecfg/kubecfg/internal/importer"
)

// workspaceFS is a workspace's files at root as a file system. When every
// name is already a clean relative path (a workspace's names are), files
// are looked up in the workspace's own map; otherwise they are placed as
// importer.NewMapFS places them.
func workspaceFS(root string, files map[string][]byte) importer.FS {
	for name := range files {
		if !cleanName(name) {
			m := importer.MapFS{}
			for name, text := range files {
				m[path.Join(root, strings.TrimPrefix(name, "/"))] = text
			}
			return m
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
	files  map[string][]byte
}

// ReadFile returns the named file's text: the workspace's own bytes, not
// a copy. The importer and go-jsonnet only read them, and the workspace
// never changes a text it holds (an update replaces it).
func (f filesFS) ReadFile(name string) ([]byte, error) {
	if rel, ok := strings.CutPrefix(path.Clean(name), f.prefix); ok {
		if text, ok := f.files[rel]; ok {
			return text, nil
		}
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}
