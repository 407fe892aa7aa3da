package kubecfg

import (
	"fmt"
	"io"
	"net/url"
	"path"
	"strings"
	"time"

	jsonnet "github.com/google/go-jsonnet"
	"github.com/google/go-jsonnet/ast"

	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/internal/jsonlite"
	"github.com/kubecfg/kubecfg/internal/lex"
	"github.com/kubecfg/kubecfg/internal/predefine"
	"github.com/kubecfg/kubecfg/internal/stdformat"
	"github.com/kubecfg/kubecfg/internal/stdguard"
	"github.com/kubecfg/kubecfg/pkg/features"
	"github.com/kubecfg/kubecfg/pkg/stdlib"
	"github.com/kubecfg/kubecfg/pkg/yakl"
)

// VarKind says how a variable's value is given.
type VarKind int

// The forms of --ext-* and --tla-* flags.
const (
	Str      VarKind = iota // --ext-str, --tla-str: the value is a string
	Code                    // --ext-code, --tla-code: the value is Jsonnet code
	StrFile                 // --ext-str-file, --tla-str-file: the value is a file to read as a string
	CodeFile                // --ext-code-file, --tla-code-file: the value is a file to evaluate
)

// Var is one external variable or top-level argument.
type Var struct {
	Name  string
	Value string
	Kind  VarKind
}

// Config is everything an evaluation needs from its surroundings.
type Config struct {
	// Gates is the invocation's feature gates.
	Gates *features.Gates
	// FS serves file:// URLs; Cwd (absolute, slash-separated) is the
	// current directory.
	FS  importer.FS
	Cwd string
	// JPath are library directories in search order (KUBECFG_JPATH
	// entries, then -J); relative ones are made absolute against Cwd.
	JPath []string
	// JURL are -U search URLs.
	JURL []string
	// ExtVars and TLAs are the --ext-* and --tla-* flags in order.
	ExtVars []Var
	TLAs    []Var
	// Fetch serves http(s):// imports; nil disables them.
	Fetch importer.Fetcher
	// ResolveImage replaces the normalise-only resolveImage (for
	// --resolve-images=registry); nil normalises only.
	ResolveImage func(string) (string, error)
	// Warn receives warnings (nil discards them).
	Warn io.Writer
	// MaxStack is go-jsonnet's maximum stack depth (0: its default).
	MaxStack int
	// TraceOut receives std.trace's lines (nil: standard error, as
	// go-jsonnet's default).
	TraceOut io.Writer

	// Schema and TraceBudget are validate's (Env.Schema,
	// Env.TraceBudget); no VM depends on them.
	Schema      func(version string) ([]byte, error)
	TraceBudget time.Duration
}

// VMKey identifies what a VM made from the configuration depends on
// besides the files it reads: the gates, the current directory, the
// search paths, the variables, whether it may fetch and its stack limit.
// Two configurations of one key make VMs that evaluate the same files
// alike.
//
// It is the JSON array json.Marshal would write of [the gates' rows, Cwd,
// JPath, JURL, ExtVars, TLAs, Fetch != nil, ResolveImage != nil,
// MaxStack], written by hand (vmkey.go): the browser engine's first run
// touches no encoding/json.
func (c *Config) VMKey() string {
	b := []byte{'['}
	b = AppendRows(b, features.Rows(c.Gates))
	b = append(jsonlite.AppendString(append(b, ','), c.Cwd), ',')
	b = append(jsonlite.AppendStrings(b, c.JPath), ',')
	b = append(jsonlite.AppendStrings(b, c.JURL), ',')
	b = append(appendVars(b, c.ExtVars), ',')
	b = append(appendVars(b, c.TLAs), ',')
	b = append(jsonlite.AppendBool(b, c.Fetch != nil), ',')
	b = append(jsonlite.AppendBool(b, c.ResolveImage != nil), ',')
	return string(append(jsonlite.AppendInt(b, c.MaxStack), ']'))
}

// cwdURL is the file:// URL of the current directory, with a slash.
func (c *Config) cwdURL() string { return importer.DirURL(c.cwd()) }

func (c *Config) cwd() string {
	if c.Cwd == "" {
		return "/"
	}
	return c.Cwd
}

