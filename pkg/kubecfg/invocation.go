package kubecfg

import (
	"io"
	"path"
	"slices"
	"strings"

	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/pkg/features"
)

// Invocation is one kubecfg show or eval run in data: what its command line
// says. The CLI's flags fill it, playground.Request is its JSON form, Run
// carries it out on a session into a Result, CommandLine writes it back as the command
// line ("Copy as command"), and ErrorText prints its errors as the CLI
// does. The environment (the file system, the current directory, where
// imports may be fetched from) is not part of it.
type Invocation struct {
	Command  string   // "show" or "eval" ("" is show)
	Dir      string   // the directory it runs in, relative to the workspace; "" is the workspace's root
	Inputs   []string // show's inputs in order; eval's one input
	Expr     string   // eval -e
	ShowKeys bool     // eval -k
	Exec     string   // --exec
	Overlay  Overlay  // --overlay-code, --overlay-code-file
	Output   string   // -o; "" is yaml
	Features []string // --features items, as given
	Alpha    bool     // --alpha
	JPathEnv []string // KUBECFG_JPATH's directories, searched before -J's
	JPath    []string // -J, in order
	JURL     []string // -U search URLs, in order (searched after the directories)
	ExtVars  []Var    // --ext-*, in order
	TLAs     []Var    // --tla-*, in order

	Trace       bool   // eval --trace: the caller prints EvalTrace's trace
	Provenance  bool   // show --show-provenance
	ExportDir   string // show --export-dir: the caller writes Export's files there
	ExportNames string // show --export-filename-format; "" is DefaultExportNameFormat
	ExportExt   string // show --export-filename-extension; "" is the format's
	Reorder     string // show --reorder; "" keeps the inputs' order
}

// Env is where an invocation runs, all that it is not: the file system,
// the workspace's root (the invocation runs in Root/Dir), what it may
// fetch, where warnings go and the Jsonnet stack limit.
type Env struct {
	FS       importer.FS
	Root     string
	Fetch    importer.Fetcher // http(s):// imports; nil disables them
	Warn     io.Writer
	MaxStack int
	TraceOut io.Writer // std.trace's lines; nil is standard error
}

// cwd is the directory the invocation runs in.
func (inv Invocation) cwd(env Env) string { return path.Join(env.Root, inv.Dir) }

// Gates resolves the invocation's feature gates in env with RFC05's
// precedence: --features, the rc file found from the inputs, --alpha,
// each stage's default.
func (inv Invocation) Gates(env Env) (*features.Gates, error) {
	return ResolveGates(GateOptions{
		Alpha: inv.Alpha, Features: features.SplitList(inv.Features...),
		FS: env.FS, Cwd: inv.cwd(env), Inputs: inv.Inputs,
	})
}

// Config is the evaluator's configuration for the invocation in env.
func (inv Invocation) Config(env Env, gates *features.Gates) *Config {
	return &Config{
		Gates:    gates,
		FS:       env.FS,
		Cwd:      inv.cwd(env),
		JPath:    append(slices.Clone(inv.JPathEnv), inv.JPath...),
		JURL:     inv.JURL,
		ExtVars:  inv.ExtVars,
		TLAs:     inv.TLAs,
		Fetch:    env.Fetch,
		Warn:     env.Warn,
		MaxStack: env.MaxStack,
		TraceOut: env.TraceOut,
	}
}

// EvalOptions are the invocation's eval.
func (inv Invocation) EvalOptions() EvalOptions {
	opts := EvalOptions{Exec: inv.Exec, Overlay: inv.Overlay, Expr: inv.Expr, ShowKeys: inv.ShowKeys, Format: inv.format()}
	if len(inv.Inputs) > 0 {
		opts.Input = inv.Inputs[0]
	}
	return opts
}

// ReadOptions are what the invocation's show reads.
func (inv Invocation) ReadOptions() ReadOptions {
	return ReadOptions{Inputs: inv.Inputs, Exec: inv.Exec, Overlay: inv.Overlay, Provenance: inv.Provenance}
}

func (inv Invocation) command() string {
	if inv.Command == "" {
		return "show"
	}
	return inv.Command
}

