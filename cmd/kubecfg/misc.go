package main

import (
	"fmt"

	jsonnet "github.com/google/go-jsonnet"
	"github.com/spf13/cobra"

	"github.com/kubecfg/kubecfg/internal/kubecfg"
	"github.com/kubecfg/kubecfg/pkg/features"
)

var featureEval = features.Eval

func newVersionCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print version information",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			_, err := fmt.Fprintf(g.stdout, "kubecfg version: %s\njsonnet version: %s\n", kubecfg.Version, jsonnet.Version())
			return err
		},
	}
}
