local kubecfg = import 'internal:///kubecfg.libsonnet', yakl__kubecfg = kubecfg; ({a: {x: 1, y: 2}, b: [1]}) + yakl__kubecfg.toOverlay(

std.parseJson('{"a":{"y":20}}')) + yakl__kubecfg.toOverlay(

std.parseJson('{"b":[2]}'))
