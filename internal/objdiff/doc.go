// Package objdiff compares Kubernetes objects with "live" ones as kubecfg
// diff does, offline: the objects' indented JSON, a unified diff per
// object under kubecfg's --- live / +++ config headers, its "doesn't
// exist on server" and "unchanged" lines, its diff strategies (all,
// subset, last-applied) and --omit-secrets. The result is data (Report);
// kubecfg diff --against prints it.
package objdiff
