// toOverlay of a YAML patch onto every object of a nested structure with
// a v1 List, through deepMap.
local kubecfg = import 'kubecfg.libsonnet';

local patch = kubecfg.parseYaml(|||
  metadata:
    labels:
      env: prod
  spec:
    replicas: 3
|||)[0];

local dep(name) = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: name, labels: { app: name } },
  spec: { replicas: 1, selector: { matchLabels: { app: name } } },
};

kubecfg.deepMap(function(o) o + kubecfg.toOverlay(patch), {
  web: dep('web'),
  more: [[dep('api')], null, { apiVersion: 'v1', kind: 'List', items: [dep('worker')] }],
})
