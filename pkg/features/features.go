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

// std is the registry compiled into kubecfg: the features of stdFeatures,
// in order.
var std = &Registry{}

// stdFeatures are the features, in the order kubecfg features lists them:
// a static array (data, where a registration call per feature was a
// kilobyte and a half of the browser engine's code each).
var stdFeatures = [...]Feature{
	{Name: "eval", Stage: Alpha, Since: "v0.40.0", Doc: "the eval command"},
	{Name: "traceback", Stage: Alpha, Since: "v0.40.0", Doc: "the traceback command"},
	{Name: "pack", Stage: Alpha, Since: "v0.40.0", Doc: "the pack command (OCI bundles)"},
	{Name: "httpd", Stage: Alpha, Since: "v0.40.0", Doc: "the httpd command (Jsonnet webhooks)"},
	{Name: "overlay", Stage: Alpha, Since: "v0.40.0", Doc: "the --overlay-code and --overlay-code-file flags"},
	{Name: "yakl", Stage: Alpha, Since: "v0.40.0", Doc: "YAML with Jsonnet expressions (.yakl files, yakl: imports)"},
	{Name: "kustomize-import", Stage: Alpha, Since: "v0.40.0", Doc: "kustomize+https:// imports"},
	{Name: "binary-import", Stage: Alpha, Since: "v0.40.0", Doc: "binary:// imports"},
	{Name: "knit", Stage: Alpha, Since: "v0.41.0", Doc: "kubecfg.knit, the keyed-array overlay merge"},
	{Name: "playground", Stage: Alpha, Since: "v0.41.0", Doc: "the playground command (browser playground and share service)"},
	{Name: "offline-validate", Stage: Alpha, Since: "v0.41.0", Doc: "the validate command, offline: the built-in Kubernetes schemas, each problem at its Jsonnet line"},
	{Name: "diff-against", Stage: Alpha, Since: "v0.41.0", Doc: "kubecfg diff --against FILE|DIR: the diff against objects saved in YAML or JSON files, offline"},
	{Name: "client-reorder", Stage: Alpha, Since: "v0.41.0", Doc: "show --reorder=client: kubecfg's dependency order, offline"},
	{Name: "oci-import", Stage: Alpha, Since: "v0.41.0", Doc: "oci:// imports: files of kubecfg pack's OCI bundles, checked for the features they need"},
	{Name: "fast-eval", Stage: Alpha, Since: "v0.41.0", Doc: "show and eval evaluate with kubecfg's own faster evaluator, falling back to go-jsonnet for what it does not run"},
}

// The registry's features, by name.
var (
	Eval            = &stdFeatures[0]
	Traceback       = &stdFeatures[1]
	Pack            = &stdFeatures[2]
	Httpd           = &stdFeatures[3]
	Overlay         = &stdFeatures[4]
	YAKL            = &stdFeatures[5]
	KustomizeImport = &stdFeatures[6]
	BinaryImport    = &stdFeatures[7]
	Knit            = &stdFeatures[8]
	Playground      = &stdFeatures[9]
	OfflineValidate = &stdFeatures[10]
	DiffAgainst     = &stdFeatures[11]
	ClientReorder   = &stdFeatures[12]
	OCIImport       = &stdFeatures[13]
	FastEval        = &stdFeatures[14]
)

func init() {
	for i := range stdFeatures {
		std.addPointer(&stdFeatures[i])
	}
}

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
