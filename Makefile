# kubecfg: the CLI, the browser playground and the share service.
# Fragments in mk/*.mk add their own targets to BUILD_TARGETS, TEST_TARGETS,
# BENCH_TARGETS and FUZZ_TARGETS.
GO ?= go
export CGO_ENABLED ?= 0

BUILD_TARGETS := bin/kubecfg
TEST_TARGETS := test-go
BENCH_TARGETS := bench-go bench-engines
FUZZ_TARGETS :=
FUZZTIME ?= 10m

.PHONY: all build test test-go bench bench-go bench-engines fuzz serve clean FORCE
all: build

include $(wildcard mk/*.mk)

build: $(BUILD_TARGETS)

# The CLI embeds the built site (static/), so the site is built first.
bin/kubecfg: FORCE $(filter web,$(BUILD_TARGETS))
	$(GO) build -trimpath -o $@ ./cmd/kubecfg

# The playground on its embedded defaults: http://127.0.0.1:8080/
serve: build
	bin/kubecfg --features=playground playground $(SERVE_FLAGS)

test: $(TEST_TARGETS)

test-go:
	$(GO) vet ./...
	$(GO) test ./...
	@scripts/testdata-report.sh

bench: $(BENCH_TARGETS)

bench-go:
	$(GO) test -run '^$$' -bench . -benchtime 20x ./pkg/...

# The same programs under go-jsonnet v0.20, v0.21 and v0.22 (docs/benchmarks.md,
# "The engine version").
bench-engines:
	$(GO) run ./scripts/engine-versions

fuzz: $(FUZZ_TARGETS)

clean:
	rm -rf bin
