# Feature gates (RFC05) and the rc file: docs generation and fuzz targets.
# Their unit tests run in test-go; TestDocsPageIsUpToDate fails while
# docs/features.md is stale.
FUZZ_TARGETS += fuzz-features

.PHONY: docs-features fuzz-features
docs-features:
	$(GO) run ./pkg/features/gen -o docs/features.md

fuzz-features:
	$(GO) test -run '^$$' -fuzz '^FuzzNew$$' -fuzztime $(FUZZTIME) ./pkg/features
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME) ./internal/rc
