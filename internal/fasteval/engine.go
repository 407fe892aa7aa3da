package fasteval

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sync"
	"sync/atomic"

	jsonnet "github.com/google/go-jsonnet"
	"github.com/google/go-jsonnet/ast"
	"github.com/google/go-jsonnet/astgen"

	"github.com/kubecfg/kubecfg/internal/stdguard"
)

// Var is an external variable or top-level argument: a string, or
// Jsonnet code when Code is set.
type Var struct {
	Name  string
	Value string
	Code  bool
}

// Options are what an Engine evaluates with, as a go-jsonnet VM is
// configured: the importer, the native functions, the external variables
// and top-level arguments, the stack limit (0: go-jsonnet's 500) and
// where std.trace writes (nil: standard error).
type Options struct {
	Importer jsonnet.Importer
	Natives  []*jsonnet.NativeFunction
	ExtVars  []Var
	TLAs     []Var
	MaxStack int
	TraceOut io.Writer
	// GCPercent, when above 0, is the garbage collector's target
	// (debug.SetGCPercent) while an evaluation runs, the process's own
	// restored after it: fewer collections for a larger peak (which stays
	// below go-jsonnet's at the same program; docs/benchmarks.md).
	GCPercent int
}

// Engine evaluates Jsonnet programs. Evaluations share the files it
// imported, as a go-jsonnet VM does; an Engine is not safe for
// concurrent use.
type Engine struct {
	opts    Options
	natives map[string]*function
	ext     map[string]value
	std     *object
	imports map[importKey]importResult
	code    map[string]*thunk // an imported file's value, by where it was found
	formats map[string][]fmtCode
	keys    map[string]string // the keys of .json imports, interned
	// Stats counts evaluations: fast ones and fallbacks.
	Stats Stats
}

// Stats counts an Engine's evaluations: those the fast engine finished
// and those it left to go-jsonnet, with the last reason.
type Stats struct {
	Fast, Fallback int
	LastReason     string
}

// totals are Stats summed over every Engine of the process.
var totals struct{ fast, fallback atomic.Int64 }

// FallbackHook, when set, is told every evaluation the fast engine left
// to go-jsonnet: the file name and the reason (for tests and benchmarks
// that list a corpus's fallbacks; set it before evaluating).
var FallbackHook func(filename, reason string)

// Totals returns how many evaluations every Engine of the process
// finished and how many it left to go-jsonnet (for tests and benchmarks
// that count a corpus's outcomes through a whole command).
func Totals() (fast, fallback int64) { return totals.fast.Load(), totals.fallback.Load() }

type importKey struct{ from, path string }

type importResult struct {
	contents jsonnet.Contents
	foundAt  string
	err      error
}

// New returns an Engine.
func New(o Options) *Engine {
	if o.MaxStack <= 0 {
		o.MaxStack = 500
	}
	e := &Engine{opts: o, imports: map[importKey]importResult{}, code: map[string]*thunk{}}
	e.natives = map[string]*function{}
	for _, nf := range o.Natives {
		e.natives[nf.Name] = nativeFunction(nf)
	}
	return e
}

// interp is one evaluation's state.
type interp struct {
	eng      *Engine
	depth    int
	maxDepth int
	loc      *ast.LocationRange
	trace    bytes.Buffer
	frames   []frame
}

// Fallback is the error of an evaluation the fast engine did not finish:
// a construct it leaves to go-jsonnet or a runtime error. The caller
// evaluates the program with go-jsonnet, whose result is the answer.
type Fallback struct {
	Reason string
}

func (f *Fallback) Error() string { return "fast evaluator: " + f.Reason }

// Evaluate evaluates snippet as go-jsonnet's EvaluateSnippet does,
// giving the same JSON text, or a *Fallback error.
func (e *Engine) Evaluate(filename, snippet string) (string, error) {
	var out string
	err := e.run(filename, snippet, func(in *interp, v value) {
		b := in.manifest(make([]byte, 0, 4096), v, true, "")
		out = string(append(b, '\n'))
	})
	return out, err
}

