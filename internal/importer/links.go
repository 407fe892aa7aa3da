package importer

import (
	"errors"
	"io/fs"
	"path"
	"strings"
)

// maxLinkHops is how many links one name may pass through before it is
// not found: the operating system's ELOOP limit.
const maxLinkHops = 40

// LinkFS adds symbolic links to a file system: the playground's
// workspace, which has no links of its own, gets jsonnet-bundler's
// vendor/ links this way (vendor/xtd → github.com/jsonnet-libs/xtd). A
// name that is not a file of FS is looked up again through the links
// that are a prefix of it, as the operating system would, so an import
// through a link is named by its path through the link, as the CLI names
// it.
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
	for range maxLinkHops {
		next, moved := l.follow(rel)
		if !moved {
			return b, err
		}
		if next == ".." || strings.HasPrefix(next, "../") {
			return b, err // out of the workspace
		}
		rel = next
		if data, rerr := l.FS.ReadFile(prefix + rel); rerr == nil || !errors.Is(rerr, fs.ErrNotExist) {
			return data, rerr
		}
	}
	return b, err
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
	for range maxLinkHops {
		next, moved := l.follow(rel)
		if !moved || next == ".." || strings.HasPrefix(next, "../") {
			break
		}
		rel = next
		names = append(names, prefix+rel)
	}
	return names
}

// follow replaces the longest link that is a directory prefix of rel by
// its target.
func (l LinkFS) follow(rel string) (string, bool) {
	best := ""
	for link := range l.Links {
		if strings.HasPrefix(rel, link+"/") && len(link) > len(best) {
			best = link
		}
	}
	if best == "" {
		return rel, false
	}
	return path.Join(path.Dir(best), l.Links[best], strings.TrimPrefix(rel, best+"/")), true
}
