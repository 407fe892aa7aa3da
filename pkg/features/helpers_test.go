package features

// Helpers only the tests use.

// FromFlags builds an invocation's gates the way the CLI and the
// playground do: the values of --features (each comma-separated; from
// KUBECFG_FEATURES when the flag is absent), then the rc file's source
// (from package rc; a zero Source when there is none), then --alpha.
func FromFlags(alpha bool, featureFlags []string, rc Source) (*Gates, error) {
	return New(alpha, Source{Name: SourceFeatures, Items: SplitList(featureFlags...)}, rc)
}

// NewRegistry builds a registry from features, in order, and checks it
// with Check.
func NewRegistry(features ...Feature) (*Registry, error) {
	r := &Registry{}
	for _, f := range features {
		r.add(f)
	}
	if err := r.Check(); err != nil {
		return nil, err
	}
	return r, nil
}
