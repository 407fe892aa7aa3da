package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/kubecfg/kubecfg/internal/kubecfg"
)

// addOverlayFlags adds --overlay-code and --overlay-code-file, shared by
// show and eval, filling inv.
func addOverlayFlags(cmd *cobra.Command, inv *kubecfg.Invocation) {
	cmd.Flags().StringVar(&inv.OverlayCode, "overlay-code", "", "Jsonnet code merged into each input: (import INPUT) + (CODE)")
	cmd.Flags().StringVar(&inv.OverlayCodeFile, "overlay-code-file", "", "File of Jsonnet code merged into each input")
	cmd.MarkFlagsMutuallyExclusive("overlay-code", "overlay-code-file")
}

func newShowCmd(g *globals) *cobra.Command {
	inv := &kubecfg.Invocation{Command: "show"}
	cmd := &cobra.Command{
		Use:   "show [FILE...]",
		Short: "Show expanded resource definitions",
		RunE:  g.runE(prologue{inv: inv}, g.run),
	}
	cmd.Flags().StringVarP(&inv.Output, "format", "o", "yaml", "Output format.  Supported values are: json, yaml")
	cmd.Flags().StringVarP(&inv.Exec, "exec", "e", "", "Inline code (kubecfg is predefined in it)")
	cmd.Flags().StringVar(&inv.ExportDir, "export-dir", "", "Write each object to its own file in this directory, which is created and must be empty if it exists")
	cmd.Flags().StringVar(&inv.ExportNames, "export-filename-format", kubecfg.DefaultExportNameFormat, "Go template (with sprig's functions and resourceIndex) of the exported files' paths; a literal / makes a subdirectory")
	cmd.Flags().StringVar(&inv.ExportExt, "export-filename-extension", "", "Extension of the exported files (default: the output format)")
	cmd.Flags().BoolVar(&inv.ShowProvenance, "show-provenance", false, "Annotate each object with the input and the field path it comes from")
	cmd.Flags().StringVar(&inv.Reorder, "reorder", "", "--reorder=client: order resources as kubecfg's update command applies them, offline (feature client-reorder). --reorder=server: the same, asking a cluster (not supported by this build)")
	addOverlayFlags(cmd, inv)
	return cmd
}

// writeExport writes show's export files into dir as kubecfg does: the
// directory is made and must be empty; each file is made with its
// directories and must not exist yet (two objects of one name collide).
func writeExport(dir string, files []kubecfg.ExportFile) error {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return err
	}
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	_, err = f.Readdirnames(1)
	f.Close()
	if err == nil {
		return fmt.Errorf("export directory %q is not empty", dir)
	} else if err != io.EOF {
		return err
	}
	for _, file := range files {
		p := filepath.Join(dir, filepath.FromSlash(file.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			return err
		}
		f, err := os.OpenFile(p, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o666)
		if err != nil {
			return err
		}
		_, err = f.WriteString(file.Data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func newEvalCmd(g *globals) *cobra.Command {
	inv := &kubecfg.Invocation{Command: "eval"}
	cmd := &cobra.Command{
		Use:   "eval FILE",
		Short: "Evaluate an expression against a file's value (alpha: --features=eval)",
		Args:  cobra.MaximumNArgs(1),
		RunE:  g.runE(prologue{inv: inv}, g.run),
	}
	cmd.Flags().StringVarP(&inv.Expr, "expr", "e", "", "Expression to evaluate against the file's value, $ (kubecfg is predefined in it)")
	cmd.Flags().BoolVarP(&inv.ShowKeys, "show-keys", "k", false, "Print the keys of the result instead of the result")
	cmd.Flags().StringVarP(&inv.Output, "format", "o", "yaml", "Output format. Supported values are: json, yaml, jsonnet (the compiled Jsonnet of a .yakl file)")
	cmd.Flags().StringVar(&inv.Exec, "exec", "", "Inline code to evaluate instead of a file (kubecfg is predefined in it)")
	cmd.Flags().BoolVar(&inv.Trace, "trace", false, "Print a causal trace: the source lines whose fields feed the result (on standard error)")
	addOverlayFlags(cmd, inv)
	return cmd
}
