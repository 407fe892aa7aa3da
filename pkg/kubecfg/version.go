package kubecfg

// Version is kubecfg's version; release builds set it with -ldflags.
var Version = "v0.41.0-dev"
