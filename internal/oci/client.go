package oci

import (
	"fmt"
	"net/http"
	"time"

	"oras.land/oras-go/v2/registry/remote"
	"oras.land/oras-go/v2/registry/remote/auth"
	"oras.land/oras-go/v2/registry/remote/credentials"
	"oras.land/oras-go/v2/registry/remote/retry"

	"github.com/kubecfg/kubecfg/internal/bundle"
)

// Timeout bounds one bundle's push or fetch, every request included.
const Timeout = 60 * time.Second

// Options say how to reach registries.
type Options struct {
	// PlainHTTP talks HTTP instead of HTTPS (pack --insecure-registry).
	PlainHTTP bool
	// HTTPClient sends the requests; nil is oras's default client (the
	// system's roots, which SSL_CERT_FILE adds to).
	HTTPClient *http.Client
	// NoCredentials skips the Docker config (tests).
	NoCredentials bool
	// MaxBundleSize caps a bundle's body layer and, separately, the files
	// it unpacks to; 0 is bundle.MaxBundleSize.
	MaxBundleSize int64
}

// Repository is ref's repository with the Docker config's credentials:
// $DOCKER_CONFIG/config.json or ~/.docker/config.json, its auths,
// credsStore and credHelpers, and the platform's default store when it
// names none, as kubecfg reads them.
func Repository(ref bundle.Ref, opts Options) (*remote.Repository, error) {
	repo, err := remote.NewRepository(ref.String())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ref, err)
	}
	repo.PlainHTTP = opts.PlainHTTP
	client := &auth.Client{Client: opts.HTTPClient, Cache: auth.NewCache()}
	if client.Client == nil {
		client.Client = retry.DefaultClient
	}
	if !opts.NoCredentials {
		store, err := credentials.NewStoreFromDocker(credentials.StoreOptions{DetectDefaultNativeStore: true})
		if err != nil {
			return nil, fmt.Errorf("reading the Docker config for %s's credentials: %w", ref.Registry, err)
		}
		client.Credential = credentials.Credential(store)
	}
	repo.Client = client
	return repo, nil
}
