local kubecfg = import 'internal:///kubecfg.libsonnet',
      yakl__kubecfg = kubecfg;
{
  defaults: {
    image: 'nginx',
    resources: {
      limits: {
        cpu: 1,
        memory: '1Gi',
      },
    },
  },
  shallow: ({ image: 'nginx', resources: { limits: { cpu: 1, memory: '1Gi' } } }) + {
    resources: {
      limits: {
        cpu: 2,
      },
    },
  },
  deep: ({ image: 'nginx', resources: { limits: { cpu: 1, memory: '1Gi' } } }) + yakl__kubecfg.toOverlay({
    resources: {
      limits: {
        cpu: 2,
      },
    },
  }),
}
