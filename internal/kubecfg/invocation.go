package kubecfg

import (
	"io"
	"maps"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/pkg/features"
)

// Invocation is one kubecfg show or eval run in data: what its command line
// says. The CLI's flags fill it; its JSON form (the field tags) is the
// playground's request less the files (PLAYGROUND.md), so a flag is named
// once here, for the CLI, the envelope and its cache keys alike; Run
// carries it out on a session into a Result; CommandLine writes it back
// as the command line ("Copy as command"); ErrorText prints its errors as
// the CLI does. The environment (the file system, the current directory,
// where imports may be fetched from) is not part of it.
//
// Each family of variables (ext, tla) is four maps from name to value:
// strings, string files, code and code files. The CLI fills them in flag
// order, so that a later flag of a name wins, as in kubecfg; the VM gets
// them in that order of kinds, each in name order (ExtVars, TLAs).
type Invocation struct {
	// Entry and Inputs are the inputs in order (Args): show's, eval's one.
	// The playground names the entry file apart; the CLI leaves Entry
	// empty and lists its arguments in Inputs.
	Entry    string            `json:"entry"`
	Command  string            `json:"command"`            // "show", "eval" or "validate" ("" is show)
	Expr     string            `json:"expr,omitempty"`     // eval -e
	Output   string            `json:"output,omitempty"`   // -o; "" is yaml
	Features []string          `json:"features,omitempty"` // --features items, as given
	Alpha    bool              `json:"alpha,omitempty"`    // --alpha
	ExtStr   map[string]string `json:"extStr,omitempty"`   // -V, --ext-str
	ExtCode  map[string]string `json:"extCode,omitempty"`  // --ext-code
	TLAStr   map[string]string `json:"tlaStr,omitempty"`   // -A, --tla-str
	TLACode  map[string]string `json:"tlaCode,omitempty"`  // --tla-code
	Exec     string            `json:"exec,omitempty"`     // --exec
	// OverlayCode is --overlay-code.
	OverlayCode string `json:"overlayCode,omitempty"`
	// Dir is the directory it runs in, relative to the workspace; "" is
	// the workspace's root.
	Dir      string   `json:"dir,omitempty"`
	Inputs   []string `json:"inputs,omitempty"`
	JPath    []string `json:"jpath,omitempty"`    // -J, in order
	JPathEnv []string `json:"jpathEnv,omitempty"` // KUBECFG_JPATH's directories, searched before -J's
	JURL     []string `json:"jurl,omitempty"`     // -U search URLs, in order (searched after the directories)
	ShowKeys bool     `json:"showKeys,omitempty"` // eval -k

	ExtStrFile      map[string]string `json:"extStrFile,omitempty"`      // --ext-str-file
	ExtCodeFile     map[string]string `json:"extCodeFile,omitempty"`     // --ext-code-file
	TLAStrFile      map[string]string `json:"tlaStrFile,omitempty"`      // --tla-str-file
	TLACodeFile     map[string]string `json:"tlaCodeFile,omitempty"`     // --tla-code-file
	OverlayCodeFile string            `json:"overlayCodeFile,omitempty"` // --overlay-code-file

	ShowProvenance bool   `json:"showProvenance,omitempty"` // show --show-provenance
	ExportDir      string `json:"exportDir,omitempty"`      // show --export-dir: the Result's Files are its files
	ExportNames    string `json:"exportNames,omitempty"`    // show --export-filename-format; "" is DefaultExportNameFormat
	ExportExt      string `json:"exportExt,omitempty"`      // show --export-filename-extension; "" is the format's
	Trace          bool   `json:"trace,omitempty"`          // eval --trace: the Result's Trace
	Reorder        string `json:"reorder,omitempty"`        // show --reorder; "" keeps the inputs' order

	// validate's flags (the offline-validate feature). --ignore-unknown
	// defaults to true, as kubecfg's: the JSON form's zero value is that
	// default, and its field says the other.

	// KubernetesVersion is validate --kubernetes-version: the minor whose
	// built-in schemas check the objects; "" is DefaultKubernetesVersion.
	KubernetesVersion string `json:"kubernetesVersion,omitempty"`
	// CRDs are validate --crd, in order: files whose
	// CustomResourceDefinitions add kinds to check.
	CRDs []string `json:"crds,omitempty"`
	// ReportUnknown is validate --ignore-unknown=false: a kind without a
	// schema is a problem, not a note.
	ReportUnknown bool `json:"reportUnknown,omitempty"`
	// RepeatEval is validate --repeat-eval: each input is evaluated a
	// second time and must give the same objects. kubecfg's default is
	// true; this build's is false (its evaluation is deterministic, and
	// the repeat doubled validate's time).
	RepeatEval bool `json:"repeatEval,omitempty"`

	// VarOrder is the order the command line gave the variables in, as
	// FLAG=NAME items ("ext-str=a", "tla-code=f"), each name at its first
	// flag: each kind's variables reach the VM in that order, as kubecfg
	// passes them (so that of two wrong ones the first typed is named).
	// Without it (the playground's request, whose variables are maps) a
	// kind's variables go in name order.
	VarOrder []string `json:"-"`
}

