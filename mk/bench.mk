# The evaluator benchmark of issue 8 (scripts/bench): the same Jsonnet
# programs natively and as wasm in Node, through pkg/playground and as bare
# go-jsonnet (wasm/barejsonnet), and a new -e on a warm workspace; it
# prints the figures and rewrites the evaluator sections of
# docs/benchmarks.md. BENCH_FLAGS passes flags (e.g. -n 15 -clock wall).
# The hostile-input corpus (e2e/hostile) runs in test-go; fuzz-hostile
# fuzzes its case reader.
BENCH_NODE ?= node
BENCH_GOROOT_WASM := $(shell $(GO) env GOROOT)/lib/wasm

BENCH_TARGETS += bench-evaluator
TEST_TARGETS += test-barejsonnet
FUZZ_TARGETS += fuzz-hostile

.PHONY: bench-evaluator bench-node test-barejsonnet fuzz-hostile

# Node, installed when missing.
bench-node:
	@command -v $(BENCH_NODE) >/dev/null || (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y nodejs)

bench-evaluator: bench-node
	$(GO) run ./scripts/bench -node $(BENCH_NODE) -go $(GO) -docs docs/benchmarks.md $(BENCH_FLAGS)

# The wasm baseline's own test, under Node.
test-barejsonnet: bench-node
	GOOS=js GOARCH=wasm $(GO) test -exec=$(BENCH_GOROOT_WASM)/go_js_wasm_exec ./wasm/barejsonnet/

# The corpus's case reader.
fuzz-hostile:
	$(GO) test -run '^$$' -fuzz '^FuzzParseData$$' -fuzztime $(FUZZTIME) ./e2e/hostile
