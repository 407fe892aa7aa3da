package pack

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/kubecfg/kubecfg/internal/bundle"
)

var hashRE = regexp.MustCompile(`^[0-9a-f]{40}([0-9a-f]{24})?$`)

// Revision is the commit that HEAD names in the git work tree around
// file (its .git found going up from the file, a directory or a worktree's
// "gitdir:" file), or bundle.UnknownRevision, as kubecfg annotates a
// bundle. It reads the repository's files; no git program is run.
func Revision(file string) string {
	abs, err := filepath.Abs(file)
	if err != nil {
		return bundle.UnknownRevision
	}
	for dir := filepath.Dir(abs); ; {
		if gitDir, ok := findGitDir(filepath.Join(dir, ".git")); ok {
			if h, ok := resolveHEAD(gitDir); ok {
				return h
			}
			return bundle.UnknownRevision
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return bundle.UnknownRevision
		}
		dir = parent
	}
}

// findGitDir returns the git directory at p: p itself, or where a
// "gitdir: " file points.
func findGitDir(p string) (string, bool) {
	fi, err := os.Stat(p)
	if err != nil {
		return "", false
	}
	if fi.IsDir() {
		return p, true
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return "", false
	}
	target, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir: ")
	if !ok {
		return "", false
	}
	if !filepath.IsAbs(target) {
		target = filepath.Join(filepath.Dir(p), target)
	}
	return target, true
}

// resolveHEAD follows HEAD to a commit hash: detached, a loose ref, or a
// packed ref (in the common directory of a linked worktree).
func resolveHEAD(gitDir string) (string, bool) {
	head, err := os.ReadFile(filepath.Join(gitDir, "HEAD"))
	if err != nil {
		return "", false
	}
	common := gitDir
	if b, err := os.ReadFile(filepath.Join(gitDir, "commondir")); err == nil {
		c := strings.TrimSpace(string(b))
		if !filepath.IsAbs(c) {
			c = filepath.Join(gitDir, c)
		}
		common = c
	}
	ref := strings.TrimSpace(string(head))
	for range 10 { // symbolic refs, a few deep at most
		name, ok := strings.CutPrefix(ref, "ref: ")
		if !ok {
			return ref, hashRE.MatchString(ref)
		}
		next, ok := readRef(gitDir, common, name)
		if !ok {
			return "", false
		}
		ref = next
	}
	return "", false
}

func readRef(gitDir, common, name string) (string, bool) {
	if strings.Contains(name, "..") {
		return "", false
	}
	for _, dir := range []string{gitDir, common} {
		if b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name))); err == nil {
			return strings.TrimSpace(string(b)), true
		}
	}
	b, err := os.ReadFile(filepath.Join(common, "packed-refs"))
	if err != nil {
		return "", false
	}
	return packedRef(b, name)
}

// packedRef finds a ref in a packed-refs file: lines of "HASH NAME",
// with "#" comments and "^HASH" peeled lines, which are skipped.
func packedRef(data []byte, name string) (string, bool) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.HasPrefix(line, "^") {
			continue
		}
		hash, refName, ok := strings.Cut(line, " ")
		if ok && refName == name && hashRE.MatchString(hash) {
			return hash, true
		}
	}
	return "", false
}