// Args are the inputs in order: Entry (when set), then Inputs.
func (inv Invocation) Args() []string {
	if inv.Entry == "" {
		return inv.Inputs
	}
	return append([]string{inv.Entry}, inv.Inputs...)
}

// ExtVars are the --ext-* variables as the VM gets them: strings, string
// files, code, code files, each in name order.
func (inv Invocation) ExtVars() []Var {
	return inv.vars("ext", inv.ExtStr, inv.ExtStrFile, inv.ExtCode, inv.ExtCodeFile)
}

// TLAs are the --tla-* arguments as the VM gets them (see ExtVars).
func (inv Invocation) TLAs() []Var {
	return inv.vars("tla", inv.TLAStr, inv.TLAStrFile, inv.TLACode, inv.TLACodeFile)
}

// vars lists a family's variables, kind by kind, each kind in VarOrder's
// order (names it does not list last, in name order).
func (inv Invocation) vars(family string, str, strFile, code, codeFile map[string]string) []Var {
	var out []Var
	for _, m := range []struct {
		values map[string]string
		kind   VarKind
		flag   string
	}{{str, Str, "-str"}, {strFile, StrFile, "-str-file"}, {code, Code, "-code"}, {codeFile, CodeFile, "-code-file"}} {
		for _, n := range inv.ordered(family+m.flag+"=", m.values) {
			out = append(out, Var{Name: n, Value: m.values[n], Kind: m.kind})
		}
	}
	return out
}

// ordered lists the names of values in VarOrder's order of its items
// that begin with prefix, then the rest in name order. (A loop, not a
// sort by position: a generic stable sort costs the browser engine 10 kB.)
func (inv Invocation) ordered(prefix string, values map[string]string) []string {
	names := slices.Sorted(maps.Keys(values))
	if len(inv.VarOrder) == 0 {
		return names
	}
	out := make([]string, 0, len(names))
	placed := map[string]bool{}
	for _, item := range inv.VarOrder {
		if n, ok := strings.CutPrefix(item, prefix); ok && !placed[n] {
			if _, in := values[n]; in {
				out = append(out, n)
				placed[n] = true
			}
		}
	}
	for _, n := range names {
		if !placed[n] {
			out = append(out, n)
		}
	}
	return out
}

// overlay is the invocation's --overlay-code or --overlay-code-file.
func (inv Invocation) overlay() Overlay {
	return Overlay{Code: inv.OverlayCode, File: inv.OverlayCodeFile}
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
	// Schema gives a Kubernetes minor's schemas for validate, the
	// document pkg/validate parses: natively k8sschema.Data (OSEnv), in
	// the browser's engine the bytes the page handed it. nil: none.
	Schema func(version string) ([]byte, error)
	// TraceBudget bounds the time validate spends locating its problems'
	// sources (each a causal trace); 0 is DefaultTraceBudget.
	TraceBudget time.Duration
}

