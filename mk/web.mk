# The browser playground: the wasm build of the evaluator, the bundled
# front end, and their tests (Node unit tests, the wasm shim under Node,
# Playwright driving Debian's Chromium) and benchmark.
NPM ?= npm
NODE ?= node
CHROMIUM ?= /usr/bin/chromium
GOROOT_WASM := $(shell $(GO) env GOROOT)/lib/wasm

BUILD_TARGETS += web
TEST_TARGETS += test-web-unit test-wasm-shim test-e2e-browser
BENCH_TARGETS += bench-web

.PHONY: web wasm web-deps e2e-deps test-web-unit test-wasm-shim test-e2e-browser bench-web bench-trace screenshots

wasm: static/kubecfg.wasm static/kubecfg-core.wasm static/kubecfg-lang.wasm static/wasm_exec.js

# The full engine, and the core engine the page starts with (no JSON Schema
# validator: wasm/playground's doc comment says why).
static/kubecfg.wasm: FORCE
	rm -f $@.br $@.gz
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -o $@ ./wasm/playground

static/kubecfg-core.wasm: FORCE
	rm -f $@.br $@.gz
	GOOS=js GOARCH=wasm $(GO) build -tags kubecfg_noschema -trimpath -ldflags='-s -w' -o $@ ./wasm/playground

# The editor's language service (wasm/lang, pkg/langserv): a program of its
# own, loaded in a worker of its own after the page's first result.
static/kubecfg-lang.wasm: FORCE
	rm -f $@.br $@.gz
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -o $@ ./wasm/lang

static/wasm_exec.js: FORCE
	cp $(GOROOT_WASM)/wasm_exec.js $@

web/node_modules/.package-lock.json: web/package.json web/package-lock.json
	$(NPM) ci --prefix web --no-audit --no-fund

e2e/browser/node_modules/.package-lock.json: e2e/browser/package.json e2e/browser/package-lock.json
	$(NPM) ci --prefix e2e/browser --no-audit --no-fund

web-deps: web/node_modules/.package-lock.json

# Debian's Chromium, installed when missing.
e2e-deps: e2e/browser/node_modules/.package-lock.json
	@test -x $(CHROMIUM) || (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium)

