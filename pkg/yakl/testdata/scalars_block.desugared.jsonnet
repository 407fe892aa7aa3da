{
  literal: 'line 1\nline 2\n',
  folded: 'folded text\npara\n',
  strip: 'no newline',
  keep: 'kept\n\n',
  indented: '  two spaces\n',
  after: 'done',
}
