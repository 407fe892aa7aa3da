//go:build !kubecfg_noschema

package yakl

import "github.com/google/go-jsonnet/formatter"

// format is Desugar's last step: the program formatted as jsonnetfmt
// formats it.
func format(filename, code string) (string, error) {
	out, err := formatter.Format(filename, code, formatter.DefaultOptions())
	if err != nil {
		return "", errorf(filename, 1, 1, "formatting the desugared file: %v", err)
	}
	return out, nil
}
