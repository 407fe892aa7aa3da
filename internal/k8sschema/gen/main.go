// Command gen writes internal/k8sschema/data/1.NN.json: the OpenAPI v3
// schemas of the built-in Kubernetes kinds of one minor, read out of the
// module cache's copy of sigs.k8s.io/kubectl-validate (which embeds them,
// Apache-2.0), stripped to what pkg/validate checks and merged into one
// compact document per minor. The format is described in
// internal/k8sschema's package documentation. With -kinds it also writes
// internal/k8sschema/kinds' Go table: per built-in group/kind, whether it
// is cluster-scoped and whether it holds a PodSpec.
//
//	go run ./internal/k8sschema/gen [-o DIR] [-module MODULE@VERSION] [-minors 31-35] [-kinds FILE]
package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// Module is the module whose embedded schemas the generator reads.
const Module = "sigs.k8s.io/kubectl-validate@v0.0.5-0.20260105161640-a97ccfaca20b"

func main() {
	out := flag.String("o", "internal/k8sschema/data", "directory to write 1.NN.json into")
	module := flag.String("module", Module, "module@version holding pkg/openapiclient/builtins")
	minors := flag.String("minors", "31-35", "range of 1.NN minors to write")
	sizes := flag.Bool("sizes", true, "print raw and gzip sizes")
	kinds := flag.String("kinds", "", "also write the Go table of each kind's scope and PodSpec (internal/k8sschema/kinds/kinds_gen.go) to this file")
	flag.Parse()
	if err := run(*out, *module, *minors, *kinds, *sizes); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(out, module, minors, kinds string, sizes bool) error {
	lo, hi, err := parseRange(minors)
	if err != nil {
		return err
	}
	dir, err := moduleDir(module)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	facts := map[string]*kindFacts{}
	for n := lo; n <= hi; n++ {
		version := fmt.Sprintf("1.%d", n)
		src := filepath.Join(dir, "pkg", "openapiclient", "builtins", version)
		if kinds != "" {
			if err := KindFacts(src, facts); err != nil {
				return fmt.Errorf("%s: %w", version, err)
			}
		}
		doc, err := Build(src, version, module)
		if err != nil {
			return fmt.Errorf("%s: %w", version, err)
		}
		path := filepath.Join(out, version+".json")
		if err := os.WriteFile(path, doc, 0o644); err != nil {
			return err
		}
		if sizes {
			fmt.Printf("%s: %d bytes raw, %d bytes gzip\n", path, len(doc), gzipSize(doc))
		}
	}
	if kinds == "" {
		return nil
	}
	src, err := EncodeKinds(facts, fmt.Sprintf("1.%d to 1.%d", lo, hi))
	if err != nil {
		return err
	}
	return os.WriteFile(kinds, src, 0o644)
}

func parseRange(s string) (int, int, error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		b = a
	}
	lo, err1 := strconv.Atoi(a)
	hi, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || lo > hi {
		return 0, 0, fmt.Errorf("bad -minors %q: want N or N-M", s)
	}
	return lo, hi, nil
}

// moduleDir asks the go command where module@version is in the module
// cache (downloading it if it is not there yet).
func moduleDir(module string) (string, error) {
	cmd := exec.Command("go", "mod", "download", "-json", module)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go mod download %s: %w: %s", module, err, stderr.String())
	}
	var info struct{ Dir, Error string }
	if err := json.Unmarshal(b, &info); err != nil {
		return "", fmt.Errorf("go mod download %s: %w", module, err)
	}
	if info.Error != "" || info.Dir == "" {
		return "", fmt.Errorf("go mod download %s: %s", module, info.Error)
	}
	return info.Dir, nil
}

func gzipSize(b []byte) int {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	w.Write(b)
	w.Close()
	return buf.Len()
}
