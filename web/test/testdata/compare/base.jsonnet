// The baseline of compare-cli.test.mjs: objects of every identity case.
local cm(name, ns=null, data={ a: '1' }) = {
  apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: name } + (if ns == null then {} else { namespace: ns }), data: data,
};
[
  cm('same', 'prod'),
  cm('changed', 'prod', { a: '1', b: '2', c: 'three' }),
  cm('gone', 'prod'),
  cm('dflt', 'default', { x: 'y' }),  // the new one has no namespace: matched in default
  cm('007', 'prod'),  // a name YAML would read as a number: quoted
  cm("it's", "q'ns"),
  { apiVersion: 'apps/v1beta1', kind: 'Deployment', metadata: { name: 'web', namespace: 'prod' }, spec: { replicas: 2 } },
  { apiVersion: 'extensions/v1beta1', kind: 'Ingress', metadata: { name: 'web', namespace: 'prod' }, spec: {} },
  { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'prod', labels: { name: 'x' } } },
  { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'prod', annotations: { note: 'name: fake\nnamespace: fake' } }, spec: { ports: [{ port: 80 }] } },
  { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'reader' }, rules: [] },
]
