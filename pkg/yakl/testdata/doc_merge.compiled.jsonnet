local kubecfg = import 'internal:///kubecfg.libsonnet', yakl__kubecfg = kubecfg; {defaults: {
image: "nginx",
resources: std.parseJson('{"limits":{"cpu":1,"memory":"1Gi"}}'),},
shallow: 
(({image: "nginx",resources: std.parseJson('{"limits":{"cpu":1,"memory":"1Gi"}}'),})) + {
resources: std.parseJson('{"limits":{"cpu":2}}'),},
deep: 
(({image: "nginx",resources: std.parseJson('{"limits":{"cpu":1,"memory":"1Gi"}}'),})) + yakl__kubecfg.toOverlay({
resources: std.parseJson('{"limits":{"cpu":2}}'),}),}
