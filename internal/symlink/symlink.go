// Package symlink is the one rule by which a workspace's symbolic links
// are followed: the browser's evaluator (internal/importer.LinkFS) and the
// editor's language service (pkg/langserv) both resolve a path with
// Links.Resolve, so an import the editor follows is the file the engine
// reads, and both read it as the operating system does for the CLI.
//
// A workspace in the browser is a map of files without links of its own;
// its links (jsonnet-bundler's vendor/ links, a folder's links kept when
// it was opened) come beside it as a map from a link's path to its target.
package symlink

import (
	"path"
	"strings"
)

// MaxHops is how many links one path may pass through before it is not
// found: the operating system's ELOOP limit.
const MaxHops = 40

// Links maps a link's path, relative to the workspace's root (a clean
// slash path: "vendor/xtd"), to its target, relative to the link's own
// directory as on disk ("../jsonnet/lib", "github.com/o/xtd"). A target
// that leaves the root leads nowhere.
type Links map[string]string

// Resolve returns rel (a clean slash path relative to the root) with the
// links followed until found says the path is there: found(rel) is asked
// first, then, while it says no, the longest link that is the path itself
// or a folder above it is replaced by its target. It stops, with ok false,
// when no link applies, when the path leaves the root, or after MaxHops
// links. found is asked of each path in turn, so a caller that reads the
// file there keeps what it read.
func (l Links) Resolve(rel string, found func(rel string) bool) (real string, ok bool) {
	if found(rel) {
		return rel, true
	}
	for range MaxHops {
		next, moved := l.Follow(rel)
		if !moved || Outside(next) {
			return rel, false
		}
		rel = next
		if found(rel) {
			return rel, true
		}
	}
	return rel, false
}

// Follow replaces the longest link that is rel or a folder above it by the
// link's target, once; moved is false when no link applies.
func (l Links) Follow(rel string) (next string, moved bool) {
	if len(l) == 0 {
		return rel, false
	}
	for dir := rel; dir != "." && dir != "/" && dir != ""; dir = path.Dir(dir) {
		if target, ok := l[dir]; ok {
			return path.Join(path.Dir(dir), target, strings.TrimPrefix(rel, dir)), true
		}
	}
	return rel, false
}

// Outside says whether a clean relative path leaves the root.
func Outside(rel string) bool {
	return rel == ".." || strings.HasPrefix(rel, "../")
}
