package playground

import (
	"strings"
	"testing"
)

// defaultExample is the playground's default example (web/src/examples.js).
var defaultExample = Request{
	Entry: "app.jsonnet", Command: "show", Output: "yaml",
	Files: map[string]string{
		"app.jsonnet": `local lib = import 'lib.libsonnet';
local kubecfg = import 'kubecfg.libsonnet';
local name = 'web';
{
  deployment: lib.deployment(name, kubecfg.resolveImage('nginx:1.27'), replicas=2),
  service: lib.service(name, port=80),
}
`,
		"lib.libsonnet": `{
  labels(name):: { app: name },
  deployment(name, image, replicas=1):: {
    apiVersion: 'apps/v1', kind: 'Deployment',
    metadata: { name: name, labels: $.labels(name) },
    spec: { replicas: replicas, selector: { matchLabels: $.labels(name) },
      template: { metadata: { labels: $.labels(name) }, spec: { containers: [{ name: name, image: image }] } } },
  },
  service(name, port):: { apiVersion: 'v1', kind: 'Service', metadata: { name: name }, spec: { selector: $.labels(name), ports: [{ port: port }] } },
}
`,
	},
}

// BenchmarkEdit is one keystroke in the default example: the entry file
// changes, so the workspace is new and nothing cached applies.
func BenchmarkEdit(b *testing.B) {
	r := &Runner{}
	for i := 0; b.Loop(); i++ {
		req := defaultExample
		req.Files = map[string]string{"lib.libsonnet": defaultExample.Files["lib.libsonnet"],
			"app.jsonnet": defaultExample.Files["app.jsonnet"] + strings.Repeat(" ", i%50)}
		if resp := r.Run(req); resp.ExitCode != 0 {
			b.Fatal(resp.Stderr)
		}
	}
}
