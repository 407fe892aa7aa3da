// Package static embeds the playground's site root, as `make` builds it
// (index.html, the bundled scripts, kubecfg.wasm, wasm_exec.js, the
// manifest and the service worker), for `kubecfg playground`. A binary
// built before `make web` embeds no site, and the command says so.
package static

import (
	"embed"
	"io/fs"
	"strings"
)

//go:embed *
var files embed.FS

// FS returns the site root without this package's Go source.
func FS() fs.FS { return noGo{files} }

// Built reports whether the site was built into this binary.
func Built(fsys fs.FS) bool {
	_, err := fs.Stat(fsys, "index.html")
	return err == nil
}

type noGo struct{ fs.FS }

func (n noGo) Open(name string) (fs.File, error) {
	if strings.HasSuffix(name, ".go") {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return n.FS.Open(name)
}
