// Package gopin checks that the Go building the project is the one go.mod
// pins with its toolchain line. The go line says which language version
// the code needs; the toolchain line names the one release the project is
// built and tested with, so that a fresh machine (CI's) does not build
// with another Go without saying so. The package's test compares the
// running Go (runtime.Version) with go.mod's line.
package gopin

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"
)

// Toolchain returns the release go.mod's toolchain line names ("go1.26.8"),
// or an error when the file has no toolchain line.
func Toolchain(gomod []byte) (string, error) {
	sc := bufio.NewScanner(bytes.NewReader(gomod))
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 2 && fields[0] == "toolchain" {
			return fields[1], nil
		}
	}
	if err := sc.Err(); err != nil {
		return "", fmt.Errorf("reading go.mod: %w", err)
	}
	return "", fmt.Errorf("go.mod has no toolchain line: add one with go mod edit -toolchain=%s", "goX.Y.Z")
}

// Check reports an error, saying what to do, when running (a
// runtime.Version) is not the release gomod's toolchain line pins.
// A development build's version ("devel go1.27-abc…") is never the pinned
// one.
func Check(gomod []byte, running string) error {
	pinned, err := Toolchain(gomod)
	if err != nil {
		return err
	}
	if running != pinned {
		return fmt.Errorf("this is built with %s but go.mod pins %s (its toolchain line): "+
			"install %s, or build with GOTOOLCHAIN=auto (the go command then fetches it), "+
			"or move the pin with go mod edit -toolchain=%s after testing with it",
			running, pinned, pinned, running)
	}
	return nil
}
