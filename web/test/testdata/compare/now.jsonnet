// The new output of compare-cli.test.mjs: base.jsonnet edited.
local cm(name, ns=null, data={ a: '1' }) = {
  apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: name } + (if ns == null then {} else { namespace: ns }), data: data,
};
[
  cm('same', 'prod'),
  cm('changed', 'prod', { a: '1', b: '22', c: 'three', d: 'new' }),
  cm('new', 'prod'),
  cm('dflt', null, { x: 'y' }),
  cm('007', 'prod', { a: '2' }),
  cm("it's", "q'ns"),
  // The same group (apps), another version: matched, changed.
  { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'prod' }, spec: { replicas: 2 } },
  // Another group: not matched (added; the old one removed).
  { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { name: 'web', namespace: 'prod' }, spec: {} },
  { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'prod', labels: { name: 'x' } } },
  { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'prod', annotations: { note: 'name: fake\nnamespace: fake' } }, spec: { ports: [{ port: 8080 }] } },
  { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'reader' }, rules: [] },
  // Same name and namespace as the Deployment, another kind: its own identity.
  { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'web', namespace: 'prod' }, spec: {} },
]
