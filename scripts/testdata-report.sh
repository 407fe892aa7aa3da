#!/bin/sh
# Says what make test ran and what it skipped: go test prints only "ok"
# for a package whose tests skipped, so each skip that depends on the
# machine, and its reason, is printed here, where make test's output shows
# it. The third-party suites are read from $KUBECFG_TESTDATA, or
# ../shared/testdata beside the checkout (internal/testdata); in CI an
# absent suite already failed the tests. The kube-prometheus corpus is
# $KUBECFG_KUBE_PROMETHEUS, or corpus/kube-prometheus beside the checkout
# (pkg/playground's big-workspace tests, e2e/browser/project.test.mjs).
here=$(cd "$(dirname "$0")/.." && pwd)
root=${KUBECFG_TESTDATA:-$(dirname "$here")/shared/testdata}
for suite in kubecfg-realworld go-jsonnet yaml-test-suite; do
	if [ -d "$root/$suite" ]; then
		echo "third-party suite $suite: run (from $root/$suite)"
	else
		echo "third-party suite $suite: SKIPPED, not found at $root/$suite (set KUBECFG_TESTDATA to run it)"
	fi
done
kp=${KUBECFG_KUBE_PROMETHEUS:-$(dirname "$here")/corpus/kube-prometheus}
if [ -f "$kp/example.jsonnet" ]; then
	echo "kube-prometheus corpus: run (from $kp)"
else
	echo "kube-prometheus corpus: SKIPPED, not found at $kp (scripts/corpus/kube-prometheus.sh DIR makes it; set KUBECFG_KUBE_PROMETHEUS=DIR)"
fi
# Opt-in Go tests that write files or time things for docs/benchmarks.md.
[ -n "$KUBECFG_WRITE_BIG_REQUESTS" ] || echo "pkg/playground TestWriteBigRequests: SKIPPED, opt-in (set KUBECFG_WRITE_BIG_REQUESTS=DIR)"
[ -n "$KUBECFG_BIG_PHASES" ] || echo "pkg/playground TestBigPhases: SKIPPED, opt-in (set KUBECFG_BIG_PHASES=synthetic or kube-prometheus)"
# The peers' fixtures of issue 29 (scripts/peer-fixtures.sh sets both).
[ -n "$KUBECFG_PEER_KUBECONFORM" ] || echo "pkg/validate TestPeerKubeconform: SKIPPED, opt-in (scripts/peer-fixtures.sh, or set KUBECFG_PEER_KUBECONFORM=a kubeconform tree)"
