// manifestYaml of a ConfigMap with strings YAML 1.1 would misread, keys
// in natural order, a multi-line string and a long one.
local kubecfg = import 'kubecfg.libsonnet';

kubecfg.manifestYaml({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'cfg', annotations: { 'a/x10': '1', 'a/x2': '2', 'a/x1': '3' } },
  data: {
    enabled: 'yes',
    short: 'n',
    octal: '012',
    number: '1.5',
    empty: '',
    tilde: '~',
    script: '#!/bin/sh\necho hello\nexit 0\n',
    long: std.join(' ', ['word%d' % i for i in std.range(1, 30)]),
  },
})
