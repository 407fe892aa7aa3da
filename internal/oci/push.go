package oci

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"

	"github.com/opencontainers/image-spec/specs-go"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
	"oras.land/oras-go/v2/content"

	"github.com/kubecfg/kubecfg/internal/bundle"
)

// Artifact is a packed bundle, ready to push.
type Artifact struct {
	// Body is the body layer (bundle.WriteBody), Config the config blob.
	Body, Config []byte
	// Docs is the optional documentation layer (a tar.gz), nil for none.
	Docs []byte
	// Annotations go on the manifest over kubecfg's own (created,
	// revision, source).
	Annotations map[string]string
	// Revision is the git revision of the root's work tree, or
	// bundle.UnknownRevision.
	Revision string
}

// Manifest returns the artifact's manifest as kubecfg writes it: the
// config blob (OCI's empty media type, artifactType kubecfg's bundle
// config), the body layer, the docs layer if any, and the annotations.
func (a Artifact) Manifest() ([]byte, error) {
	cfg := content.NewDescriptorFromBytes(bundle.ConfigMediaType, a.Config)
	cfg.ArtifactType = bundle.ConfigArtifactType
	layers := []ocispec.Descriptor{content.NewDescriptorFromBytes(bundle.BodyMediaType, a.Body)}
	if a.Docs != nil {
		layers = append(layers, content.NewDescriptorFromBytes(bundle.DocsMediaType, a.Docs))
	}
	ann := map[string]string{
		bundle.AnnotationCreated:  bundle.CreatedEpoch,
		bundle.AnnotationRevision: a.Revision,
		bundle.AnnotationSource:   bundle.SourcePack,
	}
	maps.Copy(ann, a.Annotations)
	return json.Marshal(ocispec.Manifest{
		Versioned:   specs.Versioned{SchemaVersion: 2},
		Config:      cfg,
		Layers:      layers,
		Annotations: ann,
	})
}

// Push uploads the artifact's blobs, then its manifest under ref's tag,
// and returns the manifest's descriptor (its digest names the bundle).
func Push(ctx context.Context, ref bundle.Ref, a Artifact, opts Options) (ocispec.Descriptor, error) {
	if ref.Tag == "" {
		return ocispec.Descriptor{}, fmt.Errorf("%s: pack pushes to a tag: name it as REGISTRY/REPOSITORY:TAG", ref)
	}
	manifest, err := a.Manifest()
	if err != nil {
		return ocispec.Descriptor{}, err
	}
	repo, err := Repository(ref, opts)
	if err != nil {
		return ocispec.Descriptor{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	blobs := []struct {
		mediaType string
		data      []byte
	}{{bundle.BodyMediaType, a.Body}, {bundle.ConfigMediaType, a.Config}}
	if a.Docs != nil {
		blobs = append(blobs, struct {
			mediaType string
			data      []byte
		}{bundle.DocsMediaType, a.Docs})
	}
	for _, b := range blobs {
		desc := content.NewDescriptorFromBytes(b.mediaType, b.data)
		if err := repo.Push(ctx, desc, bytes.NewReader(b.data)); err != nil {
			return ocispec.Descriptor{}, fmt.Errorf("pushing to %s: %w", ref, err)
		}
	}
	desc := content.NewDescriptorFromBytes(ocispec.MediaTypeImageManifest, manifest)
	if err := repo.PushReference(ctx, desc, bytes.NewReader(manifest), ref.Tag); err != nil {
		return ocispec.Descriptor{}, fmt.Errorf("pushing to %s: %w", ref, err)
	}
	return desc, nil
}
