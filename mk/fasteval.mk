# Issue 32's "no program of any corpus slower than go-jsonnet": every
# program of go-jsonnet's test programs, kubecfg-realworld's envelope
# cases, the benchmark programs (show) and the hostile corpus timed with
# fast-eval off and on, side by side (internal/sidebyside); it prints per
# corpus the median ratio and the slowest programs, the error path apart
# (docs/benchmarks.md, "A faster evaluator"). FASTEVAL_CORPORA is the
# samples per side and program; KUBE_PROMETHEUS=DIR adds its example.
BENCH_TARGETS += bench-fasteval
FASTEVAL_CORPORA ?= 9

.PHONY: bench-fasteval
bench-fasteval:
	FASTEVAL_CORPORA=$(FASTEVAL_CORPORA) $(GO) test -p 1 -count=1 -timeout 90m -run '^TestCorpora' -v ./internal/fasteval ./internal/realworld ./e2e/hostile

# The default example's keystroke-to-output latency in Chromium with
# fast-eval off and on, side by side (e2e/browser/keys-bench.mjs; issue
# 32's "p90 not worse than today").
BENCH_TARGETS += bench-fasteval-keys
.PHONY: bench-fasteval-keys
bench-fasteval-keys: bin/kubecfg e2e-deps
	cd e2e/browser && $(NODE) keys-bench.mjs --runs 6
