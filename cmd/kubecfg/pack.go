package main

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kubecfg/kubecfg/internal/bundle"
	"github.com/kubecfg/kubecfg/internal/oci"
	"github.com/kubecfg/kubecfg/internal/pack"
	"github.com/kubecfg/kubecfg/pkg/features"
	"github.com/kubecfg/kubecfg/pkg/kubecfg"
)

// packFlags are pack's own flags, kubecfg's.
type packFlags struct {
	output      string
	insecure    bool
	docsTarFile string
	annotations []string
}

// newPackCmd is kubecfg's alpha pack: the root and the files it imports
// pushed to an OCI registry as a bundle (docs/pack.md).
func newPackCmd(g *globals) *cobra.Command {
	var f packFlags
	cmd := &cobra.Command{
		Use:   "pack [flags] oci_package root_jsonnet_file",
		Short: "Create and push an OCI package (alpha: --features=pack)",
		RunE: g.runE(prologue{gate: features.Pack}, func(c *command) error {
			// The gate first, then cobra's check, in cobra's words.
			if err := cobra.ExactArgs(2)(c.cmd, c.args); err != nil {
				return err
			}
			root := c.args[1]
			if err := f.run(c, c.args[0], root); err != nil {
				return fmt.Errorf("packing %q: %w", root, err)
			}
			return nil
		}),
	}
	fl := cmd.Flags()
	fl.StringVar(&f.output, "output", "", "Output archive file. Don't push to OCI but just dump into a file")
	fl.BoolVar(&f.insecure, "insecure-registry", false, "Use HTTP instead of HTTPS to access the OCI registry")
	fl.StringVar(&f.docsTarFile, "docs-tar-file", "", "Optional tar.gz file containing a documentation bundle")
	fl.StringSliceVar(&f.annotations, "annotation", nil, "Annotations to add to the OCI image manifest")
	return cmd
}

func (f packFlags) run(c *command, refArg, root string) error {
	if isURL(root) {
		return fmt.Errorf("unsupported scheme: %s", root)
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		return err
	}
	rootURL := (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
	s, err := c.cfg.NewSession()
	if err != nil {
		return err
	}
	b, err := pack.Collect(s, rootURL)
	if err != nil {
		return err
	}
	body, err := bundle.Body(b.Files)
	if err != nil {
		return err
	}
	if f.output != "" {
		return os.WriteFile(f.output, body, 0o666)
	}
	meta, err := pack.Metadata(s, rootURL, kubecfg.Version, b.Features)
	if err != nil {
		return err
	}
	config, err := pack.Config(b.Entrypoint, meta)
	if err != nil {
		return err
	}
	a := oci.Artifact{Body: body, Config: config, Revision: pack.Revision(root), Annotations: map[string]string{}}
	if f.docsTarFile != "" {
		if !strings.HasSuffix(f.docsTarFile, ".tar.gz") && !strings.HasSuffix(f.docsTarFile, ".tgz") {
			return fmt.Errorf("--docs-tar-file currently supports only gzipped tar archives (required .tar.gz or .tgz file extension)")
		}
		if a.Docs, err = os.ReadFile(f.docsTarFile); err != nil {
			return err
		}
	}
	for _, an := range f.annotations {
		k, v, ok := strings.Cut(an, "=")
		if !ok {
			return fmt.Errorf("invalid annotation: %q", an)
		}
		a.Annotations[k] = v
	}
	ref, err := bundle.ParseRef(refArg)
	if err != nil {
		return err
	}
	_, err = oci.Push(context.Background(), ref, a, oci.Options{PlainHTTP: f.insecure})
	return err
}
