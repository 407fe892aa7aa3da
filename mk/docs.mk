# The docs site: the pages of docs/ that hold runnable examples
# (docs/examples/*.txtar), rendered by ./scripts/build-docs into
# static/docs/ (chroma-highlighted, made live by embed.js), and their
# browser test. The examples' outputs and the pages' example blocks are
# checked by go test ./internal/docsite in test-go.
BUILD_TARGETS += docs-site
TEST_TARGETS += test-e2e-docs

.PHONY: docs-site docs-examples-update test-e2e-docs

# After web, which replaces static/dist; before bin/kubecfg, which embeds
# static/ (docs/ included). scripts/seal.mjs then adds the docs to the
# service worker's list and keys the list to the build.
docs-site: web
	$(GO) run ./scripts/build-docs
	$(NODE) scripts/seal.mjs static

bin/kubecfg: docs-site

# Rewrites the expected outputs of docs/examples and the example blocks of
# the docs pages from what the evaluator prints.
docs-examples-update:
	$(GO) test ./internal/docsite -update

# Playwright (e2e/browser's playwright-core, read-only) and Debian's
# Chromium against bin/kubecfg playground.
test-e2e-docs: bin/kubecfg e2e-deps
	cd e2e/docs && GO=$(GO) $(NODE) --test --test-concurrency=1 *.test.mjs

FUZZ_TARGETS += fuzz-docsite
.PHONY: fuzz-docsite
fuzz-docsite:
	$(GO) test -run '^$$' -fuzz '^FuzzParseExample$$' -fuzztime $(FUZZTIME) ./internal/docsite
	$(GO) test -run '^$$' -fuzz '^FuzzRegions$$' -fuzztime $(FUZZTIME) ./internal/docsite
