package oci

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-containerregistry/pkg/registry"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"

	"github.com/kubecfg/kubecfg/internal/bundle"
	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/pkg/features"
)

// plainRegistry is go-containerregistry's registry over plain HTTP.
func plainRegistry(t *testing.T) (string, Options) {
	t.Helper()
	srv := httptest.NewServer(registry.New(registry.Logger(log.New(io.Discard, "", 0))))
	t.Cleanup(srv.Close)
	return strings.TrimPrefix(srv.URL, "http://"), Options{PlainHTTP: true, NoCredentials: true}
}

// tlsRegistry is the same registry over TLS, its test CA in the client.
func tlsRegistry(t *testing.T) (string, Options) {
	t.Helper()
	srv, err := registry.TLS("registry.test")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	return strings.TrimPrefix(srv.URL, "https://"), Options{HTTPClient: srv.Client(), NoCredentials: true}
}

func mustRef(t *testing.T, s string) bundle.Ref {
	t.Helper()
	r, err := bundle.ParseRef(s)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func testArtifact(t *testing.T, meta string, files ...bundle.File) Artifact {
	t.Helper()
	body, err := bundle.Body(files)
	if err != nil {
		t.Fatal(err)
	}
	cfg, _ := json.Marshal(bundle.Config{Entrypoint: files[0].Name, Metadata: json.RawMessage(meta)})
	return Artifact{Body: body, Config: cfg, Revision: bundle.UnknownRevision}
}

func TestPushFetchPlainAndTLS(t *testing.T) {
	for name, start := range map[string]func(*testing.T) (string, Options){"http": plainRegistry, "tls": tlsRegistry} {
		t.Run(name, func(t *testing.T) {
			host, opts := start(t)
			a := testArtifact(t, `{"pack.kubecfg.dev/v1alpha1":{"version":"v1"}}`,
				bundle.File{Name: "app/main.jsonnet", Data: []byte(`import "../lib/a.libsonnet"`)},
				bundle.File{Name: "lib/a.libsonnet", Data: []byte(`{a: 1}`)})
			a.Annotations = map[string]string{"x": "y"}
			ref := mustRef(t, host+"/team/app:v1")
			desc, err := Push(context.Background(), ref, a, opts)
			if err != nil {
				t.Fatal(err)
			}
			again, err := Push(context.Background(), ref, a, opts)
			if err != nil || again.Digest != desc.Digest {
				t.Fatalf("second push: %v, digest %s then %s", err, desc.Digest, again.Digest)
			}
			bs := NewBundles(opts)
			root, err := bs.Open("oci://"+host+"/team/app:v1/", on(t))
			if err != nil || string(root) != `import "oci://`+host+`/team/app:v1/app/main.jsonnet"` {
				t.Fatalf("root: %q, %v", root, err)
			}
			lib, err := bs.Open("oci://"+host+"/team/app@"+desc.Digest.String()+"/lib/a.libsonnet", on(t))
			if err != nil || string(lib) != `{a: 1}` {
				t.Fatalf("by digest: %q, %v", lib, err)
			}
			if _, err := bs.Open("oci://"+host+"/team/app:v1/none.jsonnet", on(t)); !errors.Is(err, importer.ErrNotFound) {
				t.Fatalf("missing file: %v", err)
			}
			if len(bs.byDigest) != 1 || len(bs.byRef) != 2 {
				t.Errorf("cache: %d bundles by digest, %d refs; want 1 and 2", len(bs.byDigest), len(bs.byRef))
			}
			// The manifest as kubecfg writes it.
			bun, _ := bs.Get(ref)
			m := bun.Manifest
			if m.SchemaVersion != 2 || m.Config.MediaType != "application/vnd.oci.empty.v1+json" ||
				m.Config.ArtifactType != "application/vnd.kubecfg.bundle.config.v1+json" ||
				len(m.Layers) != 1 || m.Layers[0].MediaType != "application/vnd.kubecfg.bundle.tar+gzip" {
				t.Errorf("manifest: %+v", m)
			}
			want := map[string]string{"org.opencontainers.image.created": "1970-01-01T00:00:00Z",
				"org.opencontainers.image.revision": "unknown", "org.opencontainers.image.source": "kubecfg pack", "x": "y"}
			if !equalMaps(m.Annotations, want) {
				t.Errorf("annotations: %v", m.Annotations)
			}
		})
	}
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func TestFeaturesChecked(t *testing.T) {
	host, opts := plainRegistry(t)
	a := testArtifact(t, `{"pack.kubecfg.dev/v1alpha1":{"version":"v1","features":["yakl","knit"]}}`,
		bundle.File{Name: "app.yakl", Data: []byte("a: 1\n")})
	if _, err := Push(context.Background(), mustRef(t, host+"/app:1"), a, opts); err != nil {
		t.Fatal(err)
	}
	bs := NewBundles(opts)
	_, err := bs.Open("oci://"+host+"/app:1/", on(t))
	want := "bundle oci://" + host + "/app:1 needs features that are off: knit, yakl; turn them on with --features=knit,yakl (a bundle never turns features on itself)"
	if err == nil || err.Error() != want {
		t.Fatalf("error = %v\nwant %s", err, want)
	}
	g := on(t, "yakl")
	if _, err := bs.Open("oci://"+host+"/app:1/app.yakl", g); err == nil || !strings.Contains(err.Error(), "off: knit;") {
		t.Fatalf("with yakl on: %v", err)
	}
	g = on(t, "yakl", "knit")
	root, err := bs.Open("oci://"+host+"/app:1/", g)
	if err != nil || string(root) != `import "yakl:oci://`+host+`/app:1/app.yakl"` {
		t.Fatalf("with both on: %q, %v", root, err)
	}
	if g.Enabled(features.Knit) != true || g.Enabled(features.Httpd) {
		t.Error("opening a bundle changed the gates")
	}
	if _, err := bs.Open("oci://"+host+"/app:1/", features.Defaults()); err == nil || err.Error() != "oci-import is an alpha feature; turn it on with --features=oci-import" {
		t.Errorf("gate: %v", err)
	}

	a = testArtifact(t, `{"pack.kubecfg.dev/v1alpha1":{"features":["from-the-future"]}}`, bundle.File{Name: "a.jsonnet", Data: []byte("{}")})
	Push(context.Background(), mustRef(t, host+"/app:2"), a, opts)
	if _, err := bs.Open("oci://"+host+"/app:2/", features.AllAlpha()); err == nil || !strings.Contains(err.Error(), `does not have: from-the-future`) {
		t.Fatalf("unknown feature: %v", err)
	}
}

// pushRaw pushes a hand-made manifest (its blobs, then the manifest under
// tag) to the real registry, as a broken or hostile pusher would.
func pushRaw(t *testing.T, host, tag string, opts Options, m ocispec.Manifest, blobs map[string][]byte) {
	t.Helper()
	ref := mustRef(t, host+"/bad:"+tag)
	repo, err := Repository(ref, opts)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for i, d := range append([]ocispec.Descriptor{m.Config}, m.Layers...) {
		if err := repo.Push(ctx, d, bytes.NewReader(blobs[d.Digest.String()])); err != nil && i >= 0 {
			if !strings.Contains(err.Error(), "already exists") {
				t.Fatal(err)
			}
		}
	}
	b, _ := json.Marshal(m)
	if err := repo.PushReference(ctx, descOf(ocispec.MediaTypeImageManifest, b), bytes.NewReader(b), tag); err != nil {
		t.Fatal(err)
	}
}

func TestBadBundles(t *testing.T) {
	host, opts := plainRegistry(t)
	blobs := map[string][]byte{}
	blob := func(mt string, b []byte) ocispec.Descriptor {
		d := descOf(mt, b)
		blobs[d.Digest.String()] = b
		return d
	}
	cfg := blob(bundle.ConfigMediaType, []byte(`{"entrypoint":"main.jsonnet"}`))
	tarOf := func(name string, size int) []byte {
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		tw := tar.NewWriter(zw)
		tw.WriteHeader(&tar.Header{Name: name, Size: int64(size), Typeflag: tar.TypeReg})
		tw.Write(bytes.Repeat([]byte("x"), size))
		tw.Close()
		zw.Close()
		return b.Bytes()
	}
	good := tarOf("main.jsonnet", 10)
	corrupt := append([]byte(nil), good...)
	corrupt[len(corrupt)-5] ^= 0xff
	cases := []struct {
		tag    string
		layers []ocispec.Descriptor
		max    int64
		err    string
	}{
		{"wrongtype", []ocispec.Descriptor{blob("application/vnd.oci.image.layer.v1.tar+gzip", good)}, 0,
			`no layer of media type "application/vnd.kubecfg.bundle.tar+gzip" (the bundle's layers: "application/vnd.oci.image.layer.v1.tar+gzip"); is it a kubecfg bundle?`},
		{"nolayers", nil, 0, `(the bundle's layers: none)`},
		{"corrupt", []ocispec.Descriptor{blob(bundle.BodyMediaType, corrupt)}, 0, "the bundle's layer is not a tar.gz"},
		{"notgzip", []ocispec.Descriptor{blob(bundle.BodyMediaType, []byte("{}"))}, 0, "the bundle's layer is not a tar.gz"},
		{"escape", []ocispec.Descriptor{blob(bundle.BodyMediaType, tarOf("../../etc/passwd", 3))}, 0, `the path "../../etc/passwd" escapes the bundle`},
		{"big-layer", []ocispec.Descriptor{blob(bundle.BodyMediaType, tarOf("main.jsonnet", 5000))}, 100, "bytes is over the 100 bytes a bundle may hold"},
		{"big-files", []ocispec.Descriptor{blob(bundle.BodyMediaType, tarOf("main.jsonnet", 5000))}, 1000, "the bundle's files are larger than the 1000 bytes a bundle may hold"},
	}
	for _, tc := range cases {
		t.Run(tc.tag, func(t *testing.T) {
			pushRaw(t, host, tc.tag, opts, ocispec.Manifest{Config: cfg, Layers: tc.layers, Versioned: manifestVersion}, blobs)
			o := opts
			o.MaxBundleSize = tc.max
			_, err := NewBundles(o).Open("oci://"+host+"/bad:"+tc.tag+"/main.jsonnet", features.AllAlpha())
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("error = %v\nwant %q", err, tc.err)
			}
			if !strings.HasPrefix(err.Error(), "oci://"+host+"/bad:"+tc.tag) {
				t.Errorf("error does not name the bundle: %v", err)
			}
		})
	}
	t.Run("missing tag", func(t *testing.T) {
		_, err := NewBundles(opts).Open("oci://"+host+"/bad:nosuchtag/", features.AllAlpha())
		if err == nil || !strings.Contains(err.Error(), "oci://"+host+"/bad:nosuchtag: fetching the manifest:") || !strings.Contains(err.Error(), "not found") {
			t.Fatalf("error = %v", err)
		}
	})
	t.Run("unknown registry", func(t *testing.T) {
		_, err := NewBundles(opts).Open("oci://nosuch.invalid/app:1/", features.AllAlpha())
		if err == nil || !strings.Contains(err.Error(), "oci://nosuch.invalid/app:1: fetching the manifest:") {
			t.Fatalf("error = %v", err)
		}
	})
	t.Run("no tag in the URL", func(t *testing.T) {
		_, err := NewBundles(opts).Open("oci://"+host+"/app", features.AllAlpha())
		if err == nil || !strings.Contains(err.Error(), "missing tag") {
			t.Fatalf("error = %v", err)
		}
	})
}

// on returns gates with oci-import and the named features on.
func on(t *testing.T, names ...string) *features.Gates {
	t.Helper()
	g, err := features.New(false, features.Source{Name: features.SourceFeatures, Items: append([]string{"oci-import"}, names...)})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestContains(t *testing.T) {
	b := NewBundles(Options{})
	for _, tc := range []struct{ from, path, resolved, err string }{
		{"oci://r.test/app:1/main.jsonnet", "lib/a.libsonnet", "oci://r.test/app:1/lib/a.libsonnet", ""},
		{"oci://r.test/app:1/lib/a.libsonnet", "../b.libsonnet", "oci://r.test/app:1/b.libsonnet", ""},
		{"oci://r.test/app:1/main.jsonnet", "../other:2/x.jsonnet", "oci://r.test/other:2/x.jsonnet", `import "../other:2/x.jsonnet" from oci://r.test/app:1/main.jsonnet: the path escapes the bundle`},
		{"oci://r.test/app:1/main.jsonnet", "../app:10/x.jsonnet", "oci://r.test/app:10/x.jsonnet", "escapes the bundle"},
		{"oci://r.test/app:1/main.jsonnet", "/etc/passwd", "oci://r.test/etc/passwd", "escapes the bundle"},
		{"oci://r.test/t/app@sha256:" + strings.Repeat("0", 64) + "/a/main.jsonnet", "../../x", "oci://r.test/t/x", "escapes the bundle"},
	} {
		err := b.Contains(tc.from, tc.path, tc.resolved)
		if (tc.err == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("Contains(%s, %s, %s) = %v, want %q", tc.from, tc.path, tc.resolved, err, tc.err)
		}
	}
}
