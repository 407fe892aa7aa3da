# pkg/stdlib: kubecfg.libsonnet and its natives. Unit, golden and
# compatibility tests run in test-go; this adds the wasm build check (the
# package must stay free of os/exec and the network) and the fuzz targets.
TEST_TARGETS += test-stdlib-wasm
FUZZ_TARGETS += fuzz-stdlib

.PHONY: test-stdlib-wasm fuzz-stdlib
test-stdlib-wasm:
	GOOS=js GOARCH=wasm $(GO) build ./pkg/stdlib
	GOOS=js GOARCH=wasm $(GO) vet ./pkg/stdlib

fuzz-stdlib:
	$(GO) test -run '^$$' -fuzz '^FuzzParseYaml$$' -fuzztime $(FUZZTIME) ./pkg/stdlib
	$(GO) test -run '^$$' -fuzz '^FuzzParseJson$$' -fuzztime $(FUZZTIME) ./pkg/stdlib
	$(GO) test -run '^$$' -fuzz '^FuzzManifestYamlRoundTrip$$' -fuzztime $(FUZZTIME) ./pkg/stdlib
