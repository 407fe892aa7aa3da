package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kubecfg/kubecfg/internal/kubecfg"
	"github.com/kubecfg/kubecfg/pkg/features"
)

// globals are the flags every command takes.
type globals struct {
	jpath, jurl                              []string
	extStr, extStrFile, extCode, extCodeFile []string
	tlaStr, tlaStrFile, tlaCode, tlaCodeFile []string
	alpha                                    bool
	features                                 []string
	resolveImages, resolveImagesError        string
	stdout, stderr                           io.Writer
	root                                     *cobra.Command
}

func newRoot(stdout, stderr io.Writer) *cobra.Command { return newGlobals(stdout, stderr).root }

// newGlobals makes kubecfg's command tree (its root is g.root) and the
// globals its flags fill.
func newGlobals(stdout, stderr io.Writer) *globals {
	g := &globals{stdout: stdout, stderr: stderr}
	root := &cobra.Command{
		Use:           "kubecfg",
		Short:         "Synchronise Kubernetes resources with config files",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	g.root = root
	root.SetOut(stdout)
	root.SetErr(stderr)
	f := root.PersistentFlags()
	f.StringArrayVarP(&g.jpath, "jpath", "J", nil, "Additional Jsonnet library search path, appended to the ones in the KUBECFG_JPATH env var. May be repeated.")
	f.StringArrayVarP(&g.jurl, "jurl", "U", nil, "Additional Jsonnet library search path given as a URL. May be repeated.")
	f.StringArrayVarP(&g.extStr, "ext-str", "V", nil, "Values of external variables with string values")
	f.StringArrayVar(&g.extStrFile, "ext-str-file", nil, "Read external variables with string values from files")
	f.StringArrayVar(&g.extCode, "ext-code", nil, "Values of external variables with values supplied as Jsonnet code")
	f.StringArrayVar(&g.extCodeFile, "ext-code-file", nil, "Read external variables with values supplied as Jsonnet code from files")
	f.StringArrayVarP(&g.tlaStr, "tla-str", "A", nil, "Values of top level arguments with string values")
	f.StringArrayVar(&g.tlaStrFile, "tla-str-file", nil, "Read top level arguments with string values from files")
	f.StringArrayVar(&g.tlaCode, "tla-code", nil, "Values of top level arguments with values supplied as Jsonnet code")
	f.StringArrayVar(&g.tlaCodeFile, "tla-code-file", nil, "Read top level arguments with values supplied as Jsonnet code from files")
	f.BoolVar(&g.alpha, "alpha", false, "Turn on every alpha feature (also KUBECFG_ALPHA)")
	f.StringArrayVar(&g.features, "features", nil, "Features to turn on or off: name, name=true or name=false, comma-separated; may be repeated (also KUBECFG_FEATURES)")
	f.StringVar(&g.resolveImages, "resolve-images", "noop", "Change implementation of resolveImage native function. One of: noop, registry")
	f.StringVar(&g.resolveImagesError, "resolve-images-error", "warn", "Action when resolveImage fails. One of ignore,warn,error")
	addClusterFlags(f)

	root.AddCommand(newShowCmd(g), newEvalCmd(g), newVersionCmd(g), newHttpdCmd(g),
		newFeaturesCmd(g), newPlaygroundCmd(g), newPackCmd(g), newTracebackCmd(g),
		newValidateCmd(g),
		newDiffCmd(g),
		newClusterCmd("update", "Update Kubernetes resources with local config"),
		newClusterCmd("delete", "Delete Kubernetes resources described in local config"))
	return g
}

// prologue says what a command needs before its body runs (runE).
type prologue struct {
	// inv is show's or eval's invocation as the command's flags fill it;
	// its inputs are the arguments. nil for the other commands.
	inv *kubecfg.Invocation
	// inputs: the arguments are inputs (the rc file is looked for from
	// them), as they are for show, eval and httpd.
	inputs bool
	// gate is the feature the command requires, or nil.
	gate *features.Feature
}

// command is what the prologue hands a command's body.
type command struct {
	cmd  *cobra.Command
	args []string
	// inv is the invocation: show's or eval's, or for the other commands
	// the global flags' part only.
	inv kubecfg.Invocation
	cfg *kubecfg.Config
}

// runE is kubecfg's one command prologue (CUE's mkRunE): the invocation's
// global part from the global flags and the environment, its gates
// resolved (their warnings printed), its configuration in the current
// directory, the command's own gate; then the command's body.
func (g *globals) runE(p prologue, body func(c *command) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		c := &command{cmd: cmd, args: args}
		if p.inv != nil {
			c.inv = *p.inv
		}
		if p.inputs || p.inv != nil {
			c.inv.Inputs = args
		}
		cfg, err := g.configure(&c.inv)
		if err != nil {
			return err
		}
		if p.gate != nil {
			if err := cfg.Gates.Require(p.gate); err != nil {
				return err
			}
		}
		c.cfg = cfg
		return body(c)
	}
}

// run is show's and eval's body: the invocation run on a new session,
// its Result printed.
func (g *globals) run(c *command) error {
	s, err := c.cfg.NewSession()
	if err != nil {
		return err
	}
	return g.print(c.inv, c.inv.Run(s))
}

