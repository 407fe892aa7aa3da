package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/kubecfg/kubecfg/pkg/kubecfg"
)

// overlayFlags are --overlay-code and --overlay-code-file, shared by show
// and eval.
type overlayFlags struct{ code, file string }

func (o *overlayFlags) add(cmd *cobra.Command) {
	cmd.Flags().StringVar(&o.code, "overlay-code", "", "Jsonnet code merged into each input: (import INPUT) + (CODE)")
	cmd.Flags().StringVar(&o.file, "overlay-code-file", "", "File of Jsonnet code merged into each input")
	cmd.MarkFlagsMutuallyExclusive("overlay-code", "overlay-code-file")
}

func (o *overlayFlags) overlay() kubecfg.Overlay { return kubecfg.Overlay{Code: o.code, File: o.file} }

func newShowCmd(g *globals) *cobra.Command {
	var (
		inv     = kubecfg.Invocation{Command: "show"}
		reorder string
		ov      overlayFlags
	)
	cmd := &cobra.Command{
		Use:   "show [FILE...]",
		Short: "Show expanded resource definitions",
		RunE: func(cmd *cobra.Command, args []string) error {
			inv.Inputs, inv.Overlay = args, ov.overlay()
			s, err := g.session(&inv)
			if err != nil {
				return err
			}
			objs, names, err := inv.ShowObjects(s)
			if err != nil {
				return err
			}
			switch reorder { // after the read, as kubecfg checks it
			case "":
			case "server":
				return fmt.Errorf("--reorder=server is not supported by this build of kubecfg (it cannot reach a cluster)")
			default:
				return fmt.Errorf("unsupported %q reordering", reorder)
			}
			if inv.ExportDir != "" {
				return writeExport(inv, objs, names)
			}
			out, err := kubecfg.FormatObjects(objs, inv.Output)
			if err != nil {
				return err
			}
			_, err = fmt.Fprint(g.stdout, out)
			return err
		},
	}
	cmd.Flags().StringVarP(&inv.Output, "format", "o", "yaml", "Output format.  Supported values are: json, yaml")
	cmd.Flags().StringVarP(&inv.Exec, "exec", "e", "", "Inline code (kubecfg is predefined in it)")
	cmd.Flags().StringVar(&inv.ExportDir, "export-dir", "", "Write each object to its own file in this directory, which is created and must be empty if it exists")
	cmd.Flags().StringVar(&inv.ExportNames, "export-filename-format", kubecfg.DefaultExportNameFormat, "Go template (with sprig's functions and resourceIndex) of the exported files' paths; a literal / makes a subdirectory")
	cmd.Flags().StringVar(&inv.ExportExt, "export-filename-extension", "", "Extension of the exported files (default: the output format)")
	cmd.Flags().BoolVar(&inv.Provenance, "show-provenance", false, "Annotate each object with the input and the field path it comes from")
	cmd.Flags().StringVar(&reorder, "reorder", "", "--reorder=server: reorder resources as kubecfg's update command does (needs a cluster: not supported by this build)")
	ov.add(cmd)
	return cmd
}

// writeExport writes show's objects into inv.ExportDir as kubecfg does:
// the directory is made and must be empty; each file is made with its
// directories and must not exist yet (two objects of one name collide).
// A file that cannot be rendered stops the export after the ones before it.
func writeExport(inv kubecfg.Invocation, objs []kubecfg.Object, names *kubecfg.ExportNames) error {
	dir := inv.ExportDir
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
	files, renderErr := inv.Export(objs, names)
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
	return renderErr
}

func newEvalCmd(g *globals) *cobra.Command {
	var (
		inv = kubecfg.Invocation{Command: "eval"}
		ov  overlayFlags
	)
	cmd := &cobra.Command{
		Use:   "eval FILE",
		Short: "Evaluate an expression against a file's value (alpha: --features=eval)",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			inv.Inputs, inv.Overlay = args, ov.overlay()
			if !inv.Trace {
				return g.run(inv)
			}
			// --trace: the result, then its causal trace on standard error.
			s, err := g.session(&inv)
			if err != nil {
				return err
			}
			out, err := inv.Run(s)
			if err != nil {
				return err
			}
			if _, err := fmt.Fprint(g.stdout, out); err != nil {
				return err
			}
			t, err := s.EvalTrace(inv.EvalOptions())
			if err != nil {
				return err
			}
			_, err = fmt.Fprint(g.stderr, t.Text(false))
			return err
		},
	}
	cmd.Flags().StringVarP(&inv.Expr, "expr", "e", "", "Expression to evaluate against the file's value, $ (kubecfg is predefined in it)")
	cmd.Flags().BoolVarP(&inv.ShowKeys, "show-keys", "k", false, "Print the keys of the result instead of the result")
	cmd.Flags().StringVarP(&inv.Output, "format", "o", "yaml", "Output format. Supported values are: json, yaml, jsonnet (the compiled Jsonnet of a .yakl file)")
	cmd.Flags().StringVar(&inv.Exec, "exec", "", "Inline code to evaluate instead of a file (kubecfg is predefined in it)")
	cmd.Flags().BoolVar(&inv.Trace, "trace", false, "Print a causal trace: the source lines whose fields feed the result (on standard error)")
	ov.add(cmd)
	return cmd
}
