package features

import (
	"fmt"
	"strings"
)

// Source is one place features are set from: --features, or the rc file.
type Source struct {
	Name  string   // shown in kubecfg features and in errors
	Items []string // "name", "name=true" or "name=false"
}

// Names of the places a setting can come from, as kubecfg features shows
// them. An environment variable shows as the flag it sets.
const (
	SourceFeatures = "--features"
	SourceRC       = ".kubecfgrc.jsonnet"
	SourceAlpha    = "--alpha"
	SourceDefault  = "default"
)

// The environment variables kubecfg reads, all of them: the flags
// --features and --alpha, and the library search path before -J.
const (
	EnvFeatures = "KUBECFG_FEATURES"
	EnvAlpha    = "KUBECFG_ALPHA"
	EnvJPath    = "KUBECFG_JPATH"
)

// DisplaySource returns the name kubecfg shows for a source: an
// environment variable shows as its flag, anything else as it is.
func DisplaySource(name string) string {
	switch name {
	case EnvFeatures:
		return SourceFeatures
	case EnvAlpha:
		return SourceAlpha
	}
	return name
}

// Setting is one feature's resolved state.
type Setting struct {
	Feature *Feature
	Enabled bool
	Source  string
}

// Gates is the set of enabled features for one kubecfg invocation, with
// where each setting came from. The zero value is not usable; use New or
// Defaults. A nil *Gates has every feature at its default.
type Gates struct {
	reg      *Registry
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

// Registry returns the registry the gates were resolved from.
func (g *Gates) Registry() *Registry {
	if g == nil || g.reg == nil {
		return std
	}
	return g.reg
}

// Settings returns every feature's setting in registry order.
func (g *Gates) Settings() []Setting {
	feats := g.Registry().features
	out := make([]Setting, 0, len(feats))
	for _, f := range feats {
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

// Error returns the standard text: "X is an alpha feature; turn it on
// with --features=X" (or beta, for a beta feature turned off).
func (e *DisabledError) Error() string {
	f := e.Feature
	if f.Stage == Removed {
		return fmt.Sprintf("%s was a feature and has been removed", f.Name)
	}
	article := "a"
	if f.Stage == Alpha {
		article = "an"
	}
	return fmt.Sprintf("%s is %s %s feature; turn it on with --features=%s", f.Name, article, f.Stage, f.Name)
}
