package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/pkg/features"
	"github.com/kubecfg/kubecfg/pkg/kubecfg"
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

func newRoot(stdout, stderr io.Writer) *cobra.Command {
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
		newFeaturesCmd(g), newPlaygroundCmd(g), newUnbuiltCmd(g, "pack", features.Pack), newTracebackCmd(g),
		newClusterCmd("validate", "Compare generated manifest against server OpenAPI spec"),
		newClusterCmd("diff", "Display differences between server and local config"),
		newClusterCmd("update", "Update Kubernetes resources with local config"),
		newClusterCmd("delete", "Delete Kubernetes resources described in local config"))
	return root
}

// run carries out a show or eval invocation that its command's flags
// filled, with the global flags' part, and prints its output.
func (g *globals) run(inv kubecfg.Invocation) error {
	out, err := g.output(inv)
	if err != nil {
		return err
	}
	_, err = fmt.Fprint(g.stdout, out)
	return err
}

// output carries out inv and returns what it prints.
func (g *globals) output(inv kubecfg.Invocation) (string, error) {
	s, err := g.session(&inv)
	if err != nil {
		return "", err
	}
	return inv.Run(s)
}

// session fills the global part of inv (configure) and returns a session
// of its configuration.
func (g *globals) session(inv *kubecfg.Invocation) (*kubecfg.Session, error) {
	cfg, err := g.configure(inv)
	if err != nil {
		return nil, err
	}
	return cfg.NewSession()
}

// config builds the evaluator's configuration from the global flags, for
// the commands that are not an Invocation (features, httpd, playground).
func (g *globals) config(inputs []string) (*kubecfg.Config, error) {
	return g.configure(&kubecfg.Invocation{Inputs: inputs})
}

// configure fills the global part of inv from the global flags and the
// environment (--alpha or KUBECFG_ALPHA, --features or KUBECFG_FEATURES,
// KUBECFG_JPATH then -J, the variables), resolves its gates, printing
// their warnings, and returns its configuration in the current directory.
func (g *globals) configure(inv *kubecfg.Invocation) (*kubecfg.Config, error) {
	wd, err := os.Getwd()
	if err != nil {
		return nil, fmt.Errorf("unable to determine current working directory: %w", err)
	}
	env := kubecfg.Env{FS: importer.OSFS{}, Root: filepath.ToSlash(wd), Fetch: importer.DefaultFetcher(), Warn: g.stderr}
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
	gates, err := inv.Gates(env)
	if err != nil {
		return nil, err
	}
	for _, w := range gates.Warnings() {
		fmt.Fprintln(g.stderr, "warning: "+w)
	}
	inv.JPathEnv, inv.JPath, inv.JURL = nil, nil, g.jurl
	for _, p := range filepath.SplitList(os.Getenv(features.EnvJPath)) {
		inv.JPathEnv = append(inv.JPathEnv, filepath.ToSlash(p))
	}
	for _, p := range g.jpath {
		inv.JPath = append(inv.JPath, filepath.ToSlash(p))
	}
	switch g.resolveImages {
	case "noop":
	case "registry":
		return nil, fmt.Errorf("--resolve-images=registry is not supported by this build of kubecfg (it cannot reach image registries); use noop")
	default:
		return nil, fmt.Errorf("invalid --resolve-images %q: want noop or registry", g.resolveImages)
	}
	switch g.resolveImagesError {
	case "ignore", "warn", "error":
	default:
		return nil, fmt.Errorf("invalid --resolve-images-error %q: want ignore, warn or error", g.resolveImagesError)
	}
	if inv.ExtVars, err = parseVars("ext", g.extStr, g.extStrFile, g.extCode, g.extCodeFile); err != nil {
		return nil, err
	}
	if inv.TLAs, err = parseVars("tla", g.tlaStr, g.tlaStrFile, g.tlaCode, g.tlaCodeFile); err != nil {
		return nil, err
	}
	return inv.Config(env, gates), nil
}

// parseVars reads the four forms of one variable family, in flag order.
func parseVars(family string, str, strFile, code, codeFile []string) ([]kubecfg.Var, error) {
	var out []kubecfg.Var
	add := func(values []string, kind kubecfg.VarKind, flag string, file bool) error {
		for _, s := range values {
			name, value, ok := strings.Cut(s, "=")
			if !ok {
				if file {
					return fmt.Errorf("Failed to parse %s: missing '=' in %s", flag, s)
				}
				v, found := os.LookupEnv(name)
				if !found {
					return fmt.Errorf("Missing environment variable: %s", name)
				}
				value = v
			}
			out = append(out, kubecfg.Var{Name: name, Value: value, Kind: kind})
		}
		return nil
	}
	for _, f := range []struct {
		values []string
		kind   kubecfg.VarKind
		flag   string
	}{
		{str, kubecfg.Str, family + "-str"},
		{strFile, kubecfg.StrFile, family + "-str-file"},
		{code, kubecfg.Code, family + "-code"},
		{codeFile, kubecfg.CodeFile, family + "-code-file"},
	} {
		file := f.kind == kubecfg.StrFile || f.kind == kubecfg.CodeFile
		if err := add(f.values, f.kind, f.flag, file); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// newUnbuiltCmd registers a kubecfg command this build does not implement:
// gated like kubecfg's, then one clear sentence.
func newUnbuiltCmd(g *globals, name string, f *features.Feature) *cobra.Command {
	return &cobra.Command{
		Use:   name,
		Short: "Not supported by this build",
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, err := g.config(nil)
			if err != nil {
				return err
			}
			if err := cfg.Gates.Require(f); err != nil {
				return err
			}
			return fmt.Errorf("kubecfg %s is not supported by this build of kubecfg", name)
		},
	}
}
