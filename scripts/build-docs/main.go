// build-docs renders the docs pages that hold runnable examples
// (docs/*.md with <!-- kubecfg-example: NAME --> regions, the examples in
// docs/examples/*.txtar) to static HTML in static/docs/: index.html, one
// NAME.html per page and docs.css. Each example is highlighted by chroma
// for readers without JavaScript and made live by embed.js. It fails when a
// page's example blocks are out of step with docs/examples (go test
// ./internal/docsite -update rewrites them). Run from the module root:
// go run ./scripts/build-docs
package main

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/kubecfg/kubecfg/internal/docsite"
)

func main() {
	docs := flag.String("docs", "docs", "the docs folder")
	out := flag.String("o", "static/docs", "the folder to write the pages to (it is replaced)")
	flag.Parse()
	if err := build(*docs, *out); err != nil {
		fmt.Fprintln(os.Stderr, "build-docs:", err)
		os.Exit(1)
	}
}

func build(docs, out string) error {
	site, err := docsite.Load(docs)
	if err != nil {
		return err
	}
	stale, err := site.Stale()
	if err != nil {
		return err
	}
	if len(stale) > 0 {
		var names []string
		for p := range stale {
			names = append(names, p)
		}
		sort.Strings(names)
		return fmt.Errorf("%s: example blocks differ from docs/examples; run go test ./internal/docsite -update", strings.Join(names, ", "))
	}
	if err := site.Write(out); err != nil {
		return err
	}
	fmt.Printf("build-docs: %d pages, %d examples in %s\n", len(site.Pages), len(site.Order), out)
	return nil
}
