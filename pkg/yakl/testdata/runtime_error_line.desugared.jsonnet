{
  a: 1,
  b: {
    c: [
      1,
      2,
    ],
    d: error 'boom',
  },
}
