// manifestJson at the default indent, then at 2: keys sorted, HTML
// characters escaped, hidden fields left out.
local kubecfg = import 'kubecfg.libsonnet';

local v = { z: [1, 2.5, null], a: { html: '<b>&</b>', hidden:: 'x' }, m: 'mid' };
kubecfg.manifestJson(v) + kubecfg.manifestJson(v, indent=2)
