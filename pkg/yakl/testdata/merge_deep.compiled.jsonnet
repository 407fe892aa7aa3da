local kubecfg = import 'internal:///kubecfg.libsonnet', yakl__kubecfg = kubecfg; {base: {
spec: std.parseJson('{"replicas":1,"template":{"labels":{"app":"web"}}}'),
list: std.parseJson('[1]'),},
prod: 
(({spec: std.parseJson('{"replicas":1,"template":{"labels":{"app":"web"}}}'),list: std.parseJson('[1]'),})) + yakl__kubecfg.toOverlay({
spec: std.parseJson('{"replicas":3,"template":{"labels":{"tier":"front"}}}'),
list: std.parseJson('[2]'),}),}
