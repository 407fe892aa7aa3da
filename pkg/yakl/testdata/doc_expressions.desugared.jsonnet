local version = '1.27';
local prod = true;
{
  replicas: if prod then 3 else 1,
  image: 'nginx:' + (version),
  labels: { app: 'web' },
  port: '--port=' + (8000 + 80),
  price: 'costs $5, written ${literally}',
}
