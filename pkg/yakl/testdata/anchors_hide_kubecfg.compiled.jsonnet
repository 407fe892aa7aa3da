{lib: {name: "mine",},
who: (local kubecfg = ({name: "mine",}); kubecfg.name),}
