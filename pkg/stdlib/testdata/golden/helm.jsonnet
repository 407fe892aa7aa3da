// parseHelmChart is not part of this project's builds.
local kubecfg = import 'kubecfg.libsonnet';

kubecfg.parseHelmChart([31, 139, 8, 0], 'rel', 'ns', {})
