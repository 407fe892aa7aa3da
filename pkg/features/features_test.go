package features

import (
	"regexp"
	"strings"
	"testing"
)

// testRegistry has one feature at every stage, for the rules the
// compiled-in registry (all alpha) cannot show.
func testRegistry(t *testing.T) *Registry {
	t.Helper()
	r, err := NewRegistry(
		Feature{Name: "new", Stage: Alpha, Since: "v1", Doc: "an alpha feature"},
		Feature{Name: "fresh", Stage: Beta, Since: "v1", Doc: "a beta feature"},
		Feature{Name: "stable", Stage: GA, Since: "v1", Doc: "a GA feature"},
		Feature{Name: "old", Stage: Removed, Since: "v1", Doc: "a removed feature"},
	)
	if err != nil {
		t.Fatalf("NewRegistry: %v", err)
	}
	return r
}

func TestStdRegistryFollowsTheRules(t *testing.T) {
	if err := Std().Check(); err != nil {
		t.Fatalf("the compiled-in registry breaks RFC05's rules:\n%v", err)
	}
}

func TestNoTwoFeaturesShareAName(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range All() {
		if seen[f.Name] {
			t.Errorf("feature %q is registered twice", f.Name)
		}
		seen[f.Name] = true
		if Lookup(f.Name) != f {
			t.Errorf("Lookup(%q) does not return the registered feature", f.Name)
		}
	}
	if len(seen) != 15 {
		t.Errorf("registry has %d features, want RFC05's eight plus knit, playground, offline-validate, diff-against, client-reorder, oci-import and fast-eval", len(seen))
	}
}

