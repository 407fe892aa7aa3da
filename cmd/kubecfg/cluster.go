package main

import (
	"fmt"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// newClusterCmd registers one of kubecfg's commands that work against a
// cluster (validate, diff, update, delete): this build has no Kubernetes
// client, so it says so instead of "unknown command". Any flags are
// accepted, as the command's own would be.
func newClusterCmd(name, short string) *cobra.Command {
	return &cobra.Command{
		Use:                name,
		Short:              short + " (needs a cluster: not in this build)",
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			for _, a := range args {
				if a == "-h" || a == "--help" {
					return cmd.Help()
				}
			}
			return fmt.Errorf("kubecfg %s works against a cluster, and this build of kubecfg has no Kubernetes client: use kubecfg's own build (kubecfg show prints what it would send)", name)
		},
	}
}

// addClusterFlags registers the flags kubecfg takes for reaching a
// cluster (kubectl's client flags, --qps-limit) and -v/--verbose. This
// build's commands never contact a cluster, so they change nothing; they
// are accepted so that a kubecfg command line (kubecfg -n prod show
// app.jsonnet, a CI script with --context) runs here as it is.
func addClusterFlags(f *pflag.FlagSet) {
	const note = " (accepted for kubecfg compatibility; no command of this build contacts a cluster)"
	for _, s := range []struct{ name, short, usage string }{
		{"as", "", "Username to impersonate for the operation"},
		{"as-uid", "", "UID to impersonate for the operation"},
		{"certificate-authority", "", "Path to a cert file for the certificate authority"},
		{"client-certificate", "", "Path to a client certificate file for TLS"},
		{"client-key", "", "Path to a client key file for TLS"},
		{"cluster", "", "The name of the kubeconfig cluster to use"},
		{"context", "", "The name of the kubeconfig context to use"},
		{"kubeconfig", "", "Path to a kube config"},
		{"namespace", "n", "If present, the namespace scope for this CLI request"},
		{"password", "", "Password for basic authentication to the API server"},
		{"proxy-url", "", "If provided, this URL will be used to connect via proxy"},
		{"request-timeout", "", "The length of time to wait before giving up on a single server request"},
		{"server", "", "The address and port of the Kubernetes API server"},
		{"tls-server-name", "", "If provided, this name will be used to validate server certificate"},
		{"token", "", "Bearer token for authentication to the API server"},
		{"user", "", "The name of the kubeconfig user to use"},
		{"username", "", "Username for basic authentication to the API server"},
	} {
		f.StringP(s.name, s.short, "", s.usage+note)
	}
	f.StringArray("as-group", nil, "Group to impersonate for the operation"+note)
	f.Bool("disable-compression", false, "Opt out of response compression for all requests to the server"+note)
	f.Bool("insecure-skip-tls-verify", false, "Do not check the server's certificate"+note)
	f.Float32("qps-limit", 0, "Override k8s REST client-side rate limiting"+note)
	f.CountP("verbose", "v", "Increase verbosity. May be given multiple times. (accepted for kubecfg compatibility)")
}
