local kubecfg = import 'internal:///kubecfg.libsonnet',
      yakl__kubecfg = kubecfg;
{
  base: {
    spec: {
      replicas: 1,
      template: {
        labels: {
          app: 'web',
        },
      },
    },
    list: [
      1,
    ],
  },
  prod: ({ spec: { replicas: 1, template: { labels: { app: 'web' } } }, list: [1] }) + yakl__kubecfg.toOverlay({
    spec: {
      replicas: 3,
      template: {
        labels: {
          tier: 'front',
        },
      },
    },
    list: [
      2,
    ],
  }),
}
