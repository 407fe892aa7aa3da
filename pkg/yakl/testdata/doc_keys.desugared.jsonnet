local who = 'world';
{
  local greet(name, punct='!') = 'hello ' + name + punct,
  message: greet(who),
  ['computed-' + who]: 1,
  'a+': 'a literal name that ends with +',
  base: { list: [1], obj: { x: 1 } },
  extended: self.base { list+: [2], obj+: { y: 2 } },
}
