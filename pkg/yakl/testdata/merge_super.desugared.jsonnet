{
  base: {
    replicas: 1,
    name: 'web',
  },
  scaled: ({ replicas: 1, name: 'web' }) + {
    replicas: super.replicas + 2,
    label: self.name + '-' + std.toString(self.replicas),
    root: std.objectHas($, 'base'),
  },
}
