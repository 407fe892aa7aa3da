# pkg/yakl: fuzz the YAKL compiler and PredefineKubecfg (FUZZTIME each).
FUZZ_TARGETS += fuzz-yakl

.PHONY: fuzz-yakl
fuzz-yakl:
	$(GO) test -run '^$$' -fuzz '^FuzzCompile$$' -fuzztime $(FUZZTIME) ./pkg/yakl
	$(GO) test -run '^$$' -fuzz '^FuzzCompileExpr$$' -fuzztime $(FUZZTIME) ./pkg/yakl
	$(GO) test -run '^$$' -fuzz '^FuzzPredefineKubecfg$$' -fuzztime $(FUZZTIME) ./pkg/yakl
