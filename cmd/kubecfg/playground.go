package main

import (
	"github.com/spf13/cobra"

	"github.com/kubecfg/kubecfg/pkg/features"
	"github.com/kubecfg/kubecfg/pkg/share"
)

func newPlaygroundCmd(g *globals) *cobra.Command {
	var addr, dataDir, staticDir string
	rl := share.DefaultRateLimit
	cmd := &cobra.Command{
		Use:   "playground",
		Short: "Serve the browser playground and the share service (alpha: --features=playground)",
		Args:  cobra.NoArgs,
		RunE: g.runE(prologue{gate: features.Playground}, func(c *command) error {
			return servePlayground(c.cmd.Context(), g, addr, dataDir, staticDir, share.WithRateLimit(rl))
		}),
	}
	cmd.Flags().StringVarP(&addr, "listen-addr", "l", "127.0.0.1:8080", "Address to listen on")
	cmd.Flags().StringVar(&dataDir, "data-dir", defaultDataDir(), "Directory for the share service's database")
	cmd.Flags().StringVar(&staticDir, "static-dir", "", "Serve the site from this directory instead of the built-in copy")
	cmd.Flags().Var(&rl, "share-rate-limit", "Per-client rate limit of the share API: off, RATE or RATE:BURST (requests per second)")
	return cmd
}