// EvaluateValue evaluates snippet as Evaluate does and gives the value
// that encoding/json's Unmarshal into an any would make of Evaluate's
// text (map[string]any, []any, float64, string, bool, nil), without the
// text; or a *Fallback error.
func (e *Engine) EvaluateValue(filename, snippet string) (any, error) {
	var out any
	err := e.run(filename, snippet, func(in *interp, v value) { out = in.toJSON(v) })
	return out, err
}

// run evaluates snippet and hands its value to out; std.trace's lines are
// written only when both succeed.
func (e *Engine) run(filename, snippet string, out func(*interp, value)) (err error) {
	in := &interp{eng: e, maxDepth: e.opts.MaxStack}
	if e.opts.GCPercent > 0 {
		defer debug.SetGCPercent(debug.SetGCPercent(e.opts.GCPercent))
	}
	defer func() {
		if r := recover(); r != nil {
			err = &Fallback{Reason: reason(r)}
			// Thunks the failed run left half-done must not be seen again.
			e.code, e.std, e.ext = map[string]*thunk{}, nil, nil
			e.Stats.Fallback++
			e.Stats.LastReason = err.(*Fallback).Reason
			totals.fallback.Add(1)
			if FallbackHook != nil {
				FallbackHook(filename, e.Stats.LastReason)
			}
		}
	}()
	node, perr := jsonnet.SnippetToAST(filename, snippet)
	if perr != nil {
		panic(&evalError{"static error"})
	}
	in.enter() // go-jsonnet's frame of the evaluation
	v := in.evalFile(node, filename, filename)
	in.leave()
	if f, ok := v.(*function); ok {
		v = in.callTLAs(f)
	}
	out(in, v)
	if in.trace.Len() > 0 {
		w := e.opts.TraceOut
		if w == nil {
			w = os.Stderr
		}
		_, _ = w.Write(in.trace.Bytes())
	}
	e.Stats.Fast++
	totals.fast.Add(1)
	return nil
}

func reason(r any) string {
	switch r := r.(type) {
	case *evalError:
		return "runtime error: " + r.msg
	case *unsupported:
		return "unsupported: " + r.what
	}
	return fmt.Sprintf("internal error: %v\n%s", r, debug.Stack())
}

// evalFile evaluates a parsed file: std is the standard library with
// thisFile, imports are relative to from.
func (in *interp) evalFile(n ast.Node, thisFile, from string) value {
	c := &compiler{from: from}
	std := in.fileStd(thisFile)
	top := &env{vars: []value{std, std}}
	body := c.compile(n, newScope(nil, "std", "$std"))
	return body.eval(in, top)
}

func (in *interp) fileStd(thisFile string) *object {
	return extend(in.baseStd(), valuesObject(map[string]value{"thisFile": thisFile}, ast.ObjectFieldHidden))
}

var (
	stdOnce sync.Once
	stdDef  node
	stdErr  any
)

// compiledStd is go-jsonnet's standard library compiled once per process
// (after internal/stdguard and internal/stdformat rewrote it, if they did).
func compiledStd() node {
	stdOnce.Do(func() {
		defer func() { stdErr = recover() }()
		stdDef = (&compiler{}).compile(astgen.StdAst, newScope(nil, "$std"))
	})
	if stdErr != nil {
		panic(stdErr)
	}
	return stdDef
}

func (in *interp) baseStd() *object {
	e := in.eng
	if e.std != nil {
		return e.std
	}
	senv := &env{vars: []value{nil}}
	lit := in.force(compiledStd().eval(in, senv)).(*object)
	fields := make(map[string]value, len(builtins))
	for name, b := range builtins {
		fields[name] = b
	}
	if stdguard.Installed {
		// The guard's std.removeAt names its index "at" (go-jsonnet's
		// builtin "i"): named arguments must find what go-jsonnet finds.
		r := *builtins["removeAt"]
		r.params = []ast.Identifier{"arr", "at"}
		fields["removeAt"] = &r
	}
	std := extend(lit, valuesObject(fields, ast.ObjectFieldHidden))
	senv.vars[0] = std
	e.std = std
	return std
}