func TestNoSemanticFeatureIsBetaOrGA(t *testing.T) {
	for _, f := range All() {
		if f.Kind == Semantic && (f.Stage == Beta || f.Stage == GA) {
			t.Errorf("semantic feature %s is %s; semantic features graduate through editions", f.Name, f.Stage)
		}
	}
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name     string
		features []Feature
		want     string // substring of the error; "" for none
	}{
		{"ok", []Feature{{Name: "a-b", Since: "v1", Doc: "d"}}, ""},
		{"duplicate", []Feature{{Name: "a", Since: "v1", Doc: "d"}, {Name: "a", Since: "v1", Doc: "d"}}, `feature "a": registered twice`},
		{"semantic beta", []Feature{{Name: "merge", Stage: Beta, Kind: Semantic, Since: "v1", Doc: "d"}}, `feature "merge": a semantic feature cannot be beta`},
		{"semantic ga", []Feature{{Name: "merge", Stage: GA, Kind: Semantic, Since: "v1", Doc: "d"}}, `cannot be ga`},
		{"semantic alpha", []Feature{{Name: "merge", Stage: Alpha, Kind: Semantic, Since: "v1", Doc: "d"}}, ""},
		{"camel case", []Feature{{Name: "FooBar", Since: "v1", Doc: "d"}}, `name must be kebab-case`},
		{"empty name", []Feature{{Name: "", Since: "v1", Doc: "d"}}, `name must be kebab-case`},
		{"no since", []Feature{{Name: "a", Doc: "d"}}, `no Since version`},
		{"no doc", []Feature{{Name: "a", Since: "v1"}}, `no Doc`},
		{"bad stage", []Feature{{Name: "a", Stage: Stage(9), Since: "v1", Doc: "d"}}, `unknown stage(9)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := NewRegistry(tt.features...)
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tt.want != "" && err == nil:
				t.Fatalf("no error, want one containing %q", tt.want)
			case tt.want != "" && !strings.Contains(err.Error(), tt.want):
				t.Fatalf("error %q does not contain %q", err, tt.want)
			}
		})
	}
}

type want struct {
	on     bool
	source string
}

func TestPrecedence(t *testing.T) {
	features := func(items ...string) Source { return Source{Name: SourceFeatures, Items: items} }
	rc := func(items ...string) Source { return Source{Name: SourceRC, Items: items} }
	tests := []struct {
		name    string
		alpha   bool
		sources []Source
		want    map[*Feature]want
	}{
		{"defaults", false, nil, map[*Feature]want{
			YAKL: {false, SourceDefault}, Eval: {false, SourceDefault}}},
		{"alpha turns on alpha features", true, nil, map[*Feature]want{
			YAKL: {true, SourceAlpha}, Knit: {true, SourceAlpha}, Playground: {true, SourceAlpha}}},
		{"rc beats alpha", true, []Source{rc("yakl=false")}, map[*Feature]want{
			YAKL: {false, SourceRC}, Eval: {true, SourceAlpha}}},
		{"rc naming an alpha-on feature still decides it", true, []Source{rc("yakl")}, map[*Feature]want{
			YAKL: {true, SourceRC}}},
		{"features beats rc", false, []Source{features("yakl=false"), rc("yakl")}, map[*Feature]want{
			YAKL: {false, SourceFeatures}}},
		{"features adds to rc per feature", false, []Source{features("pack"), rc("yakl")}, map[*Feature]want{
			Pack: {true, SourceFeatures}, YAKL: {true, SourceRC}, Knit: {false, SourceDefault}}},
		{"features beats alpha", true, []Source{features("httpd=false")}, map[*Feature]want{
			Httpd: {false, SourceFeatures}, Eval: {true, SourceAlpha}}},
		{"later item wins within a source", false, []Source{features("yakl", "knit", "yakl=false")}, map[*Feature]want{
			YAKL: {false, SourceFeatures}, Knit: {true, SourceFeatures}}},
		{"later item wins the other way", false, []Source{rc("yakl=false", "yakl=true")}, map[*Feature]want{
			YAKL: {true, SourceRC}}},
		{"first source wins over a later one", false, []Source{features("knit"), features("knit=false")}, map[*Feature]want{
			Knit: {true, SourceFeatures}}},
		{"environment variable shows as its flag", false, []Source{{Name: EnvFeatures, Items: []string{"eval"}}}, map[*Feature]want{
			Eval: {true, SourceFeatures}}},
		{"rfc05 example", true, []Source{features("httpd=false"), rc("yakl")}, map[*Feature]want{
			Eval: {true, SourceAlpha}, Httpd: {false, SourceFeatures}, YAKL: {true, SourceRC}, BinaryImport: {true, SourceAlpha}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := New(tt.alpha, tt.sources...)
			if err != nil {
				t.Fatalf("New: %v", err)
			}
			for f, w := range tt.want {
				if got := g.Enabled(f); got != w.on {
					t.Errorf("Enabled(%s) = %v, want %v", f.Name, got, w.on)
				}
				if err := g.Require(f); (err == nil) != w.on {
					t.Errorf("Require(%s) = %v, want error %v", f.Name, err, !w.on)
				}
			}
			got := map[*Feature]Setting{}
			for _, s := range g.Settings() {
				got[s.Feature] = s
			}
			for f, w := range tt.want {
				if s := got[f]; s.Source != w.source || s.Enabled != w.on {
					t.Errorf("setting of %s = {%v %s}, want {%v %s}", f.Name, s.Enabled, s.Source, w.on, w.source)
				}
			}
		})
	}
}

func TestStages(t *testing.T) {
	r := testRegistry(t)
	feat := func(name string) *Feature { return r.Lookup(name) }
	tests := []struct {
		name    string
		alpha   bool
		items   []string
		want    map[string]want
		warning string
	}{
		{"defaults", false, nil, map[string]want{
			"new": {false, SourceDefault}, "fresh": {true, SourceDefault}, "stable": {true, SourceDefault}, "old": {false, SourceDefault}}, ""},
		{"alpha leaves beta and ga alone", true, nil, map[string]want{
			"new": {true, SourceAlpha}, "fresh": {true, SourceDefault}, "stable": {true, SourceDefault}}, ""},
		{"beta can be turned off", false, []string{"fresh=false"}, map[string]want{
			"fresh": {false, SourceFeatures}}, ""},
		{"ga can be named on", false, []string{"stable"}, map[string]want{
			"stable": {true, SourceFeatures}}, ""},
		{"removed is a warning", false, []string{"old", "new"}, map[string]want{
			"old": {false, SourceDefault}, "new": {true, SourceFeatures}},
			"--features: feature old was removed; the setting is ignored"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := r.New(tt.alpha, Source{Name: SourceFeatures, Items: tt.items})
			if err != nil {
				t.Fatalf("New: %v", err)
			}
			for _, s := range g.Settings() {
				w, ok := tt.want[s.Feature.Name]
				if ok && (s.Enabled != w.on || s.Source != w.source) {
					t.Errorf("%s = {%v %s}, want {%v %s}", s.Feature.Name, s.Enabled, s.Source, w.on, w.source)
				}
				if ok && g.Enabled(feat(s.Feature.Name)) != w.on {
					t.Errorf("Enabled(%s) disagrees with Settings", s.Feature.Name)
				}
			}
			warnings := strings.Join(g.Warnings(), "\n")
			if warnings != tt.warning {
				t.Errorf("warnings = %q, want %q", warnings, tt.warning)
			}
		})
	}
}

func TestErrors(t *testing.T) {
	known := "known: binary-import, client-reorder, diff-against, eval, fast-eval, httpd, knit, kustomize-import, oci-import, offline-validate, overlay, pack, playground, traceback, yakl"
	tests := []struct {
		name    string
		reg     *Registry
		sources []Source
		want    string
	}{
		{"unknown name on the command line", Std(), []Source{{Name: SourceFeatures, Items: []string{"yakl", "yalk"}}},
			`--features: unknown feature "yalk" (` + known + `)`},
		{"unknown name from the environment", Std(), []Source{{Name: EnvFeatures, Items: []string{"nope"}}},
			`--features: unknown feature "nope" (` + known + `)`},
		{"unknown name in the rc file", Std(), []Source{{Name: SourceRC, Items: []string{"kint"}}},
			`.kubecfgrc.jsonnet: unknown feature "kint" (` + known + `)`},
		{"bad value", Std(), []Source{{Name: SourceFeatures, Items: []string{"yakl=yes"}}},
			`--features: invalid value "yes" for feature yakl: want true or false`},
		{"empty name", Std(), []Source{{Name: SourceRC, Items: []string{"=true"}}},
			`.kubecfgrc.jsonnet: empty feature name in "=true"`},
		{"ga turned off", testRegistry(t), []Source{{Name: SourceFeatures, Items: []string{"stable=false"}}},
			`--features: feature stable is GA and can no longer be turned off`},
		{"removed names are not listed as known", testRegistry(t), []Source{{Name: SourceRC, Items: []string{"x"}}},
			`.kubecfgrc.jsonnet: unknown feature "x" (known: fresh, new, stable)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := tt.reg.New(false, tt.sources...)
			if err == nil {
				t.Fatalf("no error; gates %v", g.Settings())
			}
			if err.Error() != tt.want {
				t.Fatalf("error:\n got %s\nwant %s", err, tt.want)
			}
		})
	}
}

