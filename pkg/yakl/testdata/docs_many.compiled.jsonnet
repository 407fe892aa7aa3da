[std.parseJson('{"a":1}'),


std.parseJson('{"b":2}'),

std.parseJson('[3]'),]
