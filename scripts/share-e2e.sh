#!/usr/bin/env bash
# Runs the share service's end-to-end load and crash tests (e2e/share) with
# SHARE_E2E=1. The server process is `kubecfg playground` when cmd/kubecfg
# builds and has the command (with --share-rate-limit); otherwise the test
# binary re-executes itself as the server.
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
bin=bin/kubecfg-share-e2e
mkdir -p bin
if "$GO" build -o "$bin" ./cmd/kubecfg 2>/dev/null; then
	export KUBECFG_BIN="$PWD/$bin"
else
	echo "share-e2e: cmd/kubecfg does not build; the test binary is the server"
fi
set +e
SHARE_E2E=1 "$GO" test -count=1 -v -run 'Thousand|Kill|ServerProcess|Browser' ./e2e/share >bin/share-e2e.log 2>&1
rc=$?
set -e
# The figures and failures, not every passing subtest.
grep -v -e '^=== ' -e '^    --- PASS' -e '^        --- PASS' -e '^            --- PASS' bin/share-e2e.log
exit $rc