// cwd is the directory the invocation runs in.
func (inv Invocation) cwd(env Env) string { return path.Join(env.Root, inv.Dir) }

// gates resolves the invocation's feature gates in env with RFC05's
// precedence: --features, the rc file found from the inputs, --alpha,
// each stage's default.
func (inv Invocation) gates(env Env) (*features.Gates, error) {
	return ResolveGates(GateOptions{
		Alpha: inv.Alpha, Features: features.SplitList(inv.Features...),
		FS: env.FS, Cwd: inv.cwd(env), Inputs: inv.Args(),
	})
}

// config is the evaluator's configuration for the invocation in env.
func (inv Invocation) config(env Env, gates *features.Gates) *Config {
	return &Config{
		Gates:    gates,
		FS:       env.FS,
		Cwd:      inv.cwd(env),
		JPath:    append(slices.Clone(inv.JPathEnv), inv.JPath...),
		JURL:     inv.JURL,
		ExtVars:  inv.ExtVars(),
		TLAs:     inv.TLAs(),
		Fetch:    env.Fetch,
		Warn:     env.Warn,
		MaxStack: env.MaxStack,
		TraceOut: env.TraceOut,

		Schema:      env.Schema,
		TraceBudget: env.TraceBudget,
	}
}

// evalOptions are the invocation's eval.
func (inv Invocation) evalOptions() EvalOptions {
	opts := EvalOptions{Exec: inv.Exec, Overlay: inv.overlay(), Expr: inv.Expr, ShowKeys: inv.ShowKeys, Format: inv.format()}
	if args := inv.Args(); len(args) > 0 {
		opts.Input = args[0]
	}
	return opts
}

// readOptions are what the invocation's show reads.
func (inv Invocation) readOptions() ReadOptions {
	return ReadOptions{Inputs: inv.Args(), Exec: inv.Exec, Overlay: inv.overlay(), Provenance: inv.ShowProvenance}
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
	inputs := inv.Args()
	last := slices.ContainsFunc(inputs, func(in string) bool { return strings.HasPrefix(in, "-") })
	if !last {
		for _, in := range inputs {
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
	if inv.OverlayCode != "" {
		args = append(args, "--overlay-code", shellQuote(inv.OverlayCode))
	}
	if inv.OverlayCodeFile != "" {
		args = append(args, "--overlay-code-file", shellQuote(inv.OverlayCodeFile))
	}
	// validate prints no objects: it takes neither -o nor show's other
	// flags of the output (a request's are those of the show it follows).
	if inv.Output != "" && inv.Output != "yaml" && cmd != "validate" {
		args = append(args, "-o", shellQuote(inv.Output))
	}
	if cmd == "validate" {
		if inv.KubernetesVersion != "" {
			args = append(args, "--kubernetes-version", shellQuote(inv.KubernetesVersion))
		}
		for _, f := range inv.CRDs {
			args = append(args, "--crd", shellQuote(f))
		}
		if inv.ReportUnknown {
			args = append(args, "--ignore-unknown=false")
		}
		if inv.RepeatEval {
			args = append(args, "--repeat-eval")
		}
	}
	if cmd == "show" {
		if inv.ShowProvenance {
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
	for _, v := range inv.ExtVars() {
		args = append(args, varFlag("ext", v), shellQuote(v.Name+"="+v.Value))
	}
	for _, v := range inv.TLAs() {
		args = append(args, varFlag("tla", v), shellQuote(v.Name+"="+v.Value))
	}
	if len(inv.Features) > 0 {
		args = append(args, "--features="+shellQuote(strings.Join(inv.Features, ",")))
	}
	if last {
		args = append(args, "--")
		for _, in := range inputs {
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
