package playground

import (
	"errors"
	"fmt"
	"net/url"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/kubecfg/kubecfg/internal/importer"
	"github.com/kubecfg/kubecfg/pkg/features"
	"github.com/kubecfg/kubecfg/pkg/kubecfg"
	"github.com/kubecfg/kubecfg/pkg/stdlib"
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
	inv := req.Invocation()
	resp.Command = inv.CommandLine()
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
		if p == nil {
			// Stored as answered, so that an answer from the cache has
			// a list of diagnostics too, never null.
			s.cache.storeResponse(reqKey, resp)
		}
	}()
	fsys := s.ws.fs(r.root())
	r.traces = traceSink{}
	env := kubecfg.Env{FS: fsys, Root: r.root(), MaxStack: r.MaxStack, TraceOut: &r.traces}
	if len(req.JURL) > 0 {
		env.Fetch = r.fetcher()
	}
	gates, err := inv.Gates(env)
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
	resp.Features = features.Rows(gates)
	for _, w := range gates.Warnings() {
		resp.Stderr += "warning: " + w + "\n"
		resp.Diagnostics = append(resp.Diagnostics, Diagnostic{Severity: "warning", Message: w})
	}
	sess, err := s.cache.session(keys.workspace, configKey(s.ws.names(), keys, resp.Features), fsys, &s.ws, r.root(), func() (*kubecfg.Session, error) {
		s, err := inv.Config(env, gates).NewSession()
		if s != nil {
			s.Reuse = true
		}
		return s, err
	})
	if err != nil {
		r.fail(&resp, err)
		return resp
	}
	err = r.evaluate(sess, inv, keys, &resp)
	resp.Stderr += r.traces.b.String()
	if r.traces.traced {
		// A program that traces prints its traces on every run of the
		// CLI: its next request gets a fresh VM, which evaluates (and
		// traces) everything again instead of answering from its caches.
		s.cache.forget(true)
	}
	if err != nil {
		r.fail(&resp, err)
		return resp
	}
	if req.TraceLine > 0 {
		resp.Trace = r.traceLine(sess, req, inv, keys, resp.Output)
		resp.NeedsFullEngine = resp.NeedsFullEngine || resp.Trace.needsFullEngine
	}
	if req.TraceAll {
		resp.Traces, resp.TracesCut = r.traceAll(sess, inv, keys, resp.Output)
		resp.NeedsFullEngine = resp.NeedsFullEngine || resp.Traces == nil
	}
	return resp
}

// evaluate carries the invocation out into resp (output, export files,
// eval's trace); show's objects are cached by the request's objects key,
// so a new output format reads nothing again.
func (r *Runner) evaluate(sess *kubecfg.Session, inv kubecfg.Invocation, keys keys, resp *Response) error {
	if inv.Command != "show" && inv.Command != "" {
		out, err := inv.Run(sess)
		if err != nil {
			return err
		}
		resp.Output = out
		if inv.Trace {
			t, err := sess.EvalTrace(inv.EvalOptions())
			if err != nil {
				return err
			}
			r.traces.b.WriteString(t.Text(false))
			resp.Trace = &Trace{File: inv.Inputs[0], Path: exprOrDollar(inv.Expr), Places: r.places(t)}
		}
		return nil
	}
	if inv.Output == "jsonnet" {
		return fmt.Errorf("the compiled Jsonnet view needs the eval command")
	}
	o, names, err := r.showObjects(sess, inv, keys.objects)
	if err != nil {
		return err
	}
	if inv.ExportDir != "" {
		resp.ExportFiles, err = inv.Export(o.objs, names)
		return err
	}
	format := inv.Output
	if format == "" {
		format = "yaml"
	}
	resp.Output, err = kubecfg.FormatObjects(o.objs, format)
	return err
}

// showObjects is Invocation.ShowObjects with the objects (and their
// sources) cached by key.
func (r *Runner) showObjects(sess *kubecfg.Session, inv kubecfg.Invocation, key string) (objects, *kubecfg.ExportNames, error) {
	names, err := inv.ExportTemplate()
	if err != nil {
		return objects{}, nil, err
	}
	o, err := r.cur.cache.objects(key, func() ([]kubecfg.Object, []kubecfg.Source, error) {
		return sess.ReadSources(inv.ReadOptions())
	})
	return o, names, err
}

// locateHook, when a test sets it, sees every error's diagnostic.
var locateHook func(err error, root string, d Diagnostic)

// fail records an error as the CLI prints it, and as a diagnostic.
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
	var je *kubecfg.JsonnetError
	if errors.As(err, &je) {
		d.Frames = frames(err, je.Frames)
		// The program called validateJSONSchema on an engine built
		// without it (a failed native call always fails the evaluation):
		// the page runs the request again on the full engine.
		if je.Msg == stdlib.ErrNoSchema.Error() {
			resp.NeedsFullEngine = true
		}
	}
	// So did an export file name template on an engine without sprig,
	// and eval --trace on one without the causal trace.
	if errors.Is(err, kubecfg.ErrNoExportFuncs) || errors.Is(err, kubecfg.ErrNoTrace) {
		resp.NeedsFullEngine = true
	}
	if r.MaxStack > 0 && hint == "" && je != nil && strings.HasPrefix(je.Msg, "max stack frames exceeded") {
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
