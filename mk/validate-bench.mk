# validate's keystroke benchmark (issue 29): scripts/bench-validate.sh runs
# pkg/playground's BenchmarkValidateKeystroke natively and in wasm under
# Node for this tree and BENCH_VALIDATE_BASE (a commit) side by side and
# prints the table docs/benchmarks.md's Validate section holds.
BENCH_TARGETS += bench-validate
BENCH_VALIDATE_BASE ?= e5423ae

.PHONY: bench-validate
bench-validate:
	GO=$(GO) scripts/bench-validate.sh $(BENCH_VALIDATE_BASE)