// abs makes p absolute against the current directory.
func (c *Config) abs(p string) string {
	if path.IsAbs(p) {
		return path.Clean(p)
	}
	return path.Join(c.cwd(), p)
}

// fileURL is the file:// URL of a path as typed.
func (c *Config) fileURL(p string) string {
	return importer.FileURL(c.abs(p))
}

// searchURLs returns the library search path as URLs ending in '/'.
func (c *Config) searchURLs() ([]string, error) {
	var out []string
	for _, d := range c.JPath {
		if d == "" {
			continue
		}
		out = append(out, importer.DirURL(c.abs(d)))
	}
	for _, s := range c.JURL {
		u, err := url.Parse(s)
		if err != nil {
			return nil, fmt.Errorf("invalid -U URL %q: %w", s, err)
		}
		if !strings.HasSuffix(u.Path, "/") {
			u.Path += "/"
		}
		out = append(out, u.String())
	}
	return out, nil
}

// NewImporter returns the importer for one VM.
func (c *Config) NewImporter() (*importer.Importer, error) {
	search, err := c.searchURLs()
	if err != nil {
		return nil, err
	}
	return importer.New(importer.Options{
		FS:         c.FS,
		Cwd:        c.cwd(),
		SearchURLs: search,
		Internal:   map[string]string{"kubecfg.libsonnet": stdlib.Library},
		Fetch:      c.Fetch,
		Gates:      c.Gates,
		YAKL:       yakl.Compile,
	}), nil
}

// newVM returns a VM and the importer it uses.
func (c *Config) newVM(causes *goCauses) (*jsonnet.VM, *importer.Importer, error) {
	// Bounds and size checks in front of go-jsonnet's builtins with holes
	// (std.removeAt, std.range, std.makeArray, std.parseYaml).
	stdguard.Install()
	// std.format asks stdformat's native first (registered below).
	stdformat.Install()
	vm := jsonnet.MakeVM()
	if c.MaxStack > 0 {
		vm.MaxStack = c.MaxStack
	}
	imp, err := c.NewImporter()
	if err != nil {
		return nil, nil, err
	}
	vm.Importer(causeImporter{imp, causes})
	if c.TraceOut != nil {
		vm.SetTraceOut(c.TraceOut)
	}
	for _, f := range c.natives(causes) {
		vm.NativeFunction(f)
	}
	for _, v := range append(append([]Var(nil), c.ExtVars...), c.TLAs...) {
		if v.Kind == Code {
			if err := importer.CheckNesting("<code:"+v.Name+">", v.Value, lex.MaxDepth); err != nil {
				return nil, nil, err
			}
		}
	}
	// go-jsonnet evaluates --ext-code and --tla-code values (and the
	// import of a --*-code-file) as code named "" for the importer: it is
	// told their texts, so that it knows what they import as code.
	var varCode []string
	note := func(code func(string, string)) func(string, string) {
		return func(name, value string) {
			code(name, value)
			varCode = append(varCode, value)
		}
	}
	for _, v := range c.ExtVars {
		setVar(vm.ExtVar, note(vm.ExtCode), c, v, "<extvar:"+v.Name+">")
	}
	for _, v := range c.TLAs {
		setVar(vm.TLAVar, note(vm.TLACode), c, v, "<top-level-arg:"+v.Name+">")
	}
	imp.NoteCode("", strings.Join(varCode, "\n"))
	return vm, imp, nil
}

// natives are the native functions of every VM (and of the fast
// evaluator, fast-eval): kubecfg.libsonnet's, then std.format's parser
// in Go (without it, a long template overflows the browser's stack and is
// quadratic in go-jsonnet) and std.parseYaml's guard (go-jsonnet's
// std.parseYaml refuses what kubecfg's parseYaml does).
func (c *Config) natives(causes *goCauses) []*jsonnet.NativeFunction {
	var out []*jsonnet.NativeFunction
	for _, f := range stdlib.Natives(stdlib.Options{Gates: c.Gates, ResolveImage: c.ResolveImage}) {
		out = append(out, causeNative(f, causes))
	}
	out = append(out, stdformat.Native())
	return append(out, &jsonnet.NativeFunction{Name: stdguard.YAMLCheck, Params: ast.Identifiers{"str"}, Func: checkYAML})
}

