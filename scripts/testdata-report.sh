#!/bin/sh
# Says which third-party test suites make test ran and which it skipped:
# go test prints only "ok" for a package whose suite test skipped, so the
# skip and its reason are printed here, where make test's output shows
# them. The suites are read from $KUBECFG_TESTDATA, or ../shared/testdata
# beside the checkout (internal/testdata); in CI an absent suite already
# failed the tests.
root=${KUBECFG_TESTDATA:-$(cd "$(dirname "$0")/../.." && pwd)/shared/testdata}
for suite in kubecfg-realworld go-jsonnet yaml-test-suite; do
	if [ -d "$root/$suite" ]; then
		echo "third-party suite $suite: run (from $root/$suite)"
	else
		echo "third-party suite $suite: SKIPPED, not found at $root/$suite (set KUBECFG_TESTDATA to run it)"
	fi
done
