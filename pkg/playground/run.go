package playground

import (
	"errors"
	"fmt"
	"net/url"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/kubecfg/kubecfg/internal/diag"
	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/internal/kubecfg"
	"github.com/kubecfg/kubecfg/pkg/features"
	"github.com/kubecfg/kubecfg/pkg/stdlib"
	"github.com/kubecfg/kubecfg/pkg/yakl"
)

// DefaultRoot is the directory a workspace's files are placed in. Error
// texts name files as file:///workspace/NAME, as the CLI run in
// /workspace would.
const DefaultRoot = "/workspace"

// Runner evaluates requests. The zero value places files in DefaultRoot.
// A Runner remembers the last workspace it evaluated: a request against
// the same files, features and variables reuses its VM (files already
// imported are not evaluated again) and the objects show found, and a
// request seen before is answered from a cache. Besides the stateless
// Run, it keeps workspaces by session id (Update, RunSession, Dispose:
// the session protocol, session.go), each with caches of its own. It is
// safe for concurrent use; requests run one at a time.
type Runner struct {
	// Root is the absolute directory the workspace's files are placed in
	// and the current directory of the evaluation.
	Root string
	// Now is the clock for timings; nil means time.Now.
	Now func() time.Time
	// MaxStack, when set, is the Jsonnet stack limit instead of
	// go-jsonnet's 500. The browser's engine sets a lower one (see
	// wasm/playground): there every Go call is a call on the browser's own
	// stack, which a deep evaluation can exhaust before go-jsonnet's limit.
	// The limit's error then says so in a hint.
	MaxStack int
	// Fetch gets the -U search URLs' files (Request.JURL); nil is
	// importer.DefaultFetcher(): net/http natively, the browser's fetch
	// in the wasm build.
	Fetch importer.Fetcher
	// Schema gives a Kubernetes minor's schemas to validate requests
	// (natively k8sschema.Data); nil: those handed over with SetSchema,
	// as the browser's engine gets them.
	Schema func(version string) ([]byte, error)

	// schemas are the minors' schemas handed over (SetSchema), under
	// schemaMu: the shim hands them over while a request may be running.
	schemaMu sync.Mutex
	schemas  map[string][]byte

	mu sync.Mutex
	// session is the workspace and caches of the stateless Run;
	// sessions are the session protocol's (Update, RunSession), by id.
	session
	sessions map[string]*session
	// cur is the session of the request being run.
	cur *session
	// traces collects what the program writes with std.trace during a
	// request: the CLI prints it on standard error.
	traces traceSink
}

// fetcher is what gets the -U URLs' files.
func (r *Runner) fetcher() importer.Fetcher {
	if r.Fetch != nil {
		return r.Fetch
	}
	return importer.DefaultFetcher()
}

// traceSink is the VMs' std.trace output, for the request being run.
type traceSink struct {
	b      strings.Builder
	traced bool // the VM wrote to it during this request
}

func (t *traceSink) Write(p []byte) (int, error) {
	t.traced = true
	return t.b.Write(p)
}

func (r *Runner) root() string {
	if r.Root == "" {
		return DefaultRoot
	}
	return r.Root
}

func (r *Runner) now() time.Time {
	if r.Now == nil {
		return time.Now()
	}
	return r.Now()
}

// Run evaluates one request as the CLI would and never panics: a panic
// inside the evaluator becomes an error response.
func Run(req Request) Response { return (&Runner{}).Run(req) }

// Run evaluates one request, stateless: the request's files are the
// whole workspace. The Runner's own session keeps the last request's
// files, and takes in only those that differ from them.
func (r *Runner) Run(req Request) Response {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.session.ws.replace(req.Files, req.Links)
	return r.run(&r.session, req)
}

// run evaluates req against s's workspace (its files and links are the
// request's).
func (r *Runner) run(s *session, req Request) (resp Response) {
	start := r.now()
	r.cur = s
	req.Files, req.Links = nil, s.ws.links
	keys := keysFor(req, s.ws.filesKey())
	reqKey := keys.request
	if cached, ok := s.cache.response(reqKey); ok {
		cached.Timings = Timings{TotalMs: float64(r.now().Sub(start).Microseconds()) / 1000, Cached: true}
		return cached
	}
	inv := req.Invocation
	resp.Command = inv.CommandLine()
	// noStore: the answer depends on more than the request and the files
	// (validate's schemas, not handed over yet).
	noStore := false
	defer func() {
		p := recover()
		if p != nil {
			resp.Output = ""
			r.fail(&resp, fmt.Errorf("internal error: %v", p))
			s.cache.forget(false) // the VM may be in any state
		}
		if resp.Diagnostics == nil {
			resp.Diagnostics = []Diagnostic{}
		}
		if resp.Features == nil {
			resp.Features = features.Rows(features.Defaults())
		}
		resp.Timings.TotalMs = float64(r.now().Sub(start).Microseconds()) / 1000
		if p == nil && !noStore {
			// Stored as answered, so that an answer from the cache has
			// a list of diagnostics too, never null.
			s.cache.storeResponse(reqKey, resp)
		}
	}()
	fsys := s.ws.fs(r.root())
	r.traces = traceSink{}
	var warnings strings.Builder
	env := kubecfg.Env{FS: fsys, Root: r.root(), MaxStack: r.MaxStack, TraceOut: &r.traces, Warn: &warnings, Schema: r.schema, TraceBudget: traceBudget}
	if len(req.JURL) > 0 {
		env.Fetch = r.fetcher()
	}
	cfg, err := inv.Configure(env)
	resp.Stderr += warnings.String()
	if err != nil {
		// The table still shows what the flags say (a broken rc file
		// would otherwise leave it at the defaults, contradicting the
		// controls and the command line).
		if g, ferr := features.New(inv.Alpha, features.Source{Name: features.SourceFeatures, Items: features.SplitList(inv.Features...)}); ferr == nil {
			resp.Features = features.Rows(g)
		}
		r.fail(&resp, err)
		return resp
	}
	resp.Features = features.Rows(cfg.Gates)
	for _, w := range cfg.Gates.Warnings() {
		resp.Diagnostics = append(resp.Diagnostics, Diagnostic{Severity: "warning", Message: w})
	}
	wsKey, cfgKey := vmKeys(&s.ws, keys, cfg)
	sess, err := s.cache.session(wsKey, cfgKey, fsys, &s.ws, r.root(), func() (*kubecfg.Session, error) {
		s, err := cfg.NewSession()
		if s != nil {
			s.Reuse = true
		}
		return s, err
	})
	if err != nil {
		r.fail(&resp, err)
		return resp
	}
	res := r.evaluate(sess, inv, &resp)
	resp.Stderr += r.traces.b.String()
	if r.traces.traced {
		// A program that traces prints its traces on every run of the
		// CLI: its next request gets a fresh VM, which evaluates (and
		// traces) everything again instead of answering from its caches.
		s.cache.forget(true)
	}
	if inv.Command == "validate" {
		if done, store := r.validated(&resp, res, inv); done {
			noStore = !store
			return resp
		}
	}
	if res.Err != nil {
		r.fail(&resp, res.Err)
		return resp
	}
	if req.TraceLine > 0 {
		resp.Trace = r.traceLine(sess, req, inv, res.Sources, resp.Output)
		resp.NeedsFullEngine = resp.NeedsFullEngine || resp.Trace.needsFullEngine
	}
	if req.TraceAll {
		resp.Traces, resp.TracesCut = r.traceAll(sess, inv, res.Sources, resp.Output)
		resp.NeedsFullEngine = resp.NeedsFullEngine || resp.Traces == nil
	}
	return resp
}

