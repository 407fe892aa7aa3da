package main

import (
	"fmt"
	"net/http"

	"github.com/spf13/cobra"

	"github.com/kubecfg/kubecfg/internal/hook"
	"github.com/kubecfg/kubecfg/pkg/features"
)

func newHttpdCmd(g *globals) *cobra.Command {
	var addr string
	cmd := &cobra.Command{
		Use:   "httpd FILE.jsonnet...",
		Short: "Serve Jsonnet files as webhooks at /NAME (alpha: --features=httpd)",
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, err := g.config(args)
			if err != nil {
				return err
			}
			if err := cfg.Gates.Require(features.Httpd); err != nil {
				return err
			}
			h, err := hook.Handler(cfg, args)
			if err != nil {
				return err
			}
			fmt.Fprintf(g.stderr, "listening on %s\n", addr)
			return http.ListenAndServe(addr, h)
		},
	}
	cmd.Flags().StringVarP(&addr, "listen-addr", "l", ":8080", "Address to listen on")
	return cmd
}
