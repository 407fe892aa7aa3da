std.parseJson('{"args":["--a","--b"],"q":"one two"}')





