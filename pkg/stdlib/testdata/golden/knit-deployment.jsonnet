// A Deployment patched with kubecfg.knit: the web container gets a new
// image, one env var changed and one added, a mount moved; a sidecar and
// an init container are added; args are replaced; labels merge.
local kubecfg = import 'kubecfg.libsonnet';

local base = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', labels: { app: 'web', tier: 'frontend' } },
  spec: {
    replicas: 2,
    template: {
      metadata: { labels: { app: 'web' } },
      spec: {
        containers: [
          {
            name: 'web',
            image: 'nginx:1.25',
            args: ['--port', '80'],
            env: [
              { name: 'MODE', value: 'prod' },
              { name: 'LOG', value: 'info' },
            ],
            ports: [{ containerPort: 80, name: 'http' }],
            volumeMounts: [
              { name: 'config', mountPath: '/etc/nginx' },
              { name: 'cache', mountPath: '/var/cache' },
            ],
          },
          { name: 'metrics', image: 'exporter:1' },
        ],
        volumes: [
          { name: 'config', configMap: { name: 'web' } },
          { name: 'cache', emptyDir: {} },
        ],
      },
    },
  },
};

base + kubecfg.knit.overlay({
  metadata: { labels: { tier: 'edge', team: 'a' } },
  spec: {
    replicas: 3,
    template: {
      spec: {
        initContainers: [{ name: 'init', image: 'busybox' }],
        containers: [
          {
            name: 'web',
            image: kubecfg.resolveImage('nginx:1.27'),
            args: ['--port', '8080'],
            env: [
              { name: 'LOG', value: 'debug' },
              { name: 'REGION', value: 'eu' },
            ],
            ports: [{ containerPort: 80, protocol: 'TCP' }, { containerPort: 8080 }],
            volumeMounts: [{ name: 'cache2', mountPath: '/var/cache' }],
          },
          { name: 'proxy', image: 'envoy:1' },
        ],
        volumes: [
          { name: 'cache', emptyDir: { medium: 'Memory' } },
          { name: 'cache2', emptyDir: {} },
        ],
      },
    },
  },
})
