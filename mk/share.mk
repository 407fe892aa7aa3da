# The share service: the Cloudflare worker build, the end-to-end tests
# (load and kill -9 against a server process on bbolt; the API round trip
# against `wrangler dev`), the benchmark and the fuzz target. Unit and
# conformance tests of pkg/share and internal/site run in test-go.
SHARE_NPM ?= npm
SHARE_WRANGLER := e2e/share/node_modules/.bin/wrangler

BUILD_TARGETS += share-worker
TEST_TARGETS += test-share-e2e test-share-wrangler
BENCH_TARGETS += bench-share
FUZZ_TARGETS += fuzz-share

.PHONY: share-worker share-deps test-share-e2e test-share-wrangler bench-share fuzz-share

# bin/share-worker/{worker.mjs,runtime.mjs,wasm_exec.js,app.wasm} and
# static/_headers.
share-worker:
	GO=$(GO) scripts/share-worker-build.sh

# Node and wrangler 4 (pinned by e2e/share/package-lock.json), installed
# when missing.
e2e/share/node_modules/.package-lock.json: e2e/share/package.json e2e/share/package-lock.json
	@command -v $(SHARE_NPM) >/dev/null || (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y nodejs npm)
	cd e2e/share && WRANGLER_SEND_METRICS=false $(SHARE_NPM) ci --no-audit --no-fund

share-deps: e2e/share/node_modules/.package-lock.json

# Load and kill -9 tests against a server process on 127.0.0.1, and a
# shared link opened in Chromium (so the site and Chromium come first).
test-share-e2e: web e2e-deps
	GO=$(GO) scripts/share-e2e.sh

test-share-wrangler: share-deps share-worker
	SHARE_E2E_WRANGLER=1 $(GO) test -count=1 -run 'Wrangler' ./e2e/share

bench-share:
	$(GO) run ./scripts/share-load -n 5000 -c 32
	$(GO) run ./scripts/share-load -n 1000 -c 1

fuzz-share:
	$(GO) test -run '^$$' -fuzz '^FuzzValidID$$' -fuzztime $(FUZZTIME) ./pkg/share
	$(GO) test -run '^$$' -fuzz '^FuzzCanonicalize$$' -fuzztime $(FUZZTIME) ./pkg/share
	$(GO) test -run '^$$' -fuzz '^FuzzPost$$' -fuzztime $(FUZZTIME) ./pkg/share
	$(GO) test -run '^$$' -fuzz '^FuzzRequest$$' -fuzztime $(FUZZTIME) ./internal/site
