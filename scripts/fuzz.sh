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
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# fuzz runs one Go target. On a loaded machine Go's fuzzing coordinator can
# end a run with "context deadline exceeded" at -fuzztime without any
# failing input (no testdata/fuzz file written): that run is repeated once.
# A real failure always writes its input.
fuzz() {
  local pkg=$1 target=$2 try
  for try in 1 2; do
    if go test -run '^$' -fuzz "^${target}\$" -fuzztime "$time" -fuzzminimizetime 2s "$pkg" >"$log" 2>&1; then
      return 0
    fi
    if [ "$try" = 1 ] && grep -q 'context deadline exceeded' "$log" && ! grep -q 'Failing input written' "$log"; then
      echo "  (the coordinator timed out with no failing input; once more)"
      continue
    fi
    cat "$log"
    return 1
  done
}

for pkg in $(go list ./...); do
  for target in $(go test -list '^Fuzz' "$pkg" 2>/dev/null | grep '^Fuzz' || true); do
    echo "fuzz $pkg $target ($time)"
    fuzz "$pkg" "$target"
  done
done

# The page's URL-state and txtar decoders (JavaScript): web/test/fuzz.test.mjs.
echo "fuzz web/test/fuzz.test.mjs ($time)"
(cd web && FUZZTIME=$time node --test test/fuzz.test.mjs >"$log" 2>&1) || { cat "$log"; exit 1; }
