package bundle

import (
	"encoding/json"
	"fmt"
	"sort"
)

// The media types of a kubecfg bundle, as kubecfg writes them.
const (
	// BodyMediaType is the layer holding the packed files (a tar.gz).
	BodyMediaType = "application/vnd.kubecfg.bundle.tar+gzip"
	// DocsMediaType is the optional documentation layer (--docs-tar-file).
	DocsMediaType = "application/vnd.kubecfg.bundle.docs.tar+gzip"
	// ConfigMediaType is the config blob's media type (OCI's empty
	// descriptor type, as kubecfg uses it).
	ConfigMediaType = "application/vnd.oci.empty.v1+json"
	// ConfigArtifactType is the artifactType of the config's descriptor.
	ConfigArtifactType = "application/vnd.kubecfg.bundle.config.v1+json"
	// ManifestMediaType is an OCI image manifest's.
	ManifestMediaType = "application/vnd.oci.image.manifest.v1+json"
)

// The manifest's annotations kubecfg pack writes (Flux's OCIRepository
// reads them). Created is fixed at the epoch so that a bundle is
// reproducible.
const (
	AnnotationCreated  = "org.opencontainers.image.created"
	AnnotationRevision = "org.opencontainers.image.revision"
	AnnotationSource   = "org.opencontainers.image.source"
	CreatedEpoch       = "1970-01-01T00:00:00Z"
	SourcePack         = "kubecfg pack"
	// UnknownRevision is the revision of a root outside a git work tree.
	UnknownRevision = "unknown"
)

// The metadata: the root's MetadataField merged over MetadataKey's entry.
const (
	// MetadataField is the root object's field whose value is added to
	// the bundle's metadata.
	MetadataField = "_kubecfg_pack_metadata"
	// MetadataKey holds kubecfg's own metadata: the version that packed
	// the bundle and the features the bundle needs.
	MetadataKey = "pack.kubecfg.dev/v1alpha1"
)

// MaxBundleSize caps what one bundle may hold: the body layer as fetched
// (compressed) and, again, the files it unpacks to. 64 MiB is what one
// import may read from a file or a URL (importer.MaxFileSize): a bundle
// is held in memory whole, so it gets no more than one file.
const MaxBundleSize = 64 << 20

// MaxConfigSize caps the config blob and the manifest (a few hundred
// bytes in practice).
const MaxConfigSize = 1 << 20

// Config is the bundle's config blob.
type Config struct {
	// Entrypoint is the root file's path in the bundle: what a bare
	// oci://REF import evaluates.
	Entrypoint string `json:"entrypoint"`
	// Metadata is the packing kubecfg's MetadataKey entry and the root's
	// MetadataField.
	Metadata json.RawMessage `json:"metadata,omitempty"`
}

// PackMetadata is kubecfg's own entry in a bundle's metadata.
type PackMetadata struct {
	Version string `json:"version"`
	// Features are the features the bundle's files need (RFC05, "OCI
	// bundles"); empty for a bundle that needs none.
	Features []string `json:"features,omitempty"`
}

// Features returns the features a bundle's metadata records, sorted; none
// for metadata without kubecfg's entry (a bundle from a kubecfg that did
// not record them).
func Features(metadata json.RawMessage) ([]string, error) {
	if len(metadata) == 0 {
		return nil, nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(metadata, &m); err != nil {
		return nil, fmt.Errorf("the bundle's metadata is not a JSON object: %w", err)
	}
	raw, ok := m[MetadataKey]
	if !ok {
		return nil, nil
	}
	var pm struct {
		Features []string `json:"features"`
	}
	if err := json.Unmarshal(raw, &pm); err != nil {
		return nil, fmt.Errorf("the bundle's %q metadata: %w", MetadataKey, err)
	}
	out := append([]string(nil), pm.Features...)
	sort.Strings(out)
	return out, nil
}

// Size prints a byte count as the caps are written: in MiB when whole,
// else in bytes.
func Size(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}
