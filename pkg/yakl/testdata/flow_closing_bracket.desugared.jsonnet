{
  args: [
    '--a',
    '--b',
  ],
  q: 'one two',
}
