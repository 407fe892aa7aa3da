package yakl

import (
	"github.com/google/go-jsonnet/formatter"
)

// Desugar translates a .yakl file to readable Jsonnet: what kubecfg eval
// -o jsonnet prints. It is the program that Compile gives, formatted as
// jsonnetfmt formats it, with the file's first comments on top and plain
// object literals instead of Compile's shortcuts.
func Desugar(filename string, src []byte) (string, error) {
	code, err := compileFile(filename, src, true)
	if err != nil {
		return "", err
	}
	out, err := formatter.Format(filename, code, formatter.DefaultOptions())
	if err != nil {
		return "", errorf(filename, 1, 1, "formatting the desugared file: %v", err)
	}
	return out, nil
}
