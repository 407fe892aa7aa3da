// Command share-headers writes the Cloudflare _headers and _redirects files
// of a static site directory (the policy and routes of internal/site, for
// Workers static assets):
//
//	go run ./scripts/share-headers DIR
//
// It writes DIR/_headers and DIR/_redirects.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kubecfg/kubecfg/internal/site"
)

func main() {
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: share-headers DIR")
		os.Exit(2)
	}
	dir := flag.Arg(0)
	b, err := site.HeadersFile(os.DirFS(dir))
	if err != nil {
		fmt.Fprintf(os.Stderr, "share-headers: %s: %v\n", dir, err)
		os.Exit(1)
	}
	for name, content := range map[string][]byte{"_headers": b, "_redirects": []byte(site.RedirectsFile)} {
		if err := os.WriteFile(filepath.Join(dir, name), content, 0o644); err != nil {
			fmt.Fprintf(os.Stderr, "share-headers: %v\n", err)
			os.Exit(1)
		}
	}
}
