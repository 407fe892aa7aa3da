{labels: {app: "web",tier: "front",},
selector: ({app: "web",tier: "front",}),
port: 8080,
url: "http://localhost:" + (local port = (8080); port) + "/",
count: (local labels = ({app: "web",tier: "front",}); std.length(labels)),}