func TestRequireText(t *testing.T) {
	r := testRegistry(t)
	off, err := r.New(false, Source{Name: SourceFeatures, Items: []string{"fresh=false"}})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		g    *Gates
		f    *Feature
		want string
	}{
		{"yakl", Defaults(), YAKL, "yakl is an alpha feature; turn it on with --features=yakl"},
		{"knit", Defaults(), Knit, "knit is an alpha feature; turn it on with --features=knit"},
		{"nil gates", nil, Eval, "eval is an alpha feature; turn it on with --features=eval"},
		{"beta turned off", off, r.Lookup("fresh"), "fresh is a beta feature; turn it on with --features=fresh"},
		{"removed", off, r.Lookup("old"), "old was a feature and has been removed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.g.Require(tt.f)
			if err == nil {
				t.Fatal("Require returned nil for a feature that is off")
			}
			if err.Error() != tt.want {
				t.Fatalf("got %q, want %q", err, tt.want)
			}
			if _, ok := err.(*DisabledError); !ok {
				t.Fatalf("error is %T, want *DisabledError", err)
			}
		})
	}
	if err := AllAlpha().Require(YAKL); err != nil {
		t.Errorf("AllAlpha().Require(YAKL) = %v, want nil", err)
	}
}

func TestParseItem(t *testing.T) {
	tests := []struct {
		item    string
		name    string
		on      bool
		wantErr bool
	}{
		{"yakl", "yakl", true, false},
		{"yakl=true", "yakl", true, false},
		{"yakl=false", "yakl", false, false},
		{" yakl = false ", "yakl", false, false},
		{"yakl=", "", false, true},
		{"yakl=1", "", false, true},
		{"", "", false, true},
		{"=false", "", false, true},
	}
	for _, tt := range tests {
		t.Run(tt.item, func(t *testing.T) {
			name, on, err := ParseItem(tt.item)
			if (err != nil) != tt.wantErr {
				t.Fatalf("ParseItem(%q) error = %v, want error %v", tt.item, err, tt.wantErr)
			}
			if name != tt.name || on != tt.on {
				t.Fatalf("ParseItem(%q) = %q, %v; want %q, %v", tt.item, name, on, tt.name, tt.on)
			}
		})
	}
}

func TestSplitList(t *testing.T) {
	got := strings.Join(SplitList("yakl,knit", "", " pack , ,httpd=false"), "|")
	if want := "yakl|knit|pack|httpd=false"; got != want {
		t.Fatalf("SplitList = %q, want %q", got, want)
	}
}

func TestFromFlags(t *testing.T) {
	g, err := FromFlags(true, []string{"yakl=false,knit", "pack=false"}, Source{Name: SourceRC, Items: []string{"knit=false", "eval=false"}})
	if err != nil {
		t.Fatal(err)
	}
	got := []string{}
	for _, f := range []*Feature{YAKL, Knit, Pack, Eval, Httpd} {
		s := g.Settings()[indexOf(f)]
		got = append(got, f.Name+"="+onOff(s.Enabled)+"@"+s.Source)
	}
	want := "yakl=off@--features knit=on@--features pack=off@--features eval=off@.kubecfgrc.jsonnet httpd=on@--alpha"
	if strings.Join(got, " ") != want {
		t.Fatalf("got  %s\nwant %s", strings.Join(got, " "), want)
	}
	if _, err := FromFlags(false, []string{"yakl,"}, Source{}); err != nil {
		t.Fatalf("an empty rc source and a trailing comma: %v", err)
	}
}

func indexOf(f *Feature) int {
	for i, g := range All() {
		if g == f {
			return i
		}
	}
	return -1
}

// TestValidNameIsKebabCase holds validName to RFC05's kebab-case pattern.
func TestValidNameIsKebabCase(t *testing.T) {
	pattern := regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`)
	for _, name := range []string{"", "a", "a1", "1a", "a-b", "a-1", "a--b", "-a", "a-", "A", "aB",
		"show-diff", "yakl", "oci-bundles-2", "a_b", "a.b", "a b", "é", "a-é"} {
		if got, want := validName(name), pattern.MatchString(name); got != want {
			t.Errorf("validName(%q) = %v, want %v", name, got, want)
		}
	}
}
