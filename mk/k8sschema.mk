# internal/k8sschema: the built-in Kubernetes schemas (data/1.NN.json),
# generated from sigs.k8s.io/kubectl-validate's embedded OpenAPI v3 (read
# from the module cache; go mod download fetches it when it is not there,
# so this target may use the network and is in no test target).
# pkg/validate checks objects against them; its fuzz targets run here.
# test-validate-wasm: the check's tests, built for js/wasm (the browser's
# full engine runs it) and run in Node.
TEST_TARGETS += test-validate-wasm
FUZZ_TARGETS += fuzz-validate

.PHONY: k8sschema fuzz-validate test-validate-wasm
k8sschema:
	$(GO) run ./internal/k8sschema/gen -o internal/k8sschema/data -kinds internal/k8sschema/kinds/kinds_gen.go

test-validate-wasm:
	GOOS=js GOARCH=wasm $(GO) vet ./pkg/validate
	GOOS=js GOARCH=wasm $(GO) test -exec=$(shell $(GO) env GOROOT)/lib/wasm/go_js_wasm_exec ./pkg/validate

fuzz-validate:
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME) ./pkg/validate
	$(GO) test -run '^$$' -fuzz '^FuzzValidate$$' -fuzztime $(FUZZTIME) ./pkg/validate
