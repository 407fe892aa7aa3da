{app: 
{local n = 3,
a: n * 2,
b: (n * 2),
c: self.a + 1,
d: (self.a + 1),},}
