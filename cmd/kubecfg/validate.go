package main

import (
	"io"

	"github.com/spf13/cobra"

	"github.com/kubecfg/kubecfg/internal/kubecfg"
	"github.com/kubecfg/kubecfg/pkg/features"
)

// validateShort is validate's line in kubecfg's help.
const validateShort = "Compare generated manifest against server OpenAPI spec (needs a cluster: not in this build); with --features=offline-validate, against the built-in Kubernetes schemas"

// newValidateCmd is kubecfg validate. With the offline-validate feature
// on, it reads its inputs as show does and checks the objects against the
// built-in schemas of a Kubernetes minor, a line per problem on standard
// error (FILE:LINE: KIND NAME: PATH: MESSAGE), exit status 1 when any
// object is invalid. With it off, it is kubecfg's cluster command, which
// this build does not have (newClusterCmd): any flags, one sentence.
//
// Flags are parsed here, not by cobra: whether the feature is on decides
// which flags the command takes, and the feature can be turned on by
// --features, KUBECFG_FEATURES, --alpha or the rc file found from the
// inputs. A first, lenient parse on a command tree of its own finds
// that out; with the feature on, the command's flags are parsed for real.
func newValidateCmd(g *globals) *cobra.Command {
	cluster := newClusterCmd("validate", "Compare generated manifest against server OpenAPI spec")
	inv := &kubecfg.Invocation{Command: "validate"}
	var ignoreUnknown bool
	cmd := &cobra.Command{
		Use:                "validate [FILE...]",
		Short:              validateShort,
		DisableFlagParsing: true,
		RunE: gatedRunE(cluster, offlineValidateOn, func(cmd *cobra.Command) error {
			inv.ReportUnknown = !ignoreUnknown
			return g.runE(prologue{inv: inv, gate: features.OfflineValidate}, g.run)(cmd, cmd.Flags().Args())
		}),
	}
	f := cmd.Flags()
	f.StringVar(&inv.KubernetesVersion, "kubernetes-version", kubecfg.DefaultKubernetesVersion, "The Kubernetes minor whose built-in schemas check the objects: "+joinVersions())
	f.BoolVar(&ignoreUnknown, "ignore-unknown", true, "Don't fail if the schema for a given resource type is not found (a note says it was skipped)")
	f.BoolVar(&inv.RepeatEval, "repeat-eval", false, "Repeat evaluation twice to verify idempotency (kubecfg's default is true; this build's evaluation is deterministic)")
	f.StringArrayVar(&inv.CRDs, "crd", nil, "A file of CustomResourceDefinitions whose custom resources are checked too; may be repeated")
	f.StringVarP(&inv.Exec, "exec", "e", "", "Inline code (kubecfg is predefined in it)")
	addOverlayFlags(cmd, inv)
	return cmd
}

// gatedRunE is the RunE of a kubecfg command that a feature extends
// offline (validate, diff): while on(args) is false, cluster's command, as
// kubecfg has it; otherwise args parsed as cmd's own flags (--help prints
// its help) and run given cmd.
func gatedRunE(cluster *cobra.Command, on func([]string) bool, run func(cmd *cobra.Command) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		if !on(args) {
			return cluster.RunE(cmd, args)
		}
		cmd.DisableFlagParsing = false
		if err := cmd.ParseFlags(args); err != nil {
			return err
		}
		if help, _ := cmd.Flags().GetBool("help"); help {
			return cmd.Help()
		}
		return run(cmd)
	}
}

// offlineValidateOn says whether the offline-validate feature is on for a
// validate command line (its arguments after the command's name, the
// global flags among them): the flags parsed leniently (unknown ones
// ignored) on a command tree of its own, the gates resolved as the
// prologue resolves them. When they cannot be (an unknown feature, a
// broken rc file), the feature is on if --alpha or --features (or their
// environment variables) turn it on, and the command then reports that
// error; otherwise it is the cluster command's, which reads nothing.
func offlineValidateOn(args []string) bool {
	g, cmd, ok := parseLeniently("validate", args)
	return ok && gateOn(g, cmd, "validate", features.OfflineValidate)
}

// parseLeniently parses a command line of the command name (its
// arguments after the name, the global flags among them) on a command
// tree of its own, unknown flags ignored; ok is false when it does not
// parse.
func parseLeniently(name string, args []string) (g *globals, cmd *cobra.Command, ok bool) {
	g = newGlobals(io.Discard, io.Discard)
	cmd, _, err := g.root.Find([]string{name})
	if err != nil {
		return nil, nil, false
	}
	cmd.DisableFlagParsing = false
	cmd.FParseErrWhitelist.UnknownFlags = true
	if err := cmd.ParseFlags(args); err != nil {
		return nil, nil, false
	}
	return g, cmd, true
}

// gateOn says whether feature is on for a command whose flags cmd parsed
// leniently: the gates resolved as the prologue resolves them for the
// command's inputs. When they cannot be (an unknown feature, a broken rc
// file), the feature is on if --alpha or --features (or their environment
// variables) turn it on, and the command then reports that error.
func gateOn(g *globals, cmd *cobra.Command, command string, feature *features.Feature) bool {
	inv := kubecfg.Invocation{Command: command, Inputs: cmd.Flags().Args()}
	cfg, err := g.configure(&inv)
	if err == nil {
		return cfg.Gates.Enabled(feature)
	}
	if inv.Alpha {
		return true
	}
	on := false
	for _, item := range features.SplitList(inv.Features...) {
		if name, enabled, err := features.ParseItem(item); err == nil && name == feature.Name {
			on = enabled
		}
	}
	return on
}

// joinVersions lists the minors validate knows.
func joinVersions() string {
	s := ""
	for i, v := range kubecfg.KubernetesVersions {
		if i > 0 {
			s += ", "
		}
		s += v
	}
	return s
}