// evaluate carries the invocation out (Invocation.Run) into resp: the
// output, the export's files, eval --trace's trace (its text follows the
// program's std.trace lines on standard error). The session keeps show's
// objects, so a new output format reads nothing again.
func (r *Runner) evaluate(sess *kubecfg.Session, inv kubecfg.Invocation, resp *Response) kubecfg.Result {
	res := inv.Run(sess)
	if res.Read {
		r.cur.cache.reads++
	}
	resp.Output = res.Output
	if len(res.Files) > 0 {
		resp.ExportFiles = res.Files
	}
	if res.Trace != nil {
		r.traces.b.WriteString(res.TraceText())
		resp.Trace = &Trace{File: inv.Args()[0], Path: exprOrDollar(inv.Expr), Places: r.places(res.Trace)}
	}
	return res
}

// locateHook, when a test sets it, sees every error's diagnostic.
var locateHook func(err error, root string, d Diagnostic)

// fail records an error as the CLI prints it, and as a diagnostic: its
// place, kind and frames from the error's data (diag.Error).
func (r *Runner) fail(resp *Response, err error) {
	hint := kubecfg.Hint(err)
	resp.Stderr += kubecfg.ErrorText(err)
	resp.ExitCode = 1
	d := locateError(err, r.root())
	if locateHook != nil {
		locateHook(err, r.root(), d)
	}
	d.Severity = "error"
	d.Hint = hint
	var notObject *kubecfg.NotObjectError
	d.OfferEval = errors.As(err, &notObject) && notObject.EvalPrints()
	if e, ok := diag.As(err); ok {
		data := e.Diagnostic()
		d.Kind = string(data.Kind)
		d.Frames = frames(err, data.Frames)
	}
	var gate *features.DisabledError
	if errors.As(err, &gate) {
		d.Kind, d.Feature = KindGate, gate.Feature.Name
	}
	// The program called validateJSONSchema on an engine built without
	// it (a failed native call always fails the evaluation), an export
	// file name template needs sprig, eval --trace the causal trace, eval
	// -o jsonnet of a .yakl file jsonnetfmt's printer: the page runs the
	// request again on the full engine.
	if errors.Is(err, stdlib.ErrNoSchema) || errors.Is(err, kubecfg.ErrNoExportFuncs) || errors.Is(err, kubecfg.ErrNoTrace) || errors.Is(err, yakl.ErrNoFormat) {
		resp.NeedsFullEngine = true
	}
	// validate, and show --reorder=client (the built-in kinds), are the
	// full engine's too: a diagnostic of its own kind.
	if errors.Is(err, kubecfg.ErrNoValidate) || errors.Is(err, kubecfg.ErrNoReorder) {
		resp.NeedsFullEngine, d.Kind = true, KindNeedsFullEngine
	}
	if r.MaxStack > 0 && hint == "" && d.Kind == string(diag.StackLimit) {
		d.Hint = fmt.Sprintf("this engine stops at %d Jsonnet stack frames, where the kubecfg command line allows 500: in the browser every call runs on the browser's own stack", r.MaxStack)
	}
	resp.Diagnostics = append(resp.Diagnostics, d)
}

// relName turns a file URL or path under root into the workspace name.
func relName(name, root string) string {
	name = strings.TrimPrefix(name, importer.YAKLScheme)
	if p, ok := strings.CutPrefix(name, "file://"); ok {
		// A file URL escapes what a name may hold (%20, %3C): the name is
		// the file's as typed.
		if u, err := url.PathUnescape(p); err == nil {
			p = u
		}
		name = p
	}
	if rel, ok := strings.CutPrefix(name, strings.TrimSuffix(root, "/")+"/"); ok {
		return rel
	}
	return path.Clean(name)
}
