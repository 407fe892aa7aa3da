// The built-in examples gallery. Each example is a complete workspace plus
// the controls it needs; they are bundled, so the gallery works offline,
// and each can be linked to as #example=NAME.

/** examples, in gallery order. The first is the page's default. */
export const examples = [
  {
    name: "jsonnet-app",
    title: "A Jsonnet app",
    description: "A Deployment and a Service from one Jsonnet file and a library.",
    entry: "app.jsonnet",
    files: {
      "app.jsonnet": `// A web app: a Deployment and its Service.
local lib = import 'lib.libsonnet';
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
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: name, labels: $.labels(name) },
    spec: {
      replicas: replicas,
      selector: { matchLabels: $.labels(name) },
      template: {
        metadata: { labels: $.labels(name) },
        spec: { containers: [{ name: name, image: image }] },
      },
    },
  },

  service(name, port):: {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: name },
    spec: { selector: $.labels(name), ports: [{ port: port }] },
  },
}
`,
    },
    controls: { command: "show", output: "yaml", features: {} },
  },
  {
    name: "yakl-pod",
    title: "A YAKL Pod (RFC06)",
    description: "YAML with Jsonnet expressions; kubecfg is predefined. Try output \u201cjsonnet\u201d for the compiled view.",
    entry: "app.yakl",
    files: {
      "app.yakl": `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: web
    image: \${kubecfg.resolveImage('nginx:1.27')}
`,
    },
    controls: { command: "show", output: "yaml", features: { yakl: true } },
  },
  {
    name: "rc-file",
    title: "An rc file",
    description: "A .kubecfgrc.jsonnet turns yakl on for the project; the Features table shows its SOURCE.",
    entry: "app.yakl",
    files: {
      ".kubecfgrc.jsonnet": `// Project defaults (RFC02/RFC05): the features this project relies on.
{
  flags+: {
    features+: { yakl: true },
  },
}
`,
      "app.yakl": `# Web tier.
'&replicas': \${std.extVar('replicas')}
'&labels': {app: web}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, labels: "\${labels}"}
spec:
  replicas: \${replicas}
  selector: {matchLabels: "\${labels}"}
  template:
    metadata: {labels: "\${labels + {tier: 'front'}}"}
    spec:
      containers:
      - name: web
        image: \${kubecfg.resolveImage('nginx:1.27')}
        args: ["--port=\${8000 + 80}"]   # in flow context, quote
`,
    },
    controls: { command: "show", output: "yaml", features: {}, extCode: { replicas: "2" } },
  },
  {
    name: "knit",
    title: "knit: keyed-array merge",
    description: "kubecfg.knit merges containers by name instead of replacing the array (alpha feature knit).",
    entry: "app.jsonnet",
    files: {
      "app.jsonnet": `local kubecfg = import 'kubecfg.libsonnet';
local knit = kubecfg.knit;

local base = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web' },
  spec: {
    containers: [
      { name: 'web', image: 'nginx:1.27', env: [{ name: 'MODE', value: 'dev' }] },
      { name: 'sidecar', image: 'busybox' },
    ],
  },
};

base + knit.overlay({
  spec: {
    containers: [
      { name: 'web', env: [{ name: 'MODE', value: 'prod' }] },
      { name: 'metrics', image: 'prom/statsd-exporter' },
    ],
  },
})
`,
    },
    controls: { command: "show", output: "yaml", features: { knit: true } },
  },
  {
    name: "eval-expr",
    title: "eval -e with kubecfg predefined",
    description: "The Expression box is eval -e: kubecfg is predefined there (RFC06), no import needed.",
    entry: "app.jsonnet",
    files: {
      "app.jsonnet": `{
  web: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'web', namespace: 'prod' }, data: { a: '1' } },
  db: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'db' } },
}
`,
    },
    controls: { command: "eval", output: "yaml", features: { eval: true }, expr: "kubecfg.fold(kubecfg.layouts.gvkNsName, $, {})" },
  },
];

/** exampleByName returns the named example or undefined. */
export function exampleByName(name) {
  return examples.find((e) => e.name === name);
}
