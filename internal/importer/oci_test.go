package importer

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/pkg/features"
)

// mapBundles is a Fetcher that serves bundles from a map of URL to bytes,
// and takes a bundle to be everything under "oci://r.test/app:1/"; the
// real registry's bundles are internal/oci's (tested there against a
// registry, with its own Contains).
type mapBundles map[string]string

func (m mapBundles) Fetch(u string) ([]byte, error) { return nil, errors.New("no http here") }

func (m mapBundles) Open(u string, g *features.Gates) ([]byte, error) {
	s, ok := m[u]
	if !ok {
		return nil, fmt.Errorf("%s: %w", u, ErrNotFound)
	}
	return []byte(s), nil
}

func (m mapBundles) Contains(from, importedPath, resolved string) error {
	if !strings.HasPrefix(resolved, "oci://r.test/app:1/") {
		return fmt.Errorf("import %q from %s: the path escapes the bundle", importedPath, from)
	}
	return nil
}

// plainFetcher fetches http(s):// only, as a Fetcher without bundles.
type plainFetcher struct{}

func (plainFetcher) Fetch(u string) ([]byte, error) { return nil, errors.New("no http here") }

// noFetcher marks the case without any Fetcher (the browser's).
type noFetcher struct{ plainFetcher }

var nilFetcher Fetcher = noFetcher{}

func TestOCIImports(t *testing.T) {
	b := mapBundles{
		"oci://r.test/app:1":                 `import "oci://r.test/app:1/main.jsonnet"`,
		"oci://r.test/app:1/main.jsonnet":    `import "lib/a.libsonnet"`,
		"oci://r.test/app:1/lib/a.libsonnet": `{a: 1}`,
	}
	for _, tc := range []struct {
		name, from, path, wantFound, wantData, wantErr string
		fetch                                          Fetcher
	}{
		{name: "root", path: "oci://r.test/app:1", wantFound: "oci://r.test/app:1", wantData: `import "oci://r.test/app:1/main.jsonnet"`},
		{name: "relative", from: "oci://r.test/app:1/main.jsonnet", path: "lib/a.libsonnet", wantFound: "oci://r.test/app:1/lib/a.libsonnet", wantData: `{a: 1}`},
		{name: "up inside the bundle", from: "oci://r.test/app:1/lib/a.libsonnet", path: "../main.jsonnet", wantFound: "oci://r.test/app:1/main.jsonnet", wantData: `import "lib/a.libsonnet"`},
		{name: "not in the bundle falls back to the search path", from: "oci://r.test/app:1/main.jsonnet", path: "kubecfg.libsonnet", wantFound: "internal:///kubecfg.libsonnet", wantData: "internal lib"},
		{name: "escape", from: "oci://r.test/app:1/main.jsonnet", path: "../other:2/x.jsonnet", wantErr: `import "../other:2/x.jsonnet" from oci://r.test/app:1/main.jsonnet: the path escapes the bundle`},
		{name: "without bundles, one line", path: "oci://r.test/app:1", fetch: plainFetcher{},
			wantErr: "cannot import oci://r.test/app:1: oci:// bundles are read by the kubecfg command line (a browser cannot reach most registries)"},
		{name: "without a fetcher, one line", path: "oci://r.test/app:1/main.jsonnet", fetch: nilFetcher,
			wantErr: "cannot import oci://r.test/app:1/main.jsonnet: oci:// bundles are read by the kubecfg command line (a browser cannot reach most registries)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var f Fetcher = b
			if tc.fetch == nilFetcher {
				f = nil
			} else if tc.fetch != nil {
				f = tc.fetch
			}
			im := New(Options{Cwd: "/w", Gates: features.AllAlpha(), Fetch: f, Internal: map[string]string{"kubecfg.libsonnet": "internal lib"}})
			c, found, err := im.Import(tc.from, tc.path)
			if tc.wantErr != "" {
				if err == nil || err.Error() != tc.wantErr {
					t.Fatalf("error = %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.String() != tc.wantData || found != tc.wantFound {
				t.Errorf("got (%q, %q), want (%q, %q)", c.String(), found, tc.wantData, tc.wantFound)
			}
		})
	}
}
