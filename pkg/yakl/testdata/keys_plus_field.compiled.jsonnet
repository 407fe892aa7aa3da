(std.parseJson('{"a":{"x":1},"n":[1]}')) + {
a+: std.parseJson('{"y":2}'),
n+: std.parseJson('[2]'),}
