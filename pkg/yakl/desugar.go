package yakl

import "errors"

// Desugar translates a .yakl file to readable Jsonnet: what kubecfg eval
// -o jsonnet prints. It is the program that Compile gives, formatted as
// jsonnetfmt formats it, with the file's first comments on top and plain
// object literals instead of Compile's shortcuts.
func Desugar(filename string, src []byte) (string, error) {
	code, err := compileFile(filename, src, true)
	if err != nil {
		return "", err
	}
	out, err := format(filename, code)
	if err != nil {
		return "", err
	}
	return out, nil
}

// ErrNoFormat is Desugar's error in an engine built without jsonnetfmt's
// printer (the browser's core engine, build tag kubecfg_noschema); the
// full engine has it.
var ErrNoFormat = errors.New("formatting the desugared file needs jsonnetfmt's printer, which this engine is built without; the full engine has it")
