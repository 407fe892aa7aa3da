package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/kubecfg/kubecfg/pkg/features"
)

func newFeaturesCmd(g *globals) *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "features",
		Short: "List the feature gates and whether each is on, with the source that decided it",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, err := g.config(nil)
			if err != nil {
				return err
			}
			switch format {
			case "table", "":
				_, err = fmt.Fprint(g.stdout, features.Table(cfg.Gates))
				return err
			case "json":
				b, err := features.JSON(cfg.Gates)
				if err != nil {
					return err
				}
				_, err = fmt.Fprintf(g.stdout, "%s\n", b)
				return err
			}
			return fmt.Errorf("Unknown --format: %s", format)
		},
	}
	cmd.Flags().StringVarP(&format, "format", "o", "table", "Output format: table or json")
	return cmd
}
