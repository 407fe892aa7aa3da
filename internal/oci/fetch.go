package oci

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"
	"sync"

	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
	"oras.land/oras-go/v2/content"

	"github.com/kubecfg/kubecfg/internal/bundle"
	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/pkg/features"
)

// Bundle is a fetched bundle: its manifest's digest, its config and
// its files in memory.
type Bundle struct {
	Ref      bundle.Ref
	Digest   string
	Manifest ocispec.Manifest
	Config   bundle.Config
	Features []string
	Files    map[string][]byte
}

// Bundles serves oci:// imports (importer.Bundles) for one run: each
// reference is resolved once and each bundle fetched once, kept by its
// digest.
type Bundles struct {
	opts     Options
	mu       sync.Mutex
	byRef    map[string]string
	byDigest map[string]*Bundle
}

var _ importer.Bundles = (*Bundles)(nil)

// NewBundles returns an empty cache that reaches registries with opts.
func NewBundles(opts Options) *Bundles {
	return &Bundles{opts: opts, byRef: map[string]string{}, byDigest: map[string]*Bundle{}}
}

// Open implements importer.Bundles: a file of the bundle at u, or for its
// root the import of its entrypoint, once the bundle's features are all
// on in gates.
func (b *Bundles) Open(u string, gates *features.Gates) ([]byte, error) {
	if err := gates.Require(features.OCIImport); err != nil {
		return nil, err
	}
	ref, p, err := bundle.Parse(u)
	if err != nil {
		return nil, err
	}
	bun, err := b.Get(ref)
	if err != nil {
		return nil, err
	}
	if err := CheckFeatures(bun, gates); err != nil {
		return nil, err
	}
	if p == "" {
		return entrypoint(bun)
	}
	data, ok := bun.Files[p]
	if !ok {
		return nil, fmt.Errorf("%s: %w", u, importer.ErrNotFound)
	}
	return data, nil
}

// entrypoint is the code a bare oci://REF import evaluates: an import of
// the entrypoint by its absolute URL in the bundle, so that its relative
// imports resolve inside the bundle (a yakl: import for a .yakl
// entrypoint).
func entrypoint(bun *Bundle) ([]byte, error) {
	e := bun.Config.Entrypoint
	if e == "" {
		return nil, fmt.Errorf(`%s: must use non-empty "entrypoint" config field if you want to render the OCI bundle root`, bun.Ref)
	}
	if err := bundle.CheckName(e); err != nil {
		return nil, fmt.Errorf("%s: the entrypoint: %w", bun.Ref, err)
	}
	u := bun.Ref.URL() + e
	if path.Ext(e) == ".yakl" {
		u = importer.YAKLScheme + u
	}
	return []byte("import " + strconv.Quote(u)), nil
}

// CheckFeatures fails, naming them all and the --features that turns
// them on, when the bundle needs features that gates has off. It never
// turns one on: remote code must not choose the run's features.
func CheckFeatures(bun *Bundle, gates *features.Gates) error {
	var off, unknown []string
	for _, name := range bun.Features {
		f := features.Lookup(name)
		switch {
		case f == nil:
			unknown = append(unknown, name)
		case !gates.Enabled(f):
			off = append(off, name)
		}
	}
	if len(unknown) > 0 {
		return fmt.Errorf("bundle %s%s needs features this kubecfg does not have: %s (it was packed by a newer kubecfg)", bundle.Scheme, bun.Ref, strings.Join(unknown, ", "))
	}
	if len(off) > 0 {
		return fmt.Errorf("bundle %s%s needs features that are off: %s; turn them on with --features=%s (a bundle never turns features on itself)",
			bundle.Scheme, bun.Ref, strings.Join(off, ", "), strings.Join(off, ","))
	}
	return nil
}

