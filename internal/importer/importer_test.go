package importer

import (
	"net/http"
	"strings"
	"testing"

	"github.com/kubecfg/kubecfg/pkg/features"
)

func testImporter(t *testing.T, gates *features.Gates, search ...string) *Importer {
	t.Helper()
	return New(Options{
		FS: NewMapFS("/", map[string]string{
			"/w/app.jsonnet":      "app",
			"/w/lib.libsonnet":    "w lib",
			"/w/sub/x.libsonnet":  "sub x",
			"/j1/lib.libsonnet":   "j1 lib",
			"/j1/only.libsonnet":  "j1 only",
			"/j2/only2.libsonnet": "j2 only2",
			"/w/data.bin":         "\x00\x01\xff",
			"/w/app.yakl":         "a: 1\n",
		}),
		Cwd:        "/w",
		SearchURLs: search,
		Internal:   map[string]string{"kubecfg.libsonnet": "internal lib"},
		Gates:      gates,
		YAKL: func(name string, src []byte) (string, error) {
			return "// compiled " + name + "\n" + string(src), nil
		},
	})
}

// TestImport: where an import is found, in order (the importing file's
// directory, -J, -U, internal), and what each scheme does. The cases
// marked remote read from an HTTP server; under GOOS=js, which has none
// (testServer), they are skipped, each saying why, and -U is not searched.
func TestImport(t *testing.T) {
	srvURL, fetch := testServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/lib/remote.libsonnet":
			w.Write([]byte("remote"))
		case "/lib/broken.libsonnet":
			http.Error(w, "boom", http.StatusInternalServerError)
		default:
			http.NotFound(w, r)
		}
	}))
	search := []string{"file:///j1/", "file:///j2/"}
	if fetch != nil {
		search = append(search, srvURL+"/lib/")
	}
	for _, tc := range []struct {
		name, from, path    string
		gates               *features.Gates
		wantData, wantFound string
		wantErr             string
		remote              bool
	}{
		{name: "relative to the importing file", from: "file:///w/app.jsonnet", path: "lib.libsonnet", wantData: "w lib", wantFound: "file:///w/lib.libsonnet"},
		{name: "subdirectory", from: "file:///w/app.jsonnet", path: "sub/x.libsonnet", wantData: "sub x", wantFound: "file:///w/sub/x.libsonnet"},
		{name: "first search path", from: "file:///w/sub/x.libsonnet", path: "only.libsonnet", wantData: "j1 only", wantFound: "file:///j1/only.libsonnet"},
		{name: "second search path", from: "file:///w/app.jsonnet", path: "only2.libsonnet", wantData: "j2 only2", wantFound: "file:///j2/only2.libsonnet"},
		{name: "-U after -J", from: "file:///w/app.jsonnet", path: "remote.libsonnet", wantData: "remote", wantFound: srvURL + "/lib/remote.libsonnet", remote: true},
		{name: "internal last", from: "file:///w/app.jsonnet", path: "kubecfg.libsonnet", wantData: "internal lib", wantFound: "internal:///kubecfg.libsonnet"},
		{name: "absolute internal", from: "", path: "internal:///kubecfg.libsonnet", wantData: "internal lib", wantFound: "internal:///kubecfg.libsonnet"},
		{name: "a non-404 error stops the search", from: "file:///w/app.jsonnet", path: "broken.libsonnet", wantErr: "error reading content: 500 Internal Server Error", remote: true},
		{name: "not found lists every try", from: "file:///w/app.jsonnet", path: "none.libsonnet",
			wantErr: `Couldn't open import "none.libsonnet", no match locally or in library search paths. Tried: file:///w/none.libsonnet;file:///j1/none.libsonnet;file:///j2/none.libsonnet;` + srvURL + `/lib/none.libsonnet;internal:///none.libsonnet`, remote: true},
		{name: "snippet named as a relative path", from: "sub/eval.jsonnet", path: "x.libsonnet", wantData: "sub x", wantFound: "file:///w/sub/x.libsonnet"},
		{name: "anonymous snippet", from: "", path: "lib.libsonnet", wantData: "w lib", wantFound: "file:///w/lib.libsonnet"},
		{name: "ext-code value", from: "<extvar:v>", path: "lib.libsonnet", wantData: "w lib", wantFound: "file:///w/lib.libsonnet"},
		{name: "binary import gated", from: "file:///w/app.jsonnet", path: "binary://data.bin", gates: features.Defaults(),
			wantErr: "binary-import is an alpha feature; turn it on with --features=binary-import"},
		{name: "binary import", from: "file:///w/app.jsonnet", path: "binary://data.bin", wantData: "[0,1,255]", wantFound: "binary://file:///w/data.bin"},
		{name: "yakl gated", from: "file:///w/app.jsonnet", path: "yakl:app.yakl", gates: features.Defaults(),
			wantErr: "yakl is an alpha feature; turn it on with --features=yakl"},
		{name: "yakl compiled", from: "file:///w/app.jsonnet", path: "yakl:app.yakl", wantData: "// compiled file:///w/app.yakl\na: 1\n", wantFound: "yakl:file:///w/app.yakl"},
		{name: "importstr of a yakl file is its source", from: "file:///w/app.jsonnet", path: "app.yakl", wantData: "a: 1\n", wantFound: "file:///w/app.yakl"},
		{name: "imports from compiled yakl resolve beside it", from: "yakl:file:///w/app.yakl", path: "lib.libsonnet", wantData: "w lib", wantFound: "file:///w/lib.libsonnet"},
		{name: "kustomize gated", from: "", path: "kustomize+https://example.com/x", gates: features.Defaults(),
			wantErr: "kustomize-import is an alpha feature; turn it on with --features=kustomize-import"},
		{name: "kustomize unsupported", from: "", path: "kustomize+https://example.com/x", wantErr: "kustomize+https:// imports are not supported by this build of kubecfg"},
		{name: "oci without bundles answers in one line", from: "", path: "oci://example.com/x:1",
			wantErr: "cannot import oci://example.com/x:1: oci:// bundles are read by the kubecfg command line (a browser cannot reach most registries)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.remote && fetch == nil {
				t.Skip("skipped: this case reads from an HTTP server, and there is none under GOOS=js")
			}
			g := tc.gates
			if g == nil {
				g = features.AllAlpha()
			}
			im := testImporter(t, g, search...)
			im.opts.Fetch = fetch
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

// TestImportCache: the same import gives the same Contents value, as
// go-jsonnet requires, and the file system is read once.
func TestImportCache(t *testing.T) {
	reads := 0
	fsys := countingFS{MapFS{"/w/a.libsonnet": []byte("a")}, &reads}
	im := New(Options{FS: fsys, Cwd: "/w"})
	c1, _, err := im.Import("", "a.libsonnet")
	if err != nil {
		t.Fatal(err)
	}
	c2, _, _ := im.Import("file:///w/x.jsonnet", "a.libsonnet")
	if c1 != c2 {
		t.Error("second import returned different Contents")
	}
	if reads != 1 {
		t.Errorf("read %d times, want 1", reads)
	}
}

type countingFS struct {
	MapFS
	n *int
}

func (c countingFS) ReadFile(name string) ([]byte, error) {
	*c.n++
	return c.MapFS.ReadFile(name)
}

func TestNoFetcher(t *testing.T) {
	im := New(Options{Cwd: "/"})
	_, _, err := im.Import("", "https://example.com/x.libsonnet")
	if err == nil || !strings.Contains(err.Error(), "http(s) imports are not available in this build") {
		t.Fatalf("error = %v", err)
	}
}
