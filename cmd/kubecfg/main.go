// Command kubecfg evaluates Jsonnet (and YAKL) into Kubernetes objects:
// show, eval, features, version, httpd and playground. Flags, output and
// error texts follow kubecfg; feature gates follow RFC05 and the predefined
// kubecfg follows RFC06. All logic lives in pkg/ and internal/; this is flags
// and printing.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/kubecfg/kubecfg/internal/kubecfg"
)

func main() { os.Exit(supervise(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }

// run executes one command line and returns its exit status. Errors go to
// stderr as plain text, followed by a hint where one applies.
func run(args []string, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "internal error: %v\n", r)
			code = 1
		}
	}()
	root := newRoot(stdout, stderr)
	root.SetArgs(args)
	if err := root.Execute(); err != nil {
		fmt.Fprint(stderr, kubecfg.ErrorText(err))
		var coded interface{ ExitCode() int }
		if errors.As(err, &coded) {
			return coded.ExitCode()
		}
		return 1
	}
	return 0
}