# The site, with the first example's answer from the core engine in the
# page (scripts/prerender.mjs), then brotli and gzip copies of what the
# page loads, which `kubecfg playground` serves to browsers that accept them.
web: wasm web-deps
	$(GO) run ./scripts/build-web
	$(NODE) scripts/prerender.mjs
	$(NODE) scripts/compress.mjs static/kubecfg-core.wasm static/kubecfg.wasm static/kubecfg-lang.wasm static/wasm_exec.js \
		static/index.html static/embed.html static/embed.js static/dist/*.js static/dist/*.css $$(find static/schemas -name "*.json" 2>/dev/null)

test-web-unit: web-deps
	cd web && $(NODE) --test test/*.test.mjs

# The shims, and the packages under them that the page's engine runs
# (pkg/playground, internal/importer), built for js/wasm and run in Node.
# A test that needs what js/wasm lacks (a process, a listening socket, the
# OS file system) skips itself there with t.Skip, saying why: go test -v
# lists them.
test-wasm-shim:
	GOOS=js GOARCH=wasm $(GO) test -exec=$(GOROOT_WASM)/go_js_wasm_exec ./wasm/playground/ ./pkg/playground/ ./internal/importer/
	GOOS=js GOARCH=wasm $(GO) test -tags kubecfg_noschema -run 'TestEngine|TestNoSchema' -exec=$(GOROOT_WASM)/go_js_wasm_exec ./wasm/playground/ ./pkg/playground/
	GOOS=js GOARCH=wasm $(GO) test -exec=$(GOROOT_WASM)/go_js_wasm_exec ./wasm/lang/

test-e2e-browser: bin/kubecfg e2e-deps
	cd e2e/browser && $(NODE) --test --test-concurrency=1 *.test.mjs

screenshots: bin/kubecfg e2e-deps
	cd e2e/browser && $(NODE) screenshots.mjs

bench-web: bin/kubecfg bin/barejsonnet.wasm e2e-deps
	cd e2e/browser && $(NODE) bench.mjs --bare ../../bin/barejsonnet.wasm --docs ../../docs/benchmarks.md

# The first visit side by side (issue 33): a static page, the playground
# cold, a repeat visit, an #example= link, a /s/ID link and the floor page,
# taking turns in fresh profiles; the ratios and the timeline in
# docs/benchmarks.md's bench-first-visit section.
BENCH_TARGETS += bench-first-visit
.PHONY: bench-first-visit
FV_RUNS ?= 5
bench-first-visit: bin/kubecfg bin/barejsonnet.wasm e2e-deps
	cd e2e/browser && $(NODE) firstvisit-bench.mjs --runs $(FV_RUNS) --bare ../../bin/barejsonnet.wasm --docs ../../docs/benchmarks.md

# What a trace of an output line costs in Chromium (the default example and
# the 200-object workspace): docs/benchmarks.md's bench-trace section.
BENCH_TARGETS += bench-trace
bench-trace: bin/kubecfg e2e-deps
	cd e2e/browser && $(NODE) trace-bench.mjs --docs ../../docs/benchmarks.md

# What the editor's language service costs in Chromium (issue 21): the
# bytes before the first result, completion and hover on the 200-object
# workspace: docs/benchmarks.md's bench-lang section.
BENCH_TARGETS += bench-lang
.PHONY: bench-lang
bench-lang: bin/kubecfg e2e-deps
	cd e2e/browser && $(NODE) lang-bench.mjs --docs ../../docs/benchmarks.md

# An edit of the 300-file, 8 MB workspace in Chromium through the session
# protocol (issue 28): the round trip as the page sees it, the worker's
# time and Runner.Run's; docs/benchmarks.md, "The session protocol".
BENCH_TARGETS += bench-session
.PHONY: bench-session
BIGWS_EDITS ?= 15
bench-session: bin/kubecfg e2e-deps
	cd e2e/browser && $(NODE) bigws-bench.mjs $(BIGWS_EDITS)

# Bare go-jsonnet built and compressed as the engines are: the start-up
# floor of bench-web (e2e/browser/floor.mjs).
bin/barejsonnet.wasm: FORCE
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -o $@ ./wasm/barejsonnet
	$(NODE) scripts/compress.mjs $@

# Two builds of the site compared, taking turns (e2e/browser/ab.mjs):
#   make bench-ab A=/tmp/static-before B=static [AB_ROUNDS=8] [AB_FLAGS=--restart]
AB_ROUNDS ?= 6
AB_FLAGS ?=
.PHONY: bench-ab
bench-ab: bin/kubecfg e2e-deps
	@test -n "$(A)" -a -n "$(B)" || (echo "usage: make bench-ab A=STATIC_DIR B=STATIC_DIR" >&2; exit 2)
	cd e2e/browser && $(NODE) ab.mjs --rounds $(AB_ROUNDS) $(AB_FLAGS) $(abspath $(A)) $(abspath $(B))

# The page's URL-state, txtar and zip decoders, fuzzed (2 s of it runs in
# test-web-unit).
FUZZ_TARGETS += fuzz-web
.PHONY: fuzz-web
fuzz-web:
	cd web && FUZZTIME=$(FUZZTIME) $(NODE) --test test/fuzz.test.mjs

# The core engine's Go side (build tag kubecfg_noschema: no JSON Schema
# validator; a run that needs it asks for the full engine).
TEST_TARGETS += test-core-engine
.PHONY: test-core-engine
test-core-engine:
	$(GO) test -tags kubecfg_noschema -run NoSchema ./pkg/stdlib ./pkg/playground
