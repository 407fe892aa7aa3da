package importer

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/pkg/features"
)

// mapBundles serves bundles from a map of URL to bytes; the real
// registry's bundles are internal/oci's (tested there against a registry).
type mapBundles map[string]string

func (m mapBundles) Open(u string, g *features.Gates) ([]byte, error) {
	s, ok := m[u]
	if !ok {
		return nil, fmt.Errorf("%s: %w", u, fs.ErrNotExist)
	}
	return []byte(s), nil
}

func TestOCIImports(t *testing.T) {
	b := mapBundles{
		"oci://r.test/app:1/":                `import "main.jsonnet"`,
		"oci://r.test/app:1/main.jsonnet":    `import "lib/a.libsonnet"`,
		"oci://r.test/app:1/lib/a.libsonnet": `{a: 1}`,
	}
	for _, tc := range []struct {
		name, from, path, wantFound, wantData, wantErr string
		gates                                          *features.Gates
	}{
		{name: "root gets the slash", path: "oci://r.test/app:1", wantFound: "oci://r.test/app:1/", wantData: `import "main.jsonnet"`},
		{name: "root with the slash", path: "oci://r.test/app:1/", wantFound: "oci://r.test/app:1/", wantData: `import "main.jsonnet"`},
		{name: "relative from the root", from: "oci://r.test/app:1/", path: "main.jsonnet", wantFound: "oci://r.test/app:1/main.jsonnet", wantData: `import "lib/a.libsonnet"`},
		{name: "relative in a directory", from: "oci://r.test/app:1/lib/a.libsonnet", path: "../main.jsonnet", wantFound: "oci://r.test/app:1/main.jsonnet", wantData: `import "lib/a.libsonnet"`},
		{name: "not in the bundle falls back to the search path", from: "oci://r.test/app:1/main.jsonnet", path: "kubecfg.libsonnet", wantFound: "internal:///kubecfg.libsonnet", wantData: "internal lib"},
		{name: "escape", from: "oci://r.test/app:1/main.jsonnet", path: "../other:2/x.jsonnet", wantErr: `import "../other:2/x.jsonnet" from oci://r.test/app:1/main.jsonnet: the path escapes the bundle`},
		{name: "escape far", from: "oci://r.test/app:1/lib/a.libsonnet", path: "../../../etc/passwd", wantErr: "the path escapes the bundle"},
		{name: "absolute path escapes", from: "oci://r.test/app:1/lib/a.libsonnet", path: "/etc/passwd", wantErr: "the path escapes the bundle"},
		{name: "gated", path: "oci://r.test/app:1", gates: features.Defaults(), wantErr: "oci-import is an alpha feature; turn it on with --features=oci-import"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.gates
			if g == nil {
				g = features.AllAlpha()
			}
			im := New(Options{Cwd: "/w", Gates: g, Bundles: b, Internal: map[string]string{"kubecfg.libsonnet": "internal lib"}})
			c, found, err := im.Import(tc.from, tc.path)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
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
