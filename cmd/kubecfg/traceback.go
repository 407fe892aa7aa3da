package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kubecfg/kubecfg/internal/kubecfg"
	"github.com/kubecfg/kubecfg/pkg/features"
)

// newTracebackCmd is kubecfg's alpha traceback: the causal trace of one
// line of a show --show-provenance output.
func newTracebackCmd(g *globals) *cobra.Command {
	var all bool
	cmd := &cobra.Command{
		Use:   "traceback FILE.yaml:LINE",
		Short: "Print the source lines that may affect a line of a show --show-provenance output (alpha: --features=traceback)",
		RunE: g.runE(prologue{gate: features.Traceback}, func(c *command) error {
			cfg, args := c.cfg, c.args
			// The gate first, then cobra's check, in cobra's words.
			if err := cobra.ExactArgs(1)(c.cmd, args); err != nil {
				return err
			}
			file, line, err := kubecfg.ParseTracebackArg(args[0])
			if err != nil {
				return err
			}
			src, err := os.ReadFile(file)
			if err != nil {
				return err
			}
			target, err := kubecfg.FindTracebackTarget(src, line)
			if err != nil {
				return err
			}
			// The provenance file is relative to where show ran: kubecfg
			// takes that to be the git work tree around FILE, else here.
			input := target.File
			if !isURL(input) {
				root, err := gitRoot(asWritten(file))
				if err != nil {
					return err
				}
				input = filepath.Join(root, input)
			}
			fmt.Fprintf(g.stderr, "Tracing file=%q, path=%q\n", input, target.Path)
			u := input
			if !isURL(u) {
				abs, err := filepath.Abs(u)
				if err != nil {
					return err
				}
				u = "file://" + filepath.ToSlash(abs)
			}
			s, err := cfg.NewSession()
			if err != nil {
				return err
			}
			trace := s.TraceExpr
			if target.Collection {
				trace = s.TraceCollection
			}
			t, err := trace(u, target.Path)
			if err != nil {
				return err
			}
			_, err = fmt.Fprint(g.stdout, t.Text(all))
			return err
		}),
	}
	cmd.Flags().BoolVar(&all, "all", false, "Do not hide non file:// URLs")
	return cmd
}

// isURL is kubecfg's test for an input that is a URL, not a path.
func isURL(s string) bool {
	for _, p := range []string{"http://", "https://", "oci://", "file://", "data:,"} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// asWritten is file as a path from the current directory when it is under
// it: kubecfg's search for the git work tree goes up the path as written,
// so prov.yaml stops at the current directory while /abs/prov.yaml went on
// past it, to a .git above, and traceback looked for the input there
// instead of beside the file.
func asWritten(file string) string {
	if !filepath.IsAbs(file) {
		return file
	}
	wd, err := os.Getwd()
	if err != nil {
		return file
	}
	rel, err := filepath.Rel(wd, file)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return file
	}
	return rel
}

// gitRoot is the directory of the nearest .git above file's directory,
// going up its path as written (kubecfg's SearchUp), or ".".
func gitRoot(file string) (string, error) {
	for dir := filepath.Dir(file); ; {
		_, err := os.Stat(filepath.Join(dir, ".git"))
		if err == nil {
			return dir, nil
		}
		if !os.IsPermission(err) && !os.IsNotExist(err) {
			return "", err
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ".", nil
		}
		dir = parent
	}
}
