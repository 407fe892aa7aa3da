//go:build !js

package kubecfg

import (
	"io"

	"github.com/kubecfg/kubecfg/internal/importer"
	engine "github.com/kubecfg/kubecfg/internal/kubecfg"
)

// OSFS is the command line's FS: the real file system, regular files
// only, each up to kubecfg's size limit.
func OSFS() FS { return importer.OSFS{} }

// OSEnv is the command line's Env for a run in the directory dir (an
// absolute path in the operating system's form): OSFS, HTTPFetcher, the
// feature gates' warnings written to warn.
func OSEnv(dir string, warn io.Writer) Env { return engine.OSEnv(dir, warn) }
