{
  base: {
    name: 'web',
    port: 80,
  },
  copy: ({ name: 'web', port: 80 }),
  scalar: 'hello',
  again: ('hello'),
  var: (local base = ({ name: 'web', port: 80 }); base.port + 1),
}
