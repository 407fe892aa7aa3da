# Two objects and a file local.
local app = "web";

[{kind: "Service",
metadata: {name: app,},},


{kind: "Deployment",
metadata: {name: app,},},]
