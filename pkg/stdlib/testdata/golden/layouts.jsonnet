// A YAML stream parsed and filed by kind, namespace and name.
local kubecfg = import 'kubecfg.libsonnet';

local docs = kubecfg.parseYaml(|||
  ---
  apiVersion: v1
  kind: ConfigMap
  metadata: {name: a, namespace: x}
  data: {on: yes}
  ---
  # a comment-only document is null and skipped by fold
  ---
  apiVersion: v1
  kind: List
  items:
  - apiVersion: v1
    kind: ConfigMap
    metadata: {name: c}
  - apiVersion: rbac.authorization.k8s.io/v1
    kind: ClusterRole
    metadata: {name: reader}
  ---
  apiVersion: v1
  kind: ConfigMap
  metadata: {name: b, namespace: x}
|||);

{
  documents: std.length(docs),
  byName: kubecfg.fold(kubecfg.layouts.gvkName, docs, {}),
  byNamespace: kubecfg.fold(kubecfg.layouts.gvkNsName, docs, {}),
}
