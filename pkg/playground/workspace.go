package playground

import (
	"encoding/binary"
	"hash/maphash"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/kubecfg/kubecfg/internal/importer"
)

// workspace is a session's files and links at a revision. It learns what
// changes from the updates it is given, and keeps for each path the
// generation it last changed at, so that a VM made at one generation knows
// which of the files it read are no longer the same (changedSince), and
// each file's sum, computed once when the file is set, for the cache keys.
type workspace struct {
	// rev is the revision the last update named; 0 is none (a session
	// that must be sent its whole workspace before it runs anything).
	rev   int
	files map[string][]byte
	sums  map[string][16]byte
	links map[string]string
	// gen counts the updates that changed something; changed holds,
	// for each path set or removed, the generation it last changed at.
	gen     uint64
	changed map[string]uint64
	// key is the files' key at generation keyGen.
	key    string
	keyGen uint64
	// copied and hashed count the bytes taken into the workspace and
	// summed (for tests): an edit copies and hashes the edited file only.
	copied, hashed int
}

// fileSeeds seed the two 64-bit hashes of a file's sum: maphash, with
// seeds no input can know in advance, is several times faster than
// SHA-256 in wasm (Go's SHA-256 has no wasm assembly), and a cold run of
// a workspace of megabytes hashes all of it. The key of the whole
// workspace is SHA-256 over the names and these sums.
var fileSeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

func fileSumOf(text []byte) [16]byte {
	var sum [16]byte
	binary.LittleEndian.PutUint64(sum[:8], maphash.Bytes(fileSeeds[0], text))
	binary.LittleEndian.PutUint64(sum[8:], maphash.Bytes(fileSeeds[1], text))
	return sum
}

// touch records that name changed in the update under way.
func (w *workspace) touch(name string, gen uint64) {
	if w.changed == nil {
		w.changed = map[string]uint64{}
	}
	w.changed[name] = gen
	w.gen = gen
}

// setBytes makes text, which the workspace takes over (nothing else may
// change it), name's text. A text the same as the one held changes
// nothing.
func (w *workspace) setBytes(name string, text []byte) {
	if old, ok := w.files[name]; ok && string(old) == string(text) {
		return
	}
	w.put(name, text)
}

// setString is setBytes for a text given as a string, copied only when
// it differs from the one held.
func (w *workspace) setString(name, text string) {
	if old, ok := w.files[name]; ok && string(old) == text {
		return
	}
	w.put(name, []byte(text))
}

func (w *workspace) put(name string, text []byte) {
	if w.files == nil {
		w.files, w.sums = map[string][]byte{}, map[string][16]byte{}
	}
	w.files[name] = text
	w.sums[name] = fileSumOf(text)
	w.copied += len(text)
	w.hashed += len(text)
	w.touch(name, w.gen+1)
}

// remove removes name, if the workspace holds it.
func (w *workspace) remove(name string) {
	if _, ok := w.files[name]; !ok {
		return
	}
	delete(w.files, name)
	delete(w.sums, name)
	w.touch(name, w.gen+1)
}

// setLinks replaces the links. Links are part of the settings' key, so
// a VM made with others is not reused; nothing needs touching.
func (w *workspace) setLinks(links map[string]string) {
	if len(links) == 0 {
		w.links = nil
		return
	}
	w.links = maps.Clone(links)
}

// replace makes files (and links) the whole workspace: what a stateless
// request sends. Only what differs from the files held is copied, hashed
// and marked changed.
func (w *workspace) replace(files, links map[string]string) {
	for name := range w.files {
		if _, ok := files[name]; !ok {
			w.remove(name)
		}
	}
	for name, text := range files {
		w.setString(name, text)
	}
	w.setLinks(links)
}

// names are the files' names, sorted.
func (w *workspace) names() []string { return slices.Sorted(maps.Keys(w.files)) }

// filesKey identifies the files: a hash of the sorted names, each with
// its file's sum, computed again only after a change.
func (w *workspace) filesKey() string {
	if w.key != "" && w.keyGen == w.gen {
		return w.key
	}
	h := newHasher()
	names := w.names()
	h.int(len(names))
	for _, name := range names {
		h.str(name)
		sum := w.sums[name]
		h.h.Write(sum[:])
	}
	w.key, w.keyGen = h.sum(), w.gen
	return w.key
}

// filesKeyOf is the files key of a workspace holding files.
func filesKeyOf(files map[string]string) string {
	var w workspace
	w.replace(files, nil)
	return w.filesKey()
}

// fs is the workspace at root as a file system, with its links.
func (w *workspace) fs(root string) importer.FS {
	fsys := workspaceFS(root, w.files)
	if len(w.links) > 0 {
		fsys = importer.LinkFS{FS: fsys, Root: root, Links: w.links}
	}
	return fsys
}

// changedSince says, of a file's absolute name as the importer names it
// (under root, through the links), whether a file it may read changed
// after generation gen.
func (w *workspace) changedSince(root string, gen uint64) func(string) bool {
	prefix := path.Clean(root)
	if prefix != "/" {
		prefix += "/"
	}
	placed := map[string]bool{}
	for name, g := range w.changed {
		if g > gen {
			placed[path.Join(prefix, strings.TrimPrefix(name, "/"))] = true
		}
	}
	links := importer.LinkFS{Root: root, Links: w.links}
	return func(name string) bool {
		if len(placed) == 0 {
			return false
		}
		for _, n := range links.Names(name) {
			if placed[n] {
				return true
			}
		}
		return false
	}
}
