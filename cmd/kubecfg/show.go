package main

import (
	"fmt"

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
		format, exec, exportDir, reorder string
		ov                               overlayFlags
	)
	cmd := &cobra.Command{
		Use:   "show [FILE...]",
		Short: "Show expanded resource definitions",
		RunE: func(cmd *cobra.Command, args []string) error {
			if exportDir != "" {
				return fmt.Errorf("--export-dir is not supported by this build of kubecfg")
			}
			out, err := g.output(kubecfg.Invocation{Command: "show", Inputs: args, Exec: exec, Overlay: ov.overlay(), Output: format})
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
			_, err = fmt.Fprint(g.stdout, out)
			return err
		},
	}
	cmd.Flags().StringVarP(&format, "format", "o", "yaml", "Output format.  Supported values are: json, yaml")
	cmd.Flags().StringVarP(&exec, "exec", "e", "", "Inline code (kubecfg is predefined in it)")
	cmd.Flags().StringVar(&exportDir, "export-dir", "", "Write each object to its own file in this directory (not supported by this build)")
	cmd.Flags().StringVar(&reorder, "reorder", "", "--reorder=server: reorder resources as kubecfg's update command does (needs a cluster: not supported by this build)")
	ov.add(cmd)
	return cmd
}

func newEvalCmd(g *globals) *cobra.Command {
	var (
		inv   = kubecfg.Invocation{Command: "eval"}
		trace bool
		ov    overlayFlags
	)
	cmd := &cobra.Command{
		Use:   "eval FILE",
		Short: "Evaluate an expression against a file's value (alpha: --features=eval)",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			inv.Inputs, inv.Overlay = args, ov.overlay()
			if trace {
				cfg, err := g.config(args)
				if err != nil {
					return err
				}
				if err := cfg.Gates.Require(featureEval); err != nil {
					return err
				}
				return fmt.Errorf("--trace is not supported by this build of kubecfg")
			}
			return g.run(inv)
		},
	}
	cmd.Flags().StringVarP(&inv.Expr, "expr", "e", "", "Expression to evaluate against the file's value, $ (kubecfg is predefined in it)")
	cmd.Flags().BoolVarP(&inv.ShowKeys, "show-keys", "k", false, "Print the keys of the result instead of the result")
	cmd.Flags().StringVarP(&inv.Output, "format", "o", "yaml", "Output format. Supported values are: json, yaml, jsonnet (the compiled Jsonnet of a .yakl file)")
	cmd.Flags().StringVar(&inv.Exec, "exec", "", "Inline code to evaluate instead of a file (kubecfg is predefined in it)")
	cmd.Flags().BoolVar(&trace, "trace", false, "Print the files the result came from (not supported by this build)")
	ov.add(cmd)
	return cmd
}
