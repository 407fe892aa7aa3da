package importer

import (
	"io/fs"
	"path"
	"sort"
	"strings"
)

// FS is the file system that file:// imports read. Names are absolute,
// slash-separated paths ("/work/app.jsonnet"). A missing file is an error
// for which errors.Is(err, fs.ErrNotExist) holds.
type FS interface {
	ReadFile(name string) ([]byte, error)
}

// MapFS is an in-memory file system: absolute slash paths to contents. The
// browser and the tests use it.
type MapFS map[string][]byte

// ReadFile returns the named file, or an error wrapping fs.ErrNotExist.
func (m MapFS) ReadFile(name string) ([]byte, error) {
	b, ok := m[path.Clean(name)]
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return b, nil
}

// NewMapFS places files given by paths relative to root (an absolute slash
// path) into a MapFS.
func NewMapFS(root string, files map[string]string) MapFS {
	m := MapFS{}
	for name, text := range files {
		m[path.Join(root, strings.TrimPrefix(name, "/"))] = []byte(text)
	}
	return m
}

// Names returns the file names in m, sorted.
func (m MapFS) Names() []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// MaxFileSize is the most one import (a file, a URL, an input) may read:
// far more than any Jsonnet program's file, far less than memory.
const MaxFileSize = 64 << 20
