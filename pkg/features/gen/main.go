// Command gen writes docs/features.md, the docs page listing every
// feature gate, from the registry in pkg/features.
//
//	go run ./pkg/features/gen [-o docs/features.md]
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/kubecfg/kubecfg/pkg/features"
)

func main() {
	out := flag.String("o", "docs/features.md", "file to write")
	flag.Parse()
	if err := os.WriteFile(*out, features.Std().Markdown(), 0o644); err != nil {
		fmt.Fprintf(os.Stderr, "gen: %v\n", err)
		os.Exit(1)
	}
}
