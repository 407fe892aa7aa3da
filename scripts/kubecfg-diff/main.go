// Command kubecfg-diff runs a suite of kubecfg command lines (a directory
// with cases.txt and in/, laid out as ../shared/testdata/kubecfg-realworld)
// with a reference kubecfg and with this project's, and prints every case
// whose stdout, stderr or exit status differ. It is a developer's tool,
// not part of make test: the reference binary is built by hand from
// kubecfg's public source (see docs/realworld.md), and the corpora stay
// outside the repository.
//
//	go run ./scripts/kubecfg-diff -ref /path/to/kubecfg [-bin bin/kubecfg] [-v] SUITE...
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"

	"github.com/kubecfg/kubecfg/internal/realworld"
)

func main() { os.Exit(run()) }

// run returns the exit status: 0 when every case is the same, 1 when some
// differ, 2 when the harness itself failed. Its temporary directories are
// removed on every path.
func run() int {
	ref := flag.String("ref", "", "the reference kubecfg binary (required)")
	bin := flag.String("bin", "", "this project's kubecfg (default: built from ./cmd/kubecfg)")
	run := flag.String("run", "", "only cases whose name matches this regular expression")
	verbose := flag.Bool("v", false, "print both outputs of a differing case in full")
	flag.Parse()
	if *ref == "" || flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: kubecfg-diff -ref KUBECFG [-bin KUBECFG] [-run RE] [-v] SUITE...")
		return 2
	}
	filter, err := regexp.Compile(*run)
	if err != nil {
		return fail(err)
	}
	if *bin == "" {
		dir, err := os.MkdirTemp("", "kubecfg-diff")
		if err != nil {
			return fail(err)
		}
		defer os.RemoveAll(dir)
		*bin = filepath.Join(dir, "kubecfg")
		build := exec.Command("go", "build", "-o", *bin, "./cmd/kubecfg")
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			return fail(err)
		}
	}
	for _, p := range []*string{ref, bin} {
		if *p, err = filepath.Abs(*p); err != nil {
			return fail(err)
		}
	}
	same, differ := 0, 0
	for _, suite := range flag.Args() {
		cases, err := realworld.Load(suite)
		if err != nil {
			return fail(err)
		}
		// Each binary runs in a copy of its own, so that what one case
		// writes (an --export-dir) is not there for the other.
		refDir, err := realworld.CopyTemp(suite)
		if err != nil {
			return fail(err)
		}
		defer os.RemoveAll(filepath.Dir(refDir))
		binDir, err := realworld.CopyTemp(suite)
		if err != nil {
			return fail(err)
		}
		defer os.RemoveAll(filepath.Dir(binDir))
		for _, c := range cases {
			if !filter.MatchString(c.Name) {
				continue
			}
			want, err := realworld.Run(*ref, refDir, c)
			if err != nil {
				return fail(err)
			}
			got, err := realworld.Run(*bin, binDir, c)
			if err != nil {
				return fail(err)
			}
			d := realworld.Diff(want, got)
			if d == "" {
				same++
				continue
			}
			differ++
			fmt.Printf("--- %s: %s\n%s", c.Name, c.Command, d)
			if *verbose {
				fmt.Printf("reference (exit %d):\n%s%s\nthis kubecfg (exit %d):\n%s%s\n", want.Code, want.Stdout, want.Stderr, got.Code, got.Stdout, got.Stderr)
			}
		}
	}
	fmt.Printf("%d same, %d differ\n", same, differ)
	if differ > 0 {
		return 1
	}
	return 0
}

func fail(err error) int {
	fmt.Fprintln(os.Stderr, "kubecfg-diff:", err)
	return 2
}
