{defaults: {a: 1,b: 2,},
extra: {b: 3,c: 4,},
one: 
(({a: 1,b: 2,})) + {
b: "own",},
many: 
(({a: 1,b: 2,})) + (({b: 3,c: 4,})) + {
d: 5,},
expr: 
({z: 26}) + {
y: 25,},}
