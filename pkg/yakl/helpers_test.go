package yakl

import (
	"encoding/json"
	"fmt"
	"reflect"

	jsonnet "github.com/google/go-jsonnet"

	"github.com/kubecfg/kubecfg/internal/predefine"
	"github.com/kubecfg/kubecfg/pkg/stdlib"
)

// libImporter serves kubecfg.libsonnet at its internal URL and files from
// the file system otherwise; the evaluated snippet imports relative to
// its own file's name.
type libImporter struct {
	files jsonnet.FileImporter
	main  string
}

func (i *libImporter) Import(from, path string) (jsonnet.Contents, string, error) {
	if path == stdlib.URL {
		return jsonnet.MakeContents(stdlib.Library), stdlib.URL, nil
	}
	if from == "" {
		from = i.main
	}
	return i.files.Import(from, path)
}

// newVM is a go-jsonnet VM as kubecfg sets it up for tests: the real
// library and its native functions, and ext code replicas=2.
func newVM(main string) *jsonnet.VM {
	vm := jsonnet.MakeVM()
	vm.Importer(&libImporter{main: main})
	for _, f := range stdlib.Natives(stdlib.Options{}) {
		vm.NativeFunction(f)
	}
	vm.ExtCode("replicas", "2")
	return vm
}

// evalJSON evaluates Jsonnet code to its JSON text.
func evalJSON(filename, code string) (string, error) {
	return newVM(filename).EvaluateAnonymousSnippet(filename, code)
}

// sameJSON compares two JSON texts as values.
func sameJSON(a, b string) (bool, error) {
	var va, vb any
	if err := json.Unmarshal([]byte(a), &va); err != nil {
		return false, fmt.Errorf("decoding %q: %w", a, err)
	}
	if err := json.Unmarshal([]byte(b), &vb); err != nil {
		return false, fmt.Errorf("decoding %q: %w", b, err)
	}
	return reflect.DeepEqual(va, vb), nil
}

// FreeVars returns, sorted, the variables that the Jsonnet code reads without
// declaring them, leaving out std (Jsonnet's one predefined name). self,
// super and $ are not variables and are never listed. A syntax error is
// returned with go-jsonnet's message.
func FreeVars(filename, code string) ([]string, error) {
	info, err := predefine.Analyze(filename, code)
	if err != nil {
		return nil, err
	}
	return info.Free, nil
}
