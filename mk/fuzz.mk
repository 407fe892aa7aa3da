# Every Go fuzz target: a short run in make test, a long one in make fuzz-all.
FUZZ_SHORT ?= 3s
TEST_TARGETS += test-fuzz-short

.PHONY: test-fuzz-short fuzz-all
test-fuzz-short:
	scripts/fuzz.sh $(FUZZ_SHORT)

fuzz-all:
	scripts/fuzz.sh $(FUZZTIME)
