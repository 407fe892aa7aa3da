local kubecfg = std.parseJson('{"version":"mine"}');

{v: kubecfg.version,}
