package playground

import (
	"github.com/kubecfg/kubecfg/internal/kubecfg"
	"strings"
	"testing"
)

// editWorkspace is shaped like the playground's default example: an entry
// that imports a library and kubecfg.libsonnet and calls a native.
var editWorkspace = Request{Files: map[string]string{
	"app.jsonnet": `local kubecfg = import 'kubecfg.libsonnet';
local k = import 'k.libsonnet';
{ web: k.app('web', kubecfg.resolveImage('nginx:1.27'), 2), db: k.app('db', kubecfg.resolveImage('postgres:16'), 1) }
`,
	"k.libsonnet": `{
  app(name, image, n):: {
    local sel = { app: name },
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: name, labels: sel },
    spec: { replicas: n, selector: { matchLabels: sel }, template: {
      metadata: { labels: sel }, spec: { containers: [{ name: name, image: image, ports: [{ containerPort: 8080 }] }] },
    } },
  },
}
`,
}, Invocation: kubecfg.Invocation{Entry: "app.jsonnet", Command: "show", Output: "yaml"}}

// BenchmarkEdit is one keystroke in the entry file: the workspace is new,
// so no response is cached, but the VM is kept (Session.Rebase) with the
// libraries it imported.
func BenchmarkEdit(b *testing.B) {
	r := &Runner{}
	for i := 0; b.Loop(); i++ {
		req := editWorkspace
		req.Files = map[string]string{"k.libsonnet": editWorkspace.Files["k.libsonnet"],
			"app.jsonnet": editWorkspace.Files["app.jsonnet"] + strings.Repeat(" ", i%50)}
		if resp := r.Run(req); resp.ExitCode != 0 {
			b.Fatal(resp.Stderr)
		}
	}
	b.ReportMetric(float64(r.cache.sessions), "VMs")
}
