# internal/k8sschema: the built-in Kubernetes schemas (data/1.NN.json),
# generated from sigs.k8s.io/kubectl-validate's embedded OpenAPI v3 (read
# from the module cache; go mod download fetches it when it is not there,
# so this target may use the network and is in no test target).
# pkg/validate checks objects against them; its fuzz targets run here.
FUZZ_TARGETS += fuzz-validate

.PHONY: k8sschema fuzz-validate
k8sschema:
	$(GO) run ./internal/k8sschema/gen -o internal/k8sschema/data

fuzz-validate:
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME) ./pkg/validate
	$(GO) test -run '^$$' -fuzz '^FuzzValidate$$' -fuzztime $(FUZZTIME) ./pkg/validate