func (in *interp) callTLAs(f *function) value {
	e2 := newEnv(len(f.params), f.env)
	vars := e2.vars
	for _, t := range in.eng.opts.TLAs {
		k := paramIndex(f.params, ast.Identifier(t.Name))
		if k < 0 {
			in.fail("function has no parameter " + t.Name)
		}
		vars[k] = in.varValue(t, "top-level-arg")
	}
	if f.builtin != nil {
		if f.stub {
			f.builtin(in, nil)
		}
		for i := range vars {
			if vars[i] == nil {
				if f.defaults == nil {
					in.fail("Missing argument: " + string(f.params[i]))
				}
				continue
			}
			vars[i] = in.force(vars[i])
		}
		return f.builtin(in, vars)
	}
	return in.callClosure(f, e2, false)
}

// varValue is an external variable's or top-level argument's value.
func (in *interp) varValue(v Var, kind string) value {
	if !v.Code {
		return cleanString(v.Value)
	}
	return &thunk{node: &codeN{"<" + kind + ":" + v.Name + ">", v.Value}}
}

// codeN is the code of an external variable or top-level argument,
// parsed when first used.
type codeN struct{ name, code string }

func (c *codeN) eval(in *interp, _ *env) value {
	n, err := jsonnet.SnippetToAST(c.name, c.code)
	if err != nil {
		in.fail("static error in " + c.name)
	}
	body := (&compiler{from: ""}).compile(n, newScope(nil, "std", "$std"))
	std := in.fileStd(c.name)
	return body.eval(in, &env{vars: []value{std, std}})
}

func (in *interp) extVar(name string) value {
	e := in.eng
	if e.ext == nil {
		e.ext = map[string]value{}
		for _, v := range e.opts.ExtVars {
			e.ext[v.Name] = in.varValue(v, "extvar")
		}
	}
	v, ok := e.ext[name]
	if !ok {
		in.fail("Undefined external variable: " + name)
	}
	return in.force(v)
}

func (in *interp) importValue(kind importKind, from, path string) value {
	e := in.eng
	key := importKey{from, path}
	r, ok := e.imports[key]
	if !ok {
		if e.opts.Importer == nil {
			in.fail("no importer")
		}
		r.contents, r.foundAt, r.err = e.opts.Importer.Import(from, path)
		e.imports[key] = r
	}
	if r.err != nil {
		in.fail("import failed: " + r.err.Error())
	}
	switch kind {
	case importString:
		return cleanString(r.contents.String())
	case importBinary:
		data := r.contents.Data()
		el := make([]value, len(data))
		for i, b := range data {
			el[i] = float64(b)
		}
		return &array{elems: el}
	}
	t, ok := e.code[r.foundAt]
	if !ok && isJSONFile(r.foundAt) {
		if e.keys == nil {
			e.keys = map[string]string{}
		}
		if v, err := decodeJSON(r.contents.Data(), e.keys); err == nil {
			t = &thunk{val: v, state: 2}
			e.code[r.foundAt] = t
			ok = true
		}
	}
	if !ok {
		n, err := jsonnet.SnippetToAST(r.foundAt, r.contents.String())
		if err != nil {
			in.fail("static error in " + r.foundAt)
		}
		t = &thunk{node: &fileN{n, r.foundAt}}
		e.code[r.foundAt] = t
	}
	return in.force(t)
}

// fileN is an imported file, compiled when first evaluated.
type fileN struct {
	n       ast.Node
	foundAt string
}

func (f *fileN) eval(in *interp, _ *env) value {
	return in.evalFile(f.n, f.foundAt, f.foundAt)
}
