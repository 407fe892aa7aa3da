// Web tier.
local kubecfg = import 'internal:///kubecfg.libsonnet',
      yakl__kubecfg = kubecfg;
local replicas = std.extVar('replicas');
local labels = {
  app: 'web',
};
{
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: {
    name: 'web',
    labels: labels,
  },
  spec: {
    replicas: replicas,
    selector: {
      matchLabels: labels,
    },
    template: {
      metadata: {
        labels: labels { tier: 'front' },
      },
      spec: {
        containers: [
          {
            name: 'web',
            image: kubecfg.resolveImage('nginx:1.27'),
            args: [
              '--port=' + (8000 + 80),
            ],
          },
        ],
      },
    },
  },
}
