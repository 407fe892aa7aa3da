package rc

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sync"

	jsonnet "github.com/google/go-jsonnet"
	"github.com/kubecfg/kubecfg/internal/importer"
)

// Helpers only the tests use.

// JsonnetEval returns an evaluator for Load that runs plain go-jsonnet on
// files of fsys: relative imports resolve against the importing file's
// directory, and nothing else (no search path, no kubecfg.libsonnet, no
// gated schemes), so every gate is at its default by construction. The
// CLI may pass its own evaluator instead, built with features.Defaults().
func JsonnetEval(fsys importer.FS) func(path string) ([]byte, error) {
	return func(p string) ([]byte, error) {
		vm := jsonnet.MakeVM()
		vm.Importer(&fsImporter{fsys: fsys, cache: map[string]jsonnet.Contents{}})
		out, err := vm.EvaluateFile(p)
		if err != nil {
			return nil, err
		}
		return []byte(out), nil
	}
}

// Discover finds the rc file for an invocation (see Find) and loads it
// (see LoadFile). With no rc file it returns an empty File whose Features
// source has no items.
func Discover(fsys importer.FS, cwd string, inputs []string, eval func(path string) ([]byte, error)) (*File, error) {
	path, err := Find(fsys, cwd, inputs)
	if err != nil {
		return nil, err
	}
	return LoadFile(path, eval)
}

// fsImporter reads imports from an importer.FS.
type fsImporter struct {
	fsys  importer.FS
	mu    sync.Mutex
	cache map[string]jsonnet.Contents
}

// Import implements jsonnet.Importer.
func (im *fsImporter) Import(importedFrom, importedPath string) (jsonnet.Contents, string, error) {
	p := importedPath
	if !path.IsAbs(p) {
		p = path.Join(path.Dir(importedFrom), p)
	}
	im.mu.Lock()
	defer im.mu.Unlock()
	if c, ok := im.cache[p]; ok {
		return c, p, nil
	}
	b, err := im.fsys.ReadFile(p)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return jsonnet.Contents{}, "", fmt.Errorf("couldn't open import %q: no such file %s", importedPath, p)
		}
		return jsonnet.Contents{}, "", fmt.Errorf("couldn't open import %q: %w", importedPath, err)
	}
	c := jsonnet.MakeContentsRaw(b)
	im.cache[p] = c
	return c, p, nil
}