func (inv Invocation) format() string {
	if inv.Output == "" {
		return "yaml"
	}
	return inv.Output
}

// CommandLine writes the invocation as a kubecfg command line, quoted for
// a POSIX shell, run from the workspace's root (a cd first when Dir is
// set). A file name never becomes a flag: when an input begins with "-",
// the inputs come last, after "--" (cobra's end of flags), and a Dir that
// begins with "-" follows "cd --".
func (inv Invocation) CommandLine() string {
	args := []string{"kubecfg"}
	if inv.Alpha {
		args = append(args, "--alpha")
	}
	cmd := inv.command()
	args = append(args, shellQuote(cmd))
	for _, d := range inv.JPath {
		args = append(args, "-J", shellQuote(d))
	}
	for _, u := range inv.JURL {
		args = append(args, "-U", shellQuote(u))
	}
	last := slices.ContainsFunc(inv.Inputs, func(in string) bool { return strings.HasPrefix(in, "-") })
	if !last {
		for _, in := range inv.Inputs {
			args = append(args, shellQuote(in))
		}
	}
	if inv.Expr != "" && cmd == "eval" {
		args = append(args, "-e", shellQuote(inv.Expr))
	}
	if inv.ShowKeys && cmd == "eval" {
		args = append(args, "-k")
	}
	if inv.Trace && cmd == "eval" {
		args = append(args, "--trace")
	}
	if inv.Exec != "" {
		args = append(args, "--exec", shellQuote(inv.Exec))
	}
	if inv.Overlay.Code != "" {
		args = append(args, "--overlay-code", shellQuote(inv.Overlay.Code))
	}
	if inv.Overlay.File != "" {
		args = append(args, "--overlay-code-file", shellQuote(inv.Overlay.File))
	}
	if inv.Output != "" && inv.Output != "yaml" {
		args = append(args, "-o", shellQuote(inv.Output))
	}
	if cmd == "show" {
		if inv.Provenance {
			args = append(args, "--show-provenance")
		}
		if inv.ExportDir != "" {
			args = append(args, "--export-dir", shellQuote(inv.ExportDir))
		}
		if inv.ExportNames != "" && inv.ExportNames != DefaultExportNameFormat {
			args = append(args, "--export-filename-format", shellQuote(inv.ExportNames))
		}
		if inv.ExportExt != "" {
			args = append(args, "--export-filename-extension", shellQuote(inv.ExportExt))
		}
		if inv.Reorder != "" {
			args = append(args, "--reorder="+shellQuote(inv.Reorder))
		}
	}
	for _, v := range inv.ExtVars {
		args = append(args, varFlag("ext", v), shellQuote(v.Name+"="+v.Value))
	}
	for _, v := range inv.TLAs {
		args = append(args, varFlag("tla", v), shellQuote(v.Name+"="+v.Value))
	}
	if len(inv.Features) > 0 {
		args = append(args, "--features="+shellQuote(strings.Join(inv.Features, ",")))
	}
	if last {
		args = append(args, "--")
		for _, in := range inv.Inputs {
			args = append(args, shellQuote(in))
		}
	}
	line := strings.Join(args, " ")
	if len(inv.JPathEnv) > 0 {
		line = "KUBECFG_JPATH=" + shellQuote(strings.Join(inv.JPathEnv, ":")) + " " + line
	}
	if inv.Dir != "" && inv.Dir != "." {
		cd := "cd "
		if strings.HasPrefix(inv.Dir, "-") {
			cd = "cd -- "
		}
		line = cd + shellQuote(inv.Dir) + " && " + line
	}
	return line
}

// varFlag is the flag that sets a variable of a family (ext or tla).
func varFlag(family string, v Var) string {
	switch v.Kind {
	case Str:
		if family == "ext" {
			return "-V"
		}
		return "-A"
	case StrFile:
		return "--" + family + "-str-file"
	case CodeFile:
		return "--" + family + "-code-file"
	}
	return "--" + family + "-code"
}

// shellQuote quotes s for a POSIX shell when it needs quoting.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=.,/:+@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
