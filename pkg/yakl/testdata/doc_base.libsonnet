{
  metadata: { name: 'web', labels: { app: 'web' } },
  spec: { replicas: 1, paused: false },
}
