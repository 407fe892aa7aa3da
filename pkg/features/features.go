// Package features is kubecfg's feature-gate registry (RFC05).
//
// Every feature that is not yet stable is one entry in the registry with a
// stage (alpha, beta, GA, removed) and a kind (additive or semantic). One
// *Gates value per invocation records which features are on and which
// source decided each of them; code asks it with Enabled or Require.
package features

import (
	"fmt"
	"sort"
	"strings"
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

var registry []*Feature

func register(f Feature) *Feature {
	p := &f
	registry = append(registry, p)
	return p
}

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
)

// All returns the registry in order. The slice is a copy; the features are
// shared.
func All() []*Feature { return append([]*Feature(nil), registry...) }

// Lookup finds a feature by name.
func Lookup(name string) *Feature {
	for _, f := range registry {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// Source is one place features are set from: --features, or the rc file.
type Source struct {
	Name  string   // shown in kubecfg features and in errors
	Items []string // "name", "name=true" or "name=false"
}

// Names of the sources that are not a Source value.
const (
	SourceAlpha   = "--alpha"
	SourceDefault = "default"
)

// Setting is one feature's resolved state.
type Setting struct {
	Feature *Feature
	Enabled bool
	Source  string
}

// Gates is the set of enabled features for one kubecfg invocation, with
// where each setting came from. The zero value is not usable; use New or
// Defaults.
type Gates struct {
	settings map[*Feature]Setting
	warnings []string
}

// ParseItem splits one item of a feature list ("name", "name=true",
// "name=false") into its name and value.
func ParseItem(item string) (string, bool, error) {
	name, val, hasVal := strings.Cut(strings.TrimSpace(item), "=")
	name = strings.TrimSpace(name)
	if name == "" {
		return "", false, fmt.Errorf("empty feature name in %q", item)
	}
	if !hasVal {
		return name, true, nil
	}
	switch strings.TrimSpace(val) {
	case "true":
		return name, true, nil
	case "false":
		return name, false, nil
	}
	return "", false, fmt.Errorf("invalid value %q for feature %s: want true or false", val, name)
}

// SplitList splits comma-separated flag values into items, dropping
// empty ones.
func SplitList(values ...string) []string {
	var items []string
	for _, v := range values {
		for _, it := range strings.Split(v, ",") {
			if it = strings.TrimSpace(it); it != "" {
				items = append(items, it)
			}
		}
	}
	return items
}

// New resolves every feature: the first source that names it wins, then
// alpha (for alpha features), then the stage's default. Within one source a
// later item wins. Unknown names and turning off a GA feature are errors;
// a removed name is a warning (see Warnings).
func New(alpha bool, sources ...Source) (*Gates, error) {
	g := &Gates{settings: map[*Feature]Setting{}}
	for _, src := range sources {
		named := map[*Feature]Setting{}
		for _, item := range src.Items {
			name, on, err := ParseItem(item)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", src.Name, err)
			}
			f := Lookup(name)
			if f == nil {
				return nil, fmt.Errorf("%s: unknown feature %q (known: %s)", src.Name, name, strings.Join(knownNames(), ", "))
			}
			switch {
			case f.Stage == Removed:
				g.warnings = append(g.warnings, fmt.Sprintf("%s: feature %s was removed; the setting is ignored", src.Name, name))
				continue
			case f.Stage == GA && !on:
				return nil, fmt.Errorf("%s: feature %s is GA and can no longer be turned off", src.Name, name)
			}
			named[f] = Setting{Feature: f, Enabled: on, Source: src.Name}
		}
		for f, s := range named {
			if _, done := g.settings[f]; !done {
				g.settings[f] = s
			}
		}
	}
	for _, f := range registry {
		if _, done := g.settings[f]; done {
			continue
		}
		switch {
		case alpha && f.Stage == Alpha:
			g.settings[f] = Setting{Feature: f, Enabled: true, Source: SourceAlpha}
		default:
			g.settings[f] = Setting{Feature: f, Enabled: f.Default(), Source: SourceDefault}
		}
	}
	return g, nil
}

// Defaults returns gates with every feature at its stage's default, as the
// rc file is evaluated.
func Defaults() *Gates {
	g, _ := New(false)
	return g
}

// All enabled: AllAlpha returns gates as --alpha alone gives them.
func AllAlpha() *Gates {
	g, _ := New(true)
	return g
}

func knownNames() []string {
	var names []string
	for _, f := range registry {
		if f.Stage != Removed {
			names = append(names, f.Name)
		}
	}
	sort.Strings(names)
	return names
}

// Enabled reports whether f is on. A nil *Gates has every feature at its
// default.
func (g *Gates) Enabled(f *Feature) bool {
	if g == nil {
		return f.Default()
	}
	return g.settings[f].Enabled
}

// Require returns nil when f is on, else the standard error
// "X is an alpha feature; turn it on with --features=X".
func (g *Gates) Require(f *Feature) error {
	if g.Enabled(f) {
		return nil
	}
	return &DisabledError{Feature: f}
}

// Settings returns every feature's setting in registry order.
func (g *Gates) Settings() []Setting {
	out := make([]Setting, 0, len(registry))
	for _, f := range registry {
		if g == nil {
			out = append(out, Setting{Feature: f, Enabled: f.Default(), Source: SourceDefault})
			continue
		}
		out = append(out, g.settings[f])
	}
	return out
}

// Warnings returns the warnings that resolving the gates produced (removed
// names), in order.
func (g *Gates) Warnings() []string {
	if g == nil {
		return nil
	}
	return append([]string(nil), g.warnings...)
}

// DisabledError is the error for a use of a feature that is off.
type DisabledError struct{ Feature *Feature }

func (e *DisabledError) Error() string {
	article := "a"
	if e.Feature.Stage == Alpha {
		article = "an"
	}
	return fmt.Sprintf("%s is %s %s feature; turn it on with --features=%s", e.Feature.Name, article, e.Feature.Stage, e.Feature.Name)
}
