package kubecfg

import (
	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/internal/rc"
	"github.com/kubecfg/kubecfg/pkg/features"
)

// GateOptions are the settings that decide an invocation's feature gates.
type GateOptions struct {
	// Alpha is --alpha (or KUBECFG_ALPHA).
	Alpha bool
	// Features are the items of --features (or KUBECFG_FEATURES), already
	// split at commas.
	Features []string
	// FS and Cwd are where the rc file is looked for, upward from the
	// inputs (from Cwd when there are none).
	FS     importer.FS
	Cwd    string
	Inputs []string
}

// ResolveGates builds the invocation's one *features.Gates with RFC05's
// precedence: --features, then the rc file, then --alpha, then each
// stage's default. The rc file is evaluated with every gate at its
// default.
func ResolveGates(o GateOptions) (*features.Gates, error) {
	sources := []features.Source{{Name: features.SourceFeatures, Items: o.Features}}
	p, err := rc.Find(o.FS, o.Cwd, o.Inputs)
	if err != nil {
		return nil, err
	}
	if p != "" {
		plain := &Config{Gates: features.Defaults(), FS: o.FS, Cwd: o.Cwd}
		src, err := rc.Load(p, func(path string) ([]byte, error) {
			out, err := plain.EvaluateFile(path)
			return []byte(out), err
		})
		if err != nil {
			return nil, err
		}
		sources = append(sources, src)
	}
	return features.New(o.Alpha, sources...)
}
