local kubecfg = {
  version: 'mine',
};
{
  v: kubecfg.version,
}
