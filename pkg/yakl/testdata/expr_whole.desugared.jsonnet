local prod = true;
{
  replicas: if prod then 3 else 1,
  list: [1, 2] + [3],
  obj: { app: 'web' },
  str: 'quoted',
}
