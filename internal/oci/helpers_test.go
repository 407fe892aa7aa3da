package oci

import (
	"github.com/opencontainers/image-spec/specs-go"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
	"oras.land/oras-go/v2/content"
)

var manifestVersion = specs.Versioned{SchemaVersion: 2}

func descOf(mediaType string, b []byte) ocispec.Descriptor {
	return content.NewDescriptorFromBytes(mediaType, b)
}
