// Two ConfigMaps named a in namespace x: gvkNsName fails naming both.
local kubecfg = import 'kubecfg.libsonnet';

local cm(name, ns) = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: name, namespace: ns } };
kubecfg.fold(kubecfg.layouts.gvkNsName, [cm('a', 'x'), cm('a', 'y'), cm('a', 'x')], {})
