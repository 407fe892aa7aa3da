{
  s: '12',
  i: 42,
  f: 3,
  b: true,
  n: null,
  m: {
    a: 1,
  },
  q: [
    1,
  ],
}
