{a: 1,
b: 
{c: std.parseJson('[1,2]'),
d: error 'boom',},}
