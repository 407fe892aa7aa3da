// Package rc reads a project's .kubecfgrc.jsonnet (RFC02, with RFC05's
// rules for features): Find looks for it upward from the input files,
// Load evaluates it and hands its flags.features to features.New as a
// source of their own. The rc file decides the features, so it is itself
// evaluated with every gate at its default.
package rc

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/pkg/features"
)

// FileName is the name of the rc file.
const FileName = features.SourceRC

// Find returns the absolute slash path of the rc file for an invocation,
// or "" when there is none. The file is looked for in the directory of
// each input and then in its parents, or from cwd (an absolute slash path)
// when no input is a local file; URL inputs (anything with "://") take no
// part. All inputs must resolve to the same rc file, or to none.
func Find(fsys importer.FS, cwd string, inputs []string) (string, error) {
	cwd = path.Clean(filepath.ToSlash(cwd))
	f := finder{fsys: fsys, seen: map[string]string{}}
	type found struct{ input, rc string }
	var results []found
	for _, in := range inputs {
		if strings.Contains(in, "://") {
			continue
		}
		p := filepath.ToSlash(in)
		if !path.IsAbs(p) {
			p = path.Join(cwd, p)
		}
		rc, err := f.search(path.Dir(p))
		if err != nil {
			return "", err
		}
		results = append(results, found{in, rc})
	}
	if len(results) == 0 {
		return f.search(cwd)
	}
	first := results[0]
	for _, r := range results[1:] {
		if r.rc != first.rc {
			return "", fmt.Errorf("all evaluated files should resolve to the same %s, found %s for %s and %s for %s",
				FileName, display(cwd, first.rc), first.input, display(cwd, r.rc), r.input)
		}
	}
	return first.rc, nil
}

// finder searches directories upward, remembering each directory's answer.
type finder struct {
	fsys importer.FS
	seen map[string]string // directory -> rc path ("" for none)
}

func (f *finder) search(dir string) (string, error) {
	var walked []string
	result := ""
	for {
		if rc, ok := f.seen[dir]; ok {
			result = rc
			break
		}
		walked = append(walked, dir)
		candidate := path.Join(dir, FileName)
		_, err := f.fsys.ReadFile(candidate)
		if err == nil {
			result = candidate
			break
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("looking for %s: %w", FileName, err)
		}
		parent := path.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	for _, d := range walked {
		f.seen[d] = result
	}
	return result, nil
}

// display names an rc path for a message: relative to cwd when it is
// below it, "none" when there is no file.
func display(cwd, rc string) string {
	if rc == "" {
		return "none"
	}
	if rel, ok := strings.CutPrefix(rc, strings.TrimSuffix(cwd, "/")+"/"); ok {
		return fmt.Sprintf("%q", rel)
	}
	return fmt.Sprintf("%q", rc)
}
