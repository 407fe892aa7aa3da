#!/bin/sh
# bench-validate.sh [BASE]: a keystroke with the page's Validate switch on
# (pkg/playground's BenchmarkValidateKeystroke: the default example,
# typed into app.jsonnet or lib.libsonnet, with none, one or five schema
# problems), natively and in wasm under Node, for this tree's engine and
# BASE's (a commit; default: the one before validate's shared trace), side
# by side in one run: ROUNDS rounds (default 3), each running every engine
# N keystrokes (default 100) after five that warm it, in turn. BASE's tree
# is taken with git archive and given this tree's benchmark file. Prints a
# Markdown table of the median over the rounds of each case's p50 and p90
# (milliseconds) of the validate request and of the whole keystroke
# (update, show, validate), and the load average at the start and the end.
set -eu
base=${1:-e5423ae}
rounds=${ROUNDS:-3}
n=${N:-100}
go=${GO:-go}
root=$(git rev-parse --show-toplevel)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
wasmexec="$($go env GOROOT)/lib/wasm/go_js_wasm_exec"

mkdir "$tmp/base"
git -C "$root" archive "$base" | tar -x -C "$tmp/base"
cp "$root/pkg/playground/validate_bench_test.go" "$tmp/base/pkg/playground/"
for side in base head; do
	dir=$root
	[ "$side" = base ] && dir=$tmp/base
	(cd "$dir" && $go test -c -o "$tmp/$side.native" ./pkg/playground/ &&
		GOOS=js GOARCH=wasm $go test -c -o "$tmp/$side.wasm" ./pkg/playground/)
done

load_start=$(cut -d' ' -f1-3 /proc/loadavg)
: >"$tmp/results"
r=1
while [ "$r" -le "$rounds" ]; do
	for engine in native wasm; do
		for side in base head; do
			dir=$root/pkg/playground
			[ "$side" = base ] && dir=$tmp/base/pkg/playground
			if [ "$engine" = native ]; then
				run="$tmp/$side.native"
			else
				run="$wasmexec $tmp/$side.wasm"
			fi
			(cd "$dir" && $run -test.run '^$' -test.bench '^BenchmarkValidateKeystroke$' -test.benchtime "${n}x") |
				awk -v e="$engine" -v s="$side" '/^BenchmarkValidateKeystroke\// {
					name = $1; sub(/^BenchmarkValidateKeystroke\//, "", name); sub(/-[0-9]+$/, "", name)
					for (i = 1; i <= NF; i++) {
						if ($i == "p50-ms") p50 = $(i-1); if ($i == "p90-ms") p90 = $(i-1)
						if ($i == "validate-p50-ms") v50 = $(i-1); if ($i == "validate-p90-ms") v90 = $(i-1)
					}
					print e, name, s, p50, p90, v50, v90 }' >>"$tmp/results"
		done
	done
	r=$((r + 1))
done
load_end=$(cut -d' ' -f1-3 /proc/loadavg)

echo "$(nproc) CPUs, load average $load_start at the start, $load_end at the end; $rounds rounds of $n keystrokes, medians over the rounds."
echo "BASE is $(git -C "$root" rev-parse --short "$base"), head $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- . || echo ' (with changes)')."
echo
echo "| engine | keystroke | validate p50: BASE, head | validate p90: BASE, head | keystroke p50: BASE, head | keystroke p90: BASE, head |"
echo "| --- | --- | ---: | ---: | ---: | ---: |"
for engine in native wasm; do
	for name in entry/valid entry/one lib/valid lib/one lib/several; do
		med() { # side column
			awk -v e="$engine" -v n="$name" -v s="$1" -v c="$2" '$1 == e && $2 == n && $3 == s { print $c }' "$tmp/results" |
				sort -g | awk '{ v[NR] = $1 } END { if (NR) printf "%.2f ms", v[int((NR + 1) / 2)] }'
		}
		echo "| $engine | $name | $(med base 6), $(med head 6) | $(med base 7), $(med head 7) | $(med base 4), $(med head 4) | $(med base 5), $(med head 5) |"
	done
done
