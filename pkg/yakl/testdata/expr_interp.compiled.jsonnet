local version = "1.27";

{image: "nginx:" + (version),
port: "--port=" + (8000 + 80),
two: '' + (1) + (2),
dollar: "cost $5 and ${literal}",
block: "version " + 
(version) + "\ndone\n",}

