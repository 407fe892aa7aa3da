// Package features is kubecfg's feature-gate registry (RFC05).
//
// Every feature that is not yet stable is one entry in the registry with a
// stage (alpha, beta, GA, removed) and a kind (additive or semantic). One
// *Gates value per invocation records which features are on and which
// source decided each of them; code asks it with Enabled or Require.
//
// The precedence, per feature, is: the first Source that names it (the
// CLI passes --features first, then the rc file), then --alpha (alpha
// features only), then the stage's default.
package features

//go:generate go run ./gen -o ../../docs/features.md

import (
	"fmt"
)

// Stage is how far along a feature is.
type Stage int

// The stages of RFC05. Only alpha features can be removed.
const (
	Alpha Stage = iota
	Beta
	GA
	Removed
)

// String returns the stage as kubecfg features prints it.
func (s Stage) String() string {
	switch s {
	case Alpha:
		return "alpha"
	case Beta:
		return "beta"
	case GA:
		return "ga"
	case Removed:
		return "removed"
	}
	return fmt.Sprintf("stage(%d)", int(s))
}

// Kind says whether turning a feature on can change the meaning of input
// that already works.
type Kind int

// Additive features add what used to be an error; semantic features change
// the meaning of valid input and never leave alpha through a gate.
const (
	Additive Kind = iota
	Semantic
)

// String returns the kind in lower case.
func (k Kind) String() string {
	if k == Semantic {
		return "semantic"
	}
	return "additive"
}

// Feature is one registry entry.
type Feature struct {
	Name  string
	Stage Stage
	Kind  Kind
	Since string
	Doc   string
}

// Default reports whether the feature is on when nothing names it.
func (f *Feature) Default() bool { return f.Stage == Beta || f.Stage == GA }

// std is the registry compiled into kubecfg. It is declared before the
// feature variables, which depend on it, so they register in source order.
var std = &Registry{}

func register(f Feature) *Feature { return std.add(f) }

// The registry, in the order kubecfg features lists it.
var (
	Eval            = register(Feature{Name: "eval", Stage: Alpha, Since: "v0.40.0", Doc: "the eval command"})
	Traceback       = register(Feature{Name: "traceback", Stage: Alpha, Since: "v0.40.0", Doc: "the traceback command"})
	Pack            = register(Feature{Name: "pack", Stage: Alpha, Since: "v0.40.0", Doc: "the pack command (OCI bundles)"})
	Httpd           = register(Feature{Name: "httpd", Stage: Alpha, Since: "v0.40.0", Doc: "the httpd command (Jsonnet webhooks)"})
	Overlay         = register(Feature{Name: "overlay", Stage: Alpha, Since: "v0.40.0", Doc: "the --overlay-code and --overlay-code-file flags"})
	YAKL            = register(Feature{Name: "yakl", Stage: Alpha, Since: "v0.40.0", Doc: "YAML with Jsonnet expressions (.yakl files, yakl: imports)"})
	KustomizeImport = register(Feature{Name: "kustomize-import", Stage: Alpha, Since: "v0.40.0", Doc: "kustomize+https:// imports"})
	BinaryImport    = register(Feature{Name: "binary-import", Stage: Alpha, Since: "v0.40.0", Doc: "binary:// imports"})
	Knit            = register(Feature{Name: "knit", Stage: Alpha, Since: "v0.41.0", Doc: "kubecfg.knit, the keyed-array overlay merge"})
	Playground      = register(Feature{Name: "playground", Stage: Alpha, Since: "v0.41.0", Doc: "the playground command (browser playground and share service)"})
	OfflineValidate = register(Feature{Name: "offline-validate", Stage: Alpha, Since: "v0.41.0", Doc: "the validate command, offline: the built-in Kubernetes schemas, each problem at its Jsonnet line"})
)

// Std returns the registry compiled into kubecfg.
func Std() *Registry { return std }

// All returns the registry in order. The slice is a copy; the features are
// shared.
func All() []*Feature { return std.All() }

// Lookup finds a feature by name.
func Lookup(name string) *Feature { return std.Lookup(name) }

// New resolves every feature of the compiled-in registry: the first source
// that names it wins, then alpha (for alpha features), then the stage's
// default. Within one source a later item wins. Unknown names and turning
// off a GA feature are errors; a removed name is a warning (see Warnings).
func New(alpha bool, sources ...Source) (*Gates, error) { return std.New(alpha, sources...) }

// Defaults returns gates with every feature at its stage's default, as the
// rc file is evaluated.
func Defaults() *Gates { return std.Defaults() }

// AllAlpha returns gates as --alpha alone gives them: every alpha feature
// on, everything else at its default.
func AllAlpha() *Gates {
	g, _ := std.New(true)
	return g
}
