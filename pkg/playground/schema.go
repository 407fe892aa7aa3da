package playground

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kubecfg/kubecfg/internal/kubecfg"
)

// SetSchema hands the runner a Kubernetes minor's schemas (the document
// static/schemas/k8s-1.NN.json holds, pkg/validate's), for validate
// requests: the browser's engine has none of its own. A minor it knows
// already is replaced.
func (r *Runner) SetSchema(version string, data []byte) error {
	if !slices.Contains(kubecfg.KubernetesVersions, version) {
		return fmt.Errorf("unknown Kubernetes version %q: want one of %s", version, strings.Join(kubecfg.KubernetesVersions, ", "))
	}
	r.schemaMu.Lock()
	defer r.schemaMu.Unlock()
	if r.schemas == nil {
		r.schemas = map[string][]byte{}
	}
	r.schemas[version] = data
	return nil
}

// schema is the Env's Schema: Runner.Schema when set, else what SetSchema
// handed over, else a SchemaMissingError.
func (r *Runner) schema(version string) ([]byte, error) {
	if r.Schema != nil {
		return r.Schema(version)
	}
	r.schemaMu.Lock()
	defer r.schemaMu.Unlock()
	if data, ok := r.schemas[version]; ok {
		return data, nil
	}
	return nil, &kubecfg.SchemaMissingError{Version: version}
}