// Get returns ref's bundle, fetching it the first time.
func (b *Bundles) Get(ref bundle.Ref) (*Bundle, error) {
	key := ref.String()
	b.mu.Lock()
	if d, ok := b.byRef[key]; ok {
		bun := b.byDigest[d]
		b.mu.Unlock()
		return bun, nil
	}
	b.mu.Unlock()
	bun, err := Fetch(context.Background(), ref, b.opts, func(digest string) *Bundle {
		b.mu.Lock()
		defer b.mu.Unlock()
		return b.byDigest[digest]
	})
	if err != nil {
		return nil, err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if have, ok := b.byDigest[bun.Digest]; ok {
		bun = have
	}
	b.byRef[key] = bun.Digest
	b.byDigest[bun.Digest] = bun
	return bun, nil
}

// Fetch gets ref's bundle from its registry: the manifest, the config,
// and the body layer, each read within its cap and checked against its
// digest. known, when not nil, may return a bundle already fetched by the
// manifest's digest, and then nothing more is fetched.
func Fetch(ctx context.Context, ref bundle.Ref, opts Options, known func(digest string) *Bundle) (*Bundle, error) {
	wrap := func(what string, err error) error { return fmt.Errorf("%s%s: %s: %w", bundle.Scheme, ref, what, err) }
	repo, err := Repository(ref, opts)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	version := ref.Tag
	if ref.Digest != "" {
		version = ref.Digest
	}
	desc, rc, err := repo.FetchReference(ctx, version)
	if err != nil {
		return nil, wrap("fetching the manifest", err)
	}
	raw, err := readBlob(rc, desc, bundle.MaxConfigSize)
	if err != nil {
		return nil, wrap("reading the manifest", err)
	}
	digest := desc.Digest.String()
	if known != nil {
		if bun := known(digest); bun != nil {
			return bun, nil
		}
	}
	bun := &Bundle{Ref: ref, Digest: digest}
	if err := json.Unmarshal(raw, &bun.Manifest); err != nil {
		return nil, wrap("the manifest is not JSON", err)
	}
	rc, err = repo.Fetch(ctx, bun.Manifest.Config)
	if err != nil {
		return nil, wrap("fetching the config", err)
	}
	cfg, err := readBlob(rc, bun.Manifest.Config, bundle.MaxConfigSize)
	if err != nil {
		return nil, wrap("reading the config", err)
	}
	if err := json.Unmarshal(cfg, &bun.Config); err != nil {
		return nil, wrap("the config is not a kubecfg bundle's", err)
	}
	if bun.Features, err = bundle.Features(bun.Config.Metadata); err != nil {
		return nil, wrap("the config", err)
	}
	var body *ocispec.Descriptor
	var types []string
	for i, l := range bun.Manifest.Layers {
		types = append(types, strconv.Quote(l.MediaType))
		if l.MediaType == bundle.BodyMediaType && body == nil {
			body = &bun.Manifest.Layers[i]
		}
	}
	if body == nil {
		return nil, fmt.Errorf("%s%s: no layer of media type %q (the bundle's layers: %s); is it a kubecfg bundle?",
			bundle.Scheme, ref, bundle.BodyMediaType, orNone(types))
	}
	rc, err = repo.Fetch(ctx, *body)
	if err != nil {
		return nil, wrap("fetching the body layer", err)
	}
	max := opts.MaxBundleSize
	if max <= 0 {
		max = bundle.MaxBundleSize
	}
	layer, err := readBlob(rc, *body, max)
	if err != nil {
		return nil, wrap("reading the body layer", err)
	}
	if bun.Files, err = bundle.ReadBody(bytes.NewReader(layer), max); err != nil {
		return nil, fmt.Errorf("%s%s: %w", bundle.Scheme, ref, err)
	}
	return bun, nil
}

// readBlob reads a fetched blob within max bytes (refused before reading
// when its descriptor says more) and checks its size and digest.
func readBlob(rc io.ReadCloser, desc ocispec.Descriptor, max int64) ([]byte, error) {
	defer rc.Close()
	if desc.Size > max || desc.Size < 0 {
		return nil, fmt.Errorf("%d bytes is over the %s a bundle may hold", desc.Size, bundle.Size(max))
	}
	return content.ReadAll(rc, desc)
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, ", ")
}

// Fetcher is an http(s):// fetcher that serves oci:// imports too: the
// importer asks its Fetch for an importer.Bundles, so that the browser
// engines, which have neither, carry no plumbing for bundles.
type Fetcher struct {
	importer.Fetcher
	*Bundles
}

// WithBundles returns f serving oci:// imports from b as well.
func WithBundles(f importer.Fetcher, b *Bundles) Fetcher { return Fetcher{f, b} }

// Contains implements importer.Bundles: an import from a bundle's file
// must resolve inside that bundle.
func (b *Bundles) Contains(from, importedPath, resolved string) error {
	ref, _, err := bundle.Parse(from)
	if err != nil {
		return err
	}
	if !strings.HasPrefix(resolved, ref.URL()) {
		return fmt.Errorf("import %q from %s: the path escapes the bundle", importedPath, from)
	}
	return nil
}
