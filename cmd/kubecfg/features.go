package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/kubecfg/kubecfg/pkg/features"
)

// newFeaturesCmd is kubecfg features [-o table|json] (RFC05): every
// registered feature, whether it is on for this invocation, and the source
// that decided it (--features, the rc file, --alpha or the default).
func newFeaturesCmd(g *globals) *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "features",
		Short: "List the feature gates and whether each is on, with the source that decided it",
		Args:  cobra.NoArgs,
		RunE: g.runE(prologue{}, func(c *command) error {
			var out []byte
			switch format {
			case "table":
				out = []byte(features.Table(c.cfg.Gates))
			case "json":
				var err error
				if out, err = features.JSON(c.cfg.Gates); err != nil {
					return err
				}
			default:
				return fmt.Errorf("Unknown --format: %s", format)
			}
			_, err := g.stdout.Write(out)
			return err
		}),
	}
	cmd.Flags().StringVarP(&format, "format", "o", "table", "Output format: table or json")
	return cmd
}
