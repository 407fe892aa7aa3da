#!/usr/bin/env bash
# Runs every Go fuzz target in the module for a while each, then the
# page's JavaScript decoders' fuzzer.
#   scripts/fuzz.sh 5s     a short run (make test)
#   scripts/fuzz.sh 10m    a long run (make fuzz-all)
# New failing inputs land in the package's testdata/fuzz/ and become
# regression cases of go test.
set -euo pipefail
cd "$(dirname "$0")/.."
time=${1:-10s}
for pkg in $(go list ./...); do
  for target in $(go test -list '^Fuzz' "$pkg" 2>/dev/null | grep '^Fuzz' || true); do
    echo "fuzz $pkg $target ($time)"
    go test -run '^$' -fuzz "^${target}\$" -fuzztime "$time" -fuzzminimizetime 2s "$pkg" >/tmp/fuzz-$$.log 2>&1 || { cat /tmp/fuzz-$$.log; rm -f /tmp/fuzz-$$.log
# The page's URL-state and txtar decoders (JavaScript): web/test/fuzz.test.mjs.
echo "fuzz web/test/fuzz.test.mjs ($time)"
(cd web && FUZZTIME=$time node --test test/fuzz.test.mjs >/tmp/fuzz-$$.log 2>&1) || { cat /tmp/fuzz-$$.log; rm -f /tmp/fuzz-$$.log; exit 1; }
rm -f /tmp/fuzz-$$.log; exit 1; }
  done
done
rm -f /tmp/fuzz-$$.log
# The page's URL-state and txtar decoders (JavaScript): web/test/fuzz.test.mjs.
echo "fuzz web/test/fuzz.test.mjs ($time)"
(cd web && FUZZTIME=$time node --test test/fuzz.test.mjs >/tmp/fuzz-$$.log 2>&1) || { cat /tmp/fuzz-$$.log; rm -f /tmp/fuzz-$$.log; exit 1; }
rm -f /tmp/fuzz-$$.log
