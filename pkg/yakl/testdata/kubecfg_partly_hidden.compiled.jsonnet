# kubecfg is predefined where no local or anchor hides it.
local kubecfg = import 'internal:///kubecfg.libsonnet', yakl__kubecfg = kubecfg; {before: std.objectHasAll(kubecfg, 'toOverlay'),
inner: 
{local kubecfg = std.parseJson('{"mine":true}'),
hidden: kubecfg.mine,},
lib: {anchor: true,},
after: (local kubecfg = ({anchor: true,}); kubecfg.anchor),}
