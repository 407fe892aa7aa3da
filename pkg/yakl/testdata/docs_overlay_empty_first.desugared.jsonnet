local kubecfg = import 'internal:///kubecfg.libsonnet',
      yakl__kubecfg = kubecfg;
({ a: { x: 1 } }) + yakl__kubecfg.toOverlay({
  a: {
    y: 2,
  },
})
