package features

import (
	"strings"
	"testing"
)

// FuzzNew feeds arbitrary --features values through SplitList and New:
// never a panic, and either an error or a setting for every feature that
// agrees with Enabled.
func FuzzNew(f *testing.F) {
	for _, seed := range []string{"yakl", "yakl,knit=false", "=,", "httpd=false,httpd", "nope", "yakl=maybe", " , pack = true "} {
		f.Add(seed, false)
		f.Add(seed, true)
	}
	f.Fuzz(func(t *testing.T, list string, alpha bool) {
		items := SplitList(list)
		for _, it := range items {
			if strings.Contains(it, ",") || it != strings.TrimSpace(it) || it == "" {
				t.Fatalf("SplitList returned item %q", it)
			}
		}
		g, err := New(alpha, Source{Name: SourceFeatures, Items: items})
		if err != nil {
			if !strings.HasPrefix(err.Error(), "--features: ") {
				t.Fatalf("error does not name its source: %v", err)
			}
			return
		}
		settings := g.Settings()
		if len(settings) != len(All()) {
			t.Fatalf("%d settings, want %d", len(settings), len(All()))
		}
		for _, s := range settings {
			if g.Enabled(s.Feature) != s.Enabled {
				t.Fatalf("Enabled(%s) disagrees with Settings", s.Feature.Name)
			}
			if s.Source == "" {
				t.Fatalf("%s has no source", s.Feature.Name)
			}
		}
		_ = Table(g)
	})
}
