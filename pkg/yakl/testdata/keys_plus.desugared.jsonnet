local base = {
  a: {
    x: 1,
  },
  list: [
    1,
  ],
};
{
  value: base { a+: { y: 2 }, list+: [2] },
  literal: { 'a+': 1 },
  computed: {
    'a+': 1,
    ['name-' + (1 + 1)]: 'two',
    k: 'v',
  },
}
