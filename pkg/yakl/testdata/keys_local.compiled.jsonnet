{local greeting = "hello",
local shout(s, bang="!") = std.asciiUpper(s) + bang,
msg: shout(greeting),
other: shout('x', bang='?'),
"self": self.msg + '.',}
