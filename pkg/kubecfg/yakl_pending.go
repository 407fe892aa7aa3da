package kubecfg

import "errors"

// Temporary until pkg/yakl exports Compile and Desugar.
func yaklCompile(string, []byte) (string, error) { return "", errors.New("yakl compiler pending") }
func yaklDesugar(string, []byte) (string, error) { return "", errors.New("yakl compiler pending") }
