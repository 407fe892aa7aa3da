# What the playground's Compare pane adds after an edit (issue 30):
# kube-prometheus's 131 objects (5.8 MB) pinned and edited in headless
# Chromium (e2e/browser/compare-bench.mjs; the tree is
# KUBECFG_KUBE_PROMETHEUS or corpus/kube-prometheus beside the repository,
# scripts/corpus/kube-prometheus.sh; a synthetic output of the same size
# without it): docs/benchmarks.md's "Compare (issue 30)" section.
BENCH_TARGETS += bench-compare
COMPARE_EDITS ?= 5

.PHONY: bench-compare
bench-compare: bin/kubecfg e2e-deps
	cd e2e/browser && $(NODE) compare-bench.mjs $(COMPARE_EDITS)
