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

func main() {
	ref := flag.String("ref", "", "the reference kubecfg binary (required)")
	bin := flag.String("bin", "", "this project's kubecfg (default: built from ./cmd/kubecfg)")
	run := flag.String("run", "", "only cases whose name matches this regular expression")
	verbose := flag.Bool("v", false, "print both outputs of a differing case in full")
	flag.Parse()
	if *ref == "" || flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: kubecfg-diff -ref KUBECFG [-bin KUBECFG] [-run RE] [-v] SUITE...")
		os.Exit(2)
	}
	filter, err := regexp.Compile(*run)
	if err != nil {
		fail(err)
	}
	if *bin == "" {
		dir, err := os.MkdirTemp("", "kubecfg-diff")
		if err != nil {
			fail(err)
		}
		defer os.RemoveAll(dir)
		*bin = filepath.Join(dir, "kubecfg")
		build := exec.Command("go", "build", "-o", *bin, "./cmd/kubecfg")
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			fail(err)
		}
	}
	for _, p := range []*string{ref, bin} {
		if *p, err = filepath.Abs(*p); err != nil {
			fail(err)
		}
	}
	same, differ := 0, 0
	for _, suite := range flag.Args() {
		cases, err := realworld.Load(suite)
		if err != nil {
			fail(err)
		}
		dir, err := realworld.CopyTemp(suite)
		if err != nil {
			fail(err)
		}
		for _, c := range cases {
			if !filter.MatchString(c.Name) {
				continue
			}
			want, err := realworld.Run(*ref, dir, c)
			if err != nil {
				fail(err)
			}
			got, err := realworld.Run(*bin, dir, c)
			if err != nil {
				fail(err)
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
		os.RemoveAll(filepath.Dir(dir))
	}
	fmt.Printf("%d same, %d differ\n", same, differ)
	if differ > 0 {
		os.Exit(1)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "kubecfg-diff:", err)
	os.Exit(2)
}
