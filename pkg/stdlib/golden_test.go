package stdlib

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	jsonnet "github.com/google/go-jsonnet"
	"github.com/kubecfg/kubecfg/internal/golden"
)

// TestGolden evaluates every testdata/golden/*.jsonnet (knit on, the
// library importable as 'kubecfg.libsonnet' too) and compares the result
// with the .golden file beside it: a string result as its raw text, any
// other value as JSON, an error as "ERROR: " and its message without the
// stack trace.
func TestGolden(t *testing.T) {
	inputs, err := filepath.Glob(filepath.Join("testdata", "golden", "*.jsonnet"))
	if err != nil {
		t.Fatal(err)
	}
	if len(inputs) == 0 {
		t.Fatal("no golden inputs in testdata/golden")
	}
	for _, in := range inputs {
		name := strings.TrimSuffix(filepath.Base(in), ".jsonnet")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			got := goldenOutput(t, name+".jsonnet", string(src))
			golden.Check(t, strings.TrimSuffix(in, ".jsonnet")+".golden", got)
		})
	}
}

func goldenOutput(t *testing.T, filename, src string) string {
	t.Helper()
	vm := jsonnet.MakeVM()
	lib := jsonnet.MakeContents(Library)
	vm.Importer(&jsonnet.MemoryImporter{Data: map[string]jsonnet.Contents{URL: lib, "kubecfg.libsonnet": lib}})
	for _, f := range Natives(knitOn(t)) {
		vm.NativeFunction(f)
	}
	out, err := vm.EvaluateAnonymousSnippet(filename, src)
	if err != nil {
		return "ERROR: " + errorMessage(err) + "\n"
	}
	var s string
	if json.Unmarshal([]byte(out), &s) == nil {
		return s
	}
	return out
}

// errorMessage is go-jsonnet's error text without "RUNTIME ERROR: " and
// the stack-trace lines, which name positions in the library that move
// whenever it is edited.
func errorMessage(err error) string {
	var keep []string
	for _, line := range strings.Split(err.Error(), "\n") {
		if strings.HasPrefix(line, "\t") || line == "" {
			continue
		}
		keep = append(keep, line)
	}
	return strings.TrimPrefix(strings.Join(keep, "\n"), "RUNTIME ERROR: ")
}
