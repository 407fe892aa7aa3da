//go:build !js

package kubecfg

import (
	"io"
	"path/filepath"

	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/internal/k8sschema"
	"github.com/kubecfg/kubecfg/internal/oci"
)

// OSEnv is the command line's Env: the real file system
// (importer.OSFS), the workspace's root dir (an absolute path in the
// operating system's form), http(s):// imports fetched over HTTP
// (importer.DefaultFetcher), oci:// imports from their registries over
// HTTPS (internal/oci, each bundle fetched once per Env), warnings written
// to warn and validate's schemas built in (k8sschema.Data).
func OSEnv(dir string, warn io.Writer) Env {
	return Env{FS: importer.OSFS{}, Root: filepath.ToSlash(dir), Fetch: oci.WithBundles(importer.DefaultFetcher(), oci.NewBundles(oci.Options{})), Warn: warn, Schema: k8sschema.Data}
}
