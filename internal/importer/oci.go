package importer

import (
	"fmt"
	"net/url"
	"strings"
)

// ociRoot adds the '/' after a bundle's tag or digest when an oci:// URL
// names no file (oci://host/repo:tag), as kubecfg does, so that relative
// imports in the entrypoint resolve inside the bundle.
func ociRoot(u string) string {
	if _, after, ok := strings.Cut(ociPath(u), ":"); ok && !strings.Contains(after, "/") {
		return u + "/"
	}
	return u
}

// ociPath is an oci:// URL's path: what follows the host.
func ociPath(u string) string {
	_, p, _ := strings.Cut(strings.TrimPrefix(u, "oci://"), "/")
	return p
}

// inBundle refuses an import from a bundle's file that resolves outside
// that bundle (../ past its root).
func inBundle(base, resolved *url.URL, importedPath string) error {
	p := base.Path
	end := strings.IndexAny(p, ":@")
	if end >= 0 {
		if slash := strings.IndexByte(p[end:], '/'); slash >= 0 {
			root := p[:end+slash+1]
			if resolved.Scheme == base.Scheme && resolved.Host == base.Host && strings.HasPrefix(resolved.Path, root) {
				return nil
			}
		}
	}
	return fmt.Errorf("import %q from %s: the path escapes the bundle", importedPath, base)
}
