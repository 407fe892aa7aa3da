package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/kubecfg/kubecfg/internal/kubecfg"
	"github.com/kubecfg/kubecfg/internal/objdiff"
	"github.com/kubecfg/kubecfg/pkg/features"
)

// diffShort is diff's line in kubecfg's help.
const diffShort = "Display differences between server and local config (needs a cluster: not in this build); with --features=diff-against, --against FILE|DIR compares with objects saved in files"

// errDiffFound is kubecfg diff's error when an object differs: exit
// status 10, as kubecfg's.
type errDiffFound struct{}

func (errDiffFound) Error() string { return "Differences found." }

// ExitCode is kubecfg's exit status for differences found.
func (errDiffFound) ExitCode() int { return 10 }

// newDiffCmd is kubecfg diff. With the diff-against feature on and
// --against given, it reads its inputs as show does and the "live"
// objects from the files --against names (kubecfg.ReadObjectFiles), and
// prints kubecfg diff's comparison (objdiff.Compare); exit status 10 when
// an object differs. Otherwise it is kubecfg's cluster command, which
// this build does not have (newClusterCmd): any flags, one sentence.
// Flags are parsed as validate parses them (newValidateCmd): a lenient
// first parse finds out whether the feature is on.
func newDiffCmd(g *globals) *cobra.Command {
	cluster := newClusterCmd("diff", "Display differences between server and local config")
	inv := &kubecfg.Invocation{Command: "show"}
	var against []string
	var opts objdiff.Options
	cmd := &cobra.Command{
		Use:                "diff [FILE...]",
		Short:              diffShort,
		DisableFlagParsing: true,
		RunE: gatedRunE(cluster, diffAgainstOn, func(cmd *cobra.Command) error {
			body := func(c *command) error {
				opts.Namespace, _ = cmd.Flags().GetString("namespace")
				return g.diff(c, against, opts)
			}
			return g.runE(prologue{inv: inv, gate: features.DiffAgainst}, body)(cmd, cmd.Flags().Args())
		}),
	}
	f := cmd.Flags()
	f.StringArrayVar(&against, "against", nil, "A YAML or JSON file, or a directory of them, holding the objects to compare with instead of the cluster's; may be repeated")
	f.StringVar(&opts.Strategy, "diff-strategy", "all", "Diff strategy, all, subset or last-applied")
	f.BoolVar(&opts.OmitSecrets, "omit-secrets", false, "hide secret details when showing diff")
	f.StringVarP(&inv.Exec, "exec", "e", "", "Inline code (kubecfg is predefined in it)")
	addOverlayFlags(cmd, inv)
	return cmd
}

// diff is diff --against's body: the inputs read as show reads them, the
// files' objects, the comparison printed; errDiffFound when an object
// differs.
func (g *globals) diff(c *command, against []string, opts objdiff.Options) error {
	s, err := c.cfg.NewSession()
	if err != nil {
		return err
	}
	res := c.inv.Run(s)
	if res.Err != nil {
		return res.Err
	}
	live, err := kubecfg.ReadObjectFiles(against)
	if err != nil {
		return fmt.Errorf("--against: %w", err)
	}
	rep := objdiff.Compare(maps(res.Objects), maps(live), opts)
	if _, err := io.WriteString(g.stdout, rep.Text()); err != nil {
		return err
	}
	if rep.Err != nil {
		return rep.Err
	}
	if rep.Differs() {
		return errDiffFound{}
	}
	return nil
}

// maps is objects as the maps they are.
func maps(objs []kubecfg.Object) []map[string]any {
	out := make([]map[string]any, len(objs))
	for i, o := range objs {
		out[i] = o
	}
	return out
}

// diffAgainstOn says whether a diff command line (its arguments after
// the command's name, the global flags among them) is diff --against:
// --against given and the diff-against feature on, found out as
// offlineValidateOn finds out about validate.
func diffAgainstOn(args []string) bool {
	g, cmd, ok := parseLeniently("diff", args)
	if !ok {
		return false
	}
	if a, _ := cmd.Flags().GetStringArray("against"); len(a) == 0 {
		return false
	}
	return gateOn(g, cmd, "show", features.DiffAgainst)
}
