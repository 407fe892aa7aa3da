std.parseJson('{"nulls":[null,null,null,null],"empty":null,"bools":[true,true,true,false,false,false],"strings11":["yes","no","on","off","y","n"],"ints":[12,-3,4,31,15,17,0],"floats":[1.5,1000,0.5,-0.0025,1,6.02e+23],"big":9007199254740992,"quoted":["12","017","true"],"text":"hello world"}')








