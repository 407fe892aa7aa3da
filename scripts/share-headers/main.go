// Command share-headers writes the Cloudflare _headers file for a static
// site directory (the policy of pkg/site, for Workers static assets):
//
//	go run ./scripts/share-headers [-o FILE] DIR
//
// Without -o it writes DIR/_headers.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kubecfg/kubecfg/pkg/site"
)

func main() {
	out := flag.String("o", "", "output file (default DIR/_headers)")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: share-headers [-o FILE] DIR")
		os.Exit(2)
	}
	dir := flag.Arg(0)
	b, err := site.HeadersFile(os.DirFS(dir))
	if err != nil {
		fmt.Fprintf(os.Stderr, "share-headers: %s: %v\n", dir, err)
		os.Exit(1)
	}
	if *out == "" {
		*out = filepath.Join(dir, "_headers")
	}
	if err := os.WriteFile(*out, b, 0o644); err != nil {
		fmt.Fprintf(os.Stderr, "share-headers: %v\n", err)
		os.Exit(1)
	}
}
