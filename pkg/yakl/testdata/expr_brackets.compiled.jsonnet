{a: {b: '}'}.b,
c: std.length([1, {x: '{'}, (2)]),
d: @'}' + "}",
e: '' + 
("text } block\n") + "\n",


f: 1   + 1,}