// print prints a Result as kubecfg does: the export's files written into
// the export directory, or the output on standard output and eval
// --trace's trace on standard error; then the run's error.
func (g *globals) print(inv kubecfg.Invocation, res kubecfg.Result) error {
	if res.Files != nil {
		if err := writeExport(inv.ExportDir, res.Files); err != nil {
			return err
		}
		return res.Err
	}
	if _, err := fmt.Fprint(g.stdout, res.Output); err != nil {
		return err
	}
	if _, err := fmt.Fprint(g.stderr, res.TraceText()); err != nil {
		return err
	}
	if len(res.Problems) > 0 || len(res.Notes) > 0 {
		wd, err := os.Getwd()
		if err != nil {
			return err
		}
		if _, err := fmt.Fprint(g.stderr, res.ProblemText(filepath.ToSlash(wd))); err != nil {
			return err
		}
	}
	return res.Err
}

// configure fills the global part of inv from the global flags and the
// environment (--alpha or KUBECFG_ALPHA, --features or KUBECFG_FEATURES,
// KUBECFG_JPATH then -J, the variables), resolves its gates, printing
// their warnings (Invocation.Configure), and returns its configuration in
// the current directory. The gates' errors come before the other flags'.
func (g *globals) configure(inv *kubecfg.Invocation) (*kubecfg.Config, error) {
	wd, err := os.Getwd()
	if err != nil {
		return nil, fmt.Errorf("unable to determine current working directory: %w", err)
	}
	env := kubecfg.OSEnv(wd, g.stderr)
	inv.Alpha = g.alpha
	if !g.root.PersistentFlags().Changed("alpha") {
		if v, ok := os.LookupEnv(features.EnvAlpha); ok && v != "" {
			b, err := strconv.ParseBool(v)
			if err != nil {
				return nil, fmt.Errorf("invalid %s %q: want true or false", features.EnvAlpha, v)
			}
			inv.Alpha = b
		}
	}
	inv.Features = g.features
	if !g.root.PersistentFlags().Changed("features") {
		inv.Features = nil
		if v := os.Getenv(features.EnvFeatures); v != "" {
			inv.Features = []string{v}
		}
	}
	inv.JPathEnv, inv.JPath, inv.JURL = nil, nil, g.jurl
	for _, p := range filepath.SplitList(os.Getenv(features.EnvJPath)) {
		inv.JPathEnv = append(inv.JPathEnv, filepath.ToSlash(p))
	}
	for _, p := range g.jpath {
		inv.JPath = append(inv.JPath, filepath.ToSlash(p))
	}
	flagErr := g.settings(inv)
	cfg, err := inv.Configure(env)
	if err != nil {
		return nil, err
	}
	if flagErr != nil {
		return nil, flagErr
	}
	return cfg, nil
}

// settings checks the image flags and fills inv's variables.
func (g *globals) settings(inv *kubecfg.Invocation) error {
	switch g.resolveImages {
	case "noop":
	case "registry":
		return fmt.Errorf("--resolve-images=registry is not supported by this build of kubecfg (it cannot reach image registries); use noop")
	default:
		return fmt.Errorf("invalid --resolve-images %q: want noop or registry", g.resolveImages)
	}
	switch g.resolveImagesError {
	case "ignore", "warn", "error":
	default:
		return fmt.Errorf("invalid --resolve-images-error %q: want ignore, warn or error", g.resolveImagesError)
	}
	inv.ExtStr, inv.ExtStrFile, inv.ExtCode, inv.ExtCodeFile = nil, nil, nil, nil
	inv.VarOrder = nil
	if err := parseVars("ext", &inv.VarOrder, []varFlag{{g.extStr, &inv.ExtStr, false}, {g.extStrFile, &inv.ExtStrFile, true}, {g.extCode, &inv.ExtCode, false}, {g.extCodeFile, &inv.ExtCodeFile, true}}); err != nil {
		return err
	}
	inv.TLAStr, inv.TLAStrFile, inv.TLACode, inv.TLACodeFile = nil, nil, nil, nil
	return parseVars("tla", &inv.VarOrder, []varFlag{{g.tlaStr, &inv.TLAStr, false}, {g.tlaStrFile, &inv.TLAStrFile, true}, {g.tlaCode, &inv.TLACode, false}, {g.tlaCodeFile, &inv.TLACodeFile, true}})
}

// varFlag is one of a variable family's four flags: its values as given
// (NAME=VALUE, or NAME for the environment's value) and the map of the
// invocation they fill.
type varFlag struct {
	values []string
	into   *map[string]string
	file   bool // the value is a file name: NAME alone is an error
}

// parseVars reads the four forms of one variable family (str, str-file,
// code, code-file), each in flag order: a later flag of a name wins, and
// order records each name's first flag (Invocation.VarOrder).
func parseVars(family string, order *[]string, flags []varFlag) error {
	suffix := []string{"-str", "-str-file", "-code", "-code-file"}
	for i, f := range flags {
		for _, s := range f.values {
			name, value, ok := strings.Cut(s, "=")
			if !ok {
				if f.file {
					return fmt.Errorf("Failed to parse %s: missing '=' in %s", family+suffix[i], s)
				}
				v, found := os.LookupEnv(name)
				if !found {
					return fmt.Errorf("Missing environment variable: %s", name)
				}
				value = v
			}
			if *f.into == nil {
				*f.into = map[string]string{}
			}
			if _, seen := (*f.into)[name]; !seen {
				*order = append(*order, family+suffix[i]+"="+name)
			}
			(*f.into)[name] = value
		}
	}
	return nil
}