// checkYAML is the native behind std.parseYaml's guard (stdguard.YAMLCheck):
// null, or the sentence stdlib.CheckYAML refuses the text with.
func checkYAML(args []any) (any, error) {
	s, ok := args[0].(string)
	if !ok {
		return nil, nil
	}
	if err := stdlib.CheckYAML(s); err != nil {
		return err.Error(), nil
	}
	return nil, nil
}

func setVar(str, code func(string, string), c *Config, v Var, name string) {
	switch v.Kind {
	case Str:
		str(v.Name, v.Value)
	case Code:
		code(v.Name, predefine.Kubecfg(name, v.Value))
	case StrFile:
		code(v.Name, "importstr @'"+strings.ReplaceAll(c.fileURL(v.Value), "'", "''")+"'")
	case CodeFile:
		code(v.Name, "import @'"+strings.ReplaceAll(c.fileURL(v.Value), "'", "''")+"'")
	}
}

// TLANames returns the names of the top-level arguments, in order, without
// repeats.
func (c *Config) TLANames() []string {
	var names []string
	seen := map[string]bool{}
	for _, v := range c.TLAs {
		if !seen[v.Name] {
			seen[v.Name] = true
			names = append(names, v.Name)
		}
	}
	return names
}

// Session is one VM with its importer: files it has imported and evaluated
// stay cached in it, so evaluations against an unchanged workspace (a new
// eval expression, say) reuse them. A Session is not safe for concurrent
// use; its Config must not change while it is used.
type Session struct {
	// Reuse lets eval answer from fields computed in earlier evaluations
	// of the same session (the playground sets it; see fastEval).
	Reuse bool

	cfg  *Config
	vm   *jsonnet.VM
	imp  *importer.Importer
	errs *recordingFormatter // go-jsonnet's errors with their places (JsonnetError)
	// reads are show's reads kept for Run when Reuse is set (readCached),
	// by readKey; setFS drops them.
	reads map[string]read
	// traces counts the causal traces made from the session (trace).
	traces int
	// fast is the fast evaluator (fast-eval), nil when the gate is off or
	// the engine has none (the browser's core engine).
	fast *fastEngine
}

// output is an evaluation's result: go-jsonnet's JSON text, or (with
// isValue) the fast evaluator's value, which is that text as
// encoding/json reads it.
type output struct {
	text    string
	value   any
	isValue bool
}

// walk walks the output for Kubernetes objects (walkOutput).
func (o output) walk(file string) ([]Object, []Source, error) {
	if o.isValue {
		return walkValue(o.value, file)
	}
	return walkOutput(o.text, file)
}

// evaluateSnippet is vm.EvaluateSnippet, tried first with the fast
// evaluator when there is one; with value, the fast evaluator's result is
// its value, not its text.
func (s *Session) evaluateSnippet(name, code string, value bool) (output, error) {
	if out, ok := s.tryFast(name, code, value); ok {
		return out, nil
	}
	out, err := s.vm.EvaluateSnippet(name, code)
	return output{text: out}, err
}

// Rebase moves the session to fsys, a new version of its workspace, when
// no file its VM imported is one that changed names (by absolute slash
// path; only the input files, which are evaluated afresh each time,
// changed): the VM and everything it cached stay. It returns false,
// changing nothing, otherwise; the caller then makes a new Session. The
// workspace's set of files and everything else in the Config must be the
// same: an added file could change what an import finds.
func (s *Session) Rebase(fsys importer.FS, changed func(name string) bool) bool {
	if !s.imp.Rebase(fsys, changed) {
		return false
	}
	s.setFS(fsys)
	return true
}

// setFS moves the session's configuration to fsys, another version of
// its workspace, and drops what show read in the old one: an input may
// have changed.
func (s *Session) setFS(fsys importer.FS) {
	s.cfg.FS = fsys
	s.reads = nil
}

// NewSession returns a Session with a fresh VM.
func (c *Config) NewSession() (*Session, error) {
	causes := &goCauses{}
	vm, imp, err := c.newVM(causes)
	if err != nil {
		return nil, err
	}
	s := &Session{cfg: c, vm: vm, imp: imp, errs: recordErrors(vm, causes)}
	s.fast = c.newFastEngine(causeImporter{imp, causes}, causes)
	return s, nil
}
