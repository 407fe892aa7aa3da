local kubecfg = import 'internal:///kubecfg.libsonnet',
      yakl__kubecfg = kubecfg;
(import 'doc_base.libsonnet') + yakl__kubecfg.toOverlay({
  metadata: {
    labels: {
      env: 'prod',
    },
  },
  spec: {
    replicas: 3,
  },
})
