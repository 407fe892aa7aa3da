package importer

import (
	"errors"
	"io/fs"
	"path"
	"strings"

	"github.com/kubecfg/kubecfg/internal/symlink"
)

// LinkFS adds symbolic links to a file system: the playground's
// workspace, which has no links of its own, gets jsonnet-bundler's
// vendor/ links this way (vendor/xtd → github.com/jsonnet-libs/xtd). A
// name that is not a file of FS is looked up again through the links, by
// the rule the editor's language service follows too (internal/symlink):
// as the operating system would, so an import through a link is named by
// its path through the link, as the CLI names it.
type LinkFS struct {
	FS FS
	// Root is the directory the links are relative to (an absolute slash
	// path, the workspace's root).
	Root string
	// Links maps a link's path (relative to Root) to its target, relative
	// to the link's own directory as on disk ("../jsonnet/lib"). A target
	// that leaves Root leads nowhere.
	Links map[string]string
}

// ReadFile returns the named file, through the links if need be.
func (l LinkFS) ReadFile(name string) ([]byte, error) {
	b, err := l.FS.ReadFile(name)
	if err == nil || !errors.Is(err, fs.ErrNotExist) || len(l.Links) == 0 {
		return b, err
	}
	prefix := path.Clean(l.Root) + "/"
	rel, ok := strings.CutPrefix(path.Clean(name), prefix)
	if !ok {
		return b, err
	}
	var data []byte
	var rerr error
	first := true
	_, found := symlink.Links(l.Links).Resolve(rel, func(r string) bool {
		if first { // name itself, read above
			first = false
			return false
		}
		data, rerr = l.FS.ReadFile(prefix + r)
		return rerr == nil || !errors.Is(rerr, fs.ErrNotExist)
	})
	if !found {
		return b, err
	}
	return data, rerr
}

// Names returns the absolute names a read of name may read, in the order
// ReadFile tries them: name, then each name the links lead it to.
func (l LinkFS) Names(name string) []string {
	names := []string{path.Clean(name)}
	prefix := path.Clean(l.Root) + "/"
	rel, ok := strings.CutPrefix(path.Clean(name), prefix)
	if !ok || len(l.Links) == 0 {
		return names
	}
	first := true
	symlink.Links(l.Links).Resolve(rel, func(r string) bool {
		if first { // name itself, listed above
			first = false
			return false
		}
		names = append(names, prefix+r)
		return false
	})
	return names
}
