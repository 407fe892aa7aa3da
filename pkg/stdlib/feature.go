package stdlib

import (
	"fmt"
	"strings"

	"github.com/kubecfg/kubecfg/pkg/features"
)

// RequireFeature returns nil when the named feature is on in g, else the
// registry's standard error (for knit: "knit is an alpha feature; turn it
// on with --features=knit"). An unknown name is an error that lists the
// known ones.
func RequireFeature(g *features.Gates, name string) error {
	f := features.Lookup(name)
	if f == nil {
		return fmt.Errorf("requireFeature: unknown feature %q (known: %s)", name, strings.Join(knownFeatures(), ", "))
	}
	return g.Require(f)
}

func knownFeatures() []string {
	var names []string
	for _, f := range features.All() {
		if f.Stage != features.Removed {
			names = append(names, f.Name)
		}
	}
	return names
}

func requireFeature(g *features.Gates, args []any) (any, error) {
	name, err := stringArg("requireFeature", "name", args[0])
	if err != nil {
		return nil, err
	}
	if err := RequireFeature(g, name); err != nil {
		return nil, err
	}
	return true, nil
}
