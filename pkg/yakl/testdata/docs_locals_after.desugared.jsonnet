local yakl__doc0 = {
  a: x,
},
      x = 42,
      yakl__doc2 = {
  b: x + 1,
};
[yakl__doc0, yakl__doc2]
