// Plain YAML.
{
  a: 'kubecfg.resolveImage',
  b: { kubecfg: 1 }.kubecfg,
}
