package features

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Registry is an ordered set of features. kubecfg has one, Std; tests and
// other programs can build their own with NewRegistry.
type Registry struct {
	features []*Feature
	byName   map[string]*Feature
}

// validName reports whether name is kebab-case: lower-case words of
// letters and digits joined by single hyphens, the first starting with a
// letter.
func validName(name string) bool {
	if name == "" || name[0] < 'a' || name[0] > 'z' {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
		case c == '-' && i+1 < len(name) && name[i+1] != '-':
		default:
			return false
		}
	}
	return true
}

func (r *Registry) add(f Feature) *Feature { return r.addPointer(&f) }

// addPointer registers the feature p points to, which stays shared.
func (r *Registry) addPointer(p *Feature) *Feature {
	f := *p
	r.features = append(r.features, p)
	if r.byName == nil {
		r.byName = map[string]*Feature{}
	}
	if _, dup := r.byName[f.Name]; !dup {
		r.byName[f.Name] = p
	}
	return p
}

// Check reports every rule of RFC05 that the registry breaks: names are
// unique kebab-case words, every feature has a Since version and a Doc,
// and no semantic feature is beta or GA.
func (r *Registry) Check() error {
	var errs []error
	seen := map[string]bool{}
	for _, f := range r.features {
		switch {
		case !validName(f.Name):
			errs = append(errs, fmt.Errorf("feature %q: name must be kebab-case", f.Name))
		case seen[f.Name]:
			errs = append(errs, fmt.Errorf("feature %q: registered twice", f.Name))
		}
		seen[f.Name] = true
		if f.Since == "" {
			errs = append(errs, fmt.Errorf("feature %q: no Since version", f.Name))
		}
		if f.Doc == "" {
			errs = append(errs, fmt.Errorf("feature %q: no Doc", f.Name))
		}
		if f.Kind == Semantic && (f.Stage == Beta || f.Stage == GA) {
			errs = append(errs, fmt.Errorf("feature %q: a semantic feature cannot be %s; it graduates through an edition", f.Name, f.Stage))
		}
		if f.Stage < Alpha || f.Stage > Removed {
			errs = append(errs, fmt.Errorf("feature %q: unknown %s", f.Name, f.Stage))
		}
	}
	return errors.Join(errs...)
}

// All returns the features in order. The slice is a copy; the features are
// shared.
func (r *Registry) All() []*Feature { return append([]*Feature(nil), r.features...) }

// Lookup finds a feature by name, or returns nil.
func (r *Registry) Lookup(name string) *Feature { return r.byName[name] }

// known returns the names a user may set, sorted.
func (r *Registry) known() []string {
	var names []string
	for _, f := range r.features {
		if f.Stage != Removed {
			names = append(names, f.Name)
		}
	}
	sort.Strings(names)
	return names
}

// New resolves every feature of r: the first source that names it wins,
// then alpha (for alpha features), then the stage's default. Within one
// source a later item wins. An unknown name and turning off a GA feature
// are errors naming the source; a removed name is a warning.
func (r *Registry) New(alpha bool, sources ...Source) (*Gates, error) {
	g := &Gates{reg: r, settings: map[*Feature]Setting{}}
	for _, src := range sources {
		named := map[*Feature]Setting{}
		for _, item := range src.Items {
			name, on, err := ParseItem(item)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", DisplaySource(src.Name), err)
			}
			f := r.Lookup(name)
			if f == nil {
				return nil, fmt.Errorf("%s: unknown feature %q (known: %s)", DisplaySource(src.Name), name, strings.Join(r.known(), ", "))
			}
			switch {
			case f.Stage == Removed:
				g.warnings = append(g.warnings, fmt.Sprintf("%s: feature %s was removed; the setting is ignored", DisplaySource(src.Name), name))
				continue
			case f.Stage == GA && !on:
				return nil, fmt.Errorf("%s: feature %s is GA and can no longer be turned off", DisplaySource(src.Name), name)
			}
			named[f] = Setting{Feature: f, Enabled: on, Source: DisplaySource(src.Name)}
		}
		for f, s := range named {
			if _, done := g.settings[f]; !done {
				g.settings[f] = s
			}
		}
	}
	for _, f := range r.features {
		if _, done := g.settings[f]; done {
			continue
		}
		if alpha && f.Stage == Alpha {
			g.settings[f] = Setting{Feature: f, Enabled: true, Source: SourceAlpha}
		} else {
			g.settings[f] = Setting{Feature: f, Enabled: f.Default(), Source: SourceDefault}
		}
	}
	return g, nil
}

// Defaults returns gates with every feature of r at its stage's default.
func (r *Registry) Defaults() *Gates {
	g, _ := r.New(false) // no sources: cannot fail
	return g
}
