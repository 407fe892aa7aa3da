// A Kubernetes program of 200 objects: 100 Deployments with labels,
// selectors, containers and env, and a Service for each (the shape of
// pkg/playground's workspace200).
local app(i) = {
  local name = 'app-' + i,
  local labels = { app: name, tier: if i % 2 == 0 then 'web' else 'db' },
  deployment: {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: name, namespace: 'ns-' + (i % 7), labels: labels },
    spec: {
      replicas: 1 + i % 3,
      selector: { matchLabels: labels },
      template: {
        metadata: { labels: labels },
        spec: {
          containers: [
            {
              name: 'c' + j,
              image: 'nginx:1.' + j,
              env: [{ name: 'E' + k, value: std.toString(i * k) } for k in std.range(0, 3)],
            }
            for j in std.range(0, 1)
          ],
        },
      },
    },
  },
  service: {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: name, namespace: 'ns-' + (i % 7), labels: labels },
    spec: { selector: labels, ports: [{ port: 80, targetPort: 8080 }] },
  },
};
{ ['app' + i]: app(i) for i in std.range(0, 99) }
