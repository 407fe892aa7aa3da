// Runner owns the evaluation worker: the first worker compiles the engine
// (off the page's main thread) and hands the Module back, later workers get
// it ready-made; it keeps at most one run in flight (newer requests replace
// a queued one), and stops a run past its time limit by terminating the
// worker and starting a fresh one at once.
//
// Requests come in lanes, each with at most one request waiting: "main"
// (the page's runs of the workspace), "validate" (the Validate switch's
// check of a show's objects), "export" (a download of the objects as
// files) and "trace" (where an output line comes from). The worker takes
// main first, then validate, export, trace. A main run drops the
// validation and the trace waiting (the program they check or trace has
// changed), and ends a preemptible run
// in flight (a trace of the whole output, which takes up to 1.5 s) by
// starting a fresh worker, so an edit never waits for a trace. A main run
// (or a validation) that has run for staleAfterMs (300 ms) while a newer
// main request waits is ended the same way: the program it evaluates is
// no longer the one in the editor, and a new edit must not wait behind
// it. A shorter run is
// left to finish, as a fresh worker would cost more than waiting for it
// (and its caches of the workspace).
//
// The workspace crosses to the worker as a session (the engine's delta
// protocol, ARCHITECTURE.md): each run names a session ("page", or an
// embed's own), and the runner keeps, for each worker, the files and links
// it last sent for each session. A run first posts an update with the
// files that changed since ({rev, base, files: {path: text|null}, links}),
// or the whole workspace (full) to a worker that holds none of it (a fresh
// worker after preempt, the watchdog, a crash, the switch to the full
// engine, or the prepared spare), then the run {session, rev, request}
// without the files. A worker whose engine does not hold that revision
// answers stale, and the runner sends the whole workspace again; a request
// whose files are not all texts runs stateless, the files inside it.
//
// The page starts on the core engine (kubecfg-core.wasm: no JSON Schema
// validator, so it is smaller and starts faster). A run that needs the
// validator comes back with needsFullEngine; the runner then switches to
// the full engine (kubecfg.wasm) for good and runs the request again, so
// the page only ever sees kubecfg's own answer.
//
// The fast evaluator (the alpha feature fast-eval, internal/fasteval) is
// the full engine's too: a request that turns it on (fastWanted) runs on
// the full engine, which the runner switches to before the run; a core
// engine's answer whose features table says it is on (an rc file's
// features, say) prepares the full engine, which takes over after it.

import { sessionsOf, texts, delta } from "./session.js";
import { requestKey } from "./trace.js";

export { delta };

/**
 * TimeoutError marks a run that was stopped: by the watchdog at the time
 * limit (reason "limit") or at the user's request ("request"). Its kind,
 * "timeout", is what the page checks: the page and the boot script bundle
 * this file apart, so instanceof does not hold across them.
 */
export class TimeoutError extends Error {
  constructor(message, reason = "limit") {
    super(message);
    this.name = "TimeoutError";
    this.kind = "timeout";
    this.reason = reason;
  }
}

/**
 * EngineCrash marks a run during which the engine died (a fatal Go error
 * such as a stack overflow, or a trap); its message says why when that is
 * known, in the CLI's words (internal/fatal). Its kind is "crash".
 */
export class EngineCrash extends Error {
  constructor(message) {
    super(message);
    this.name = "EngineCrash";
    this.kind = "crash";
  }
}

/**
 * stoppedSentence is what the page says of a run that the watchdog
 * stopped or the engine's death ended (kind "timeout" or "crash"): the
 * error's message as a sentence; "" for any other error.
 */
export function stoppedSentence(err) {
  if (err?.kind !== "timeout" && err?.kind !== "crash") return "";
  return `${err.message.charAt(0).toUpperCase()}${err.message.slice(1)}.`;
}

/**
 * fastWanted tells whether request's flags turn the alpha feature
 * fast-eval on: --features=fast-eval (or =true), or --alpha without
 * fast-eval=false.
 */
export function fastWanted(request) {
  const items = (request?.features || []).flatMap((f) => String(f).split(",")).map((f) => f.trim());
  const last = items.filter((f) => f === "fast-eval" || f.startsWith("fast-eval=")).pop();
  if (last !== undefined) return last === "fast-eval" || last === "fast-eval=true";
  return !!request?.alpha;
}

/** firstRunMs is the Time limit of a workspace's first run on the page at the default limit. */
export const firstRunMs = 60000;

const lanes = ["main", "validate", "export", "trace", "compare"];

/**
 * takeNext takes out of queued (jobs with a lane) the job to run next:
 * the first of the main lane, then of validate, export, trace, compare
 * (compare.js: the shared version's output); or null.
 */
export function takeNext(queued) {
  for (const lane of lanes) {
    const i = queued.findIndex((j) => j.lane === lane);
    if (i >= 0) return queued.splice(i, 1)[0];
  }
  return null;
}

export class Runner {
  /**
   * @param {{wasmUrl: string, fullWasmUrl?: string, wasmExecUrl: string,
   *          workerUrl: string, timeoutMs?: number,
   *          wasmBytes?: number,
 *          onRestart?: (why: string, request?: object) => void,
 *          onProgress?: (p: {loaded: number, total: number, done: boolean}) => void,
 *          onReady?: () => void}} opts
   * wasmUrl is the engine to start with; fullWasmUrl, when given, the one
   * to switch to for a run that needs it. onRestart(why) is told of a new
   * worker: "full" (with the request that needs the full engine),
   * "crash" or "timeout". onProgress is told how the download of an
   * engine goes (total is wasmBytes for the first engine, else 0);
   * onReady is told that a worker's engine has started.
   */
  constructor(opts) {
    this.opts = { timeoutMs: 5000, staleAfterMs: 300, ...opts };
    this.defaultTimeoutMs = this.opts.timeoutMs; // the page's Time limit sets opts.timeoutMs per run
    this.url = opts.wasmUrl; // the engine in use
    this.module = null; // its WebAssembly.Module, once a worker compiled it
    this.full = !opts.fullWasmUrl;
    this.worker = null;
    this.workerReady = null;
    this.started = null;
    this.seq = 0;
    this.inflight = null; // {id, request, resolve, reject, lane, preempt, timer}
    this.queued = []; // jobs waiting, at most one per lane: {request, resolve, reject, lane, preempt}
    this.version = "";
    this.features = [];
    this.startup = null;
    this.preempted = 0; // runs ended by preempt, for the tests and the benchmark
    this.preparing = null; // prepareFull's promise
    this.spare = null; // the prepared full engine's worker, until it takes over: { w, m }
    this.prepared = 0;
    this.revs = 0; // the last revision given to an update, of any session
    this.stale = 0; // stale answers recovered from, for the tests
    this.earlyRun = null; // early's run until the page's first main run: { key, promise }
  }

  /**
   * fromPage makes a runner from the page's <meta name="kubecfg:…"> tags
   * (index.html, embed.html) and ?timeout=MS.
   */
  static fromPage(doc = document, loc = location) {
    const meta = (name, dflt) => doc.querySelector(`meta[name="kubecfg:${name}"]`)?.content || dflt;
    return new Runner({
      wasmUrl: meta("wasm", "kubecfg.wasm"),
      fullWasmUrl: meta("wasm-full", ""),
      wasmExecUrl: new URL(meta("wasm-exec", "wasm_exec.js"), loc.href).href,
      wasmBytes: Number(meta("wasm-bytes", "0")) || 0,
      workerUrl: meta("worker", "dist/worker.js"),
      timeoutMs: Number(new URLSearchParams(loc.search).get("timeout")) || 5000,
    });
  }

  /**
   * build names the engines' build (their URLs carry content hashes): an
   * answer saved from one build is only shown by the same build.
   */
  build() {
    return `${this.opts.wasmUrl} ${this.opts.fullWasmUrl || ""}`;
  }

  /** start starts the first worker, which compiles the engine, once. */
  start() {
    if (!this.started) {
      this.started = this.spawn();
      this.started.catch(() => {}); // the caller of start sees the error
    }
    return this.started;
  }

  /**
   * spawn starts a worker: from the compiled module when there is one,
   * else the worker compiles this.url and sends the module back.
   */
  spawn() {
    if (!this.worker) performance.mark("kubecfg:worker-spawned");
    // The first worker finds its engine's URLs in its name and starts
    // compiling at once: a message posted to a new worker is held on the
    // page's main thread until that thread sees the worker's script has
    // run, which on a page still loading its editor took 100-300 ms. A
    // later worker gets the compiled module in its init message. URLs are
    // made absolute: the worker would resolve them against its own URL.
    const boot = this.module ? "" : JSON.stringify({
      wasmUrl: new URL(this.url, location.href).href,
      wasmExecUrl: this.opts.wasmExecUrl,
      wasmBytes: this.url === this.opts.wasmUrl ? this.opts.wasmBytes || 0 : 0, // the size of the engine the page starts on
    });
    const w = new Worker(this.opts.workerUrl, { name: boot });
    this.worker = w;
    const init = this.module ? { module: this.module } : {};
    this.workerReady = new Promise((resolve, reject) => {
      w.onmessage = (ev) => {
        const m = ev.data;
        if (m.type === "ready") {
          if (m.module) this.module = m.module;
          this.version = m.version;
          this.features = m.features || [];
          this.startup = m.startup || null;
          w.onmessage = (e) => this.onResult(w, e.data);
          this.opts.onReady?.(); // after its ready message: the worker's engine is started
          w.onerror = (e) => {
            e.preventDefault(); // handled: the worker is replaced
            if (w === this.worker) this.crashed(`the engine failed (${e.message || "error"}) during the evaluation`);
          };
          resolve(m);
        } else if (m.type === "failed") {
          reject(new Error(m.message));
        } else if (m.type === "progress") {
          this.opts.onProgress?.(m);
        }
      };
      w.onerror = (ev) => reject(new Error(ev.message || "the worker failed to start"));
      w.postMessage({ type: "init", ...init, wasmExecUrl: this.opts.wasmExecUrl });
    });
    return this.workerReady;
  }

  /**
   * prepareFull starts the full engine ahead of a run that needs it (the
   * page calls it in idle time when the engine is already in this
   * browser's cache): a spare worker downloads, compiles and starts it,
   * off the page's main thread, while the core engine's worker goes on
   * answering; once it is ready, and the run in flight (if any) is over,
   * it takes over for good, as upgrade would. It resolves to whether the
   * full engine is the one in use (prepared counts the times it was
   * prepared so, for the tests).
   */
  prepareFull() {
    if (this.full) return Promise.resolve(true);
    if (this.preparing) return this.preparing;
    const url = this.opts.fullWasmUrl;
    performance.mark("kubecfg:full-engine-preparing"); // read by the tests: after the first result and the language service
    const w = new Worker(this.opts.workerUrl, {
      name: JSON.stringify({ wasmUrl: new URL(url, location.href).href, wasmExecUrl: this.opts.wasmExecUrl, wasmBytes: 0 }),
    });
    this.preparing = new Promise((resolve) => {
      const fail = () => { w.terminate(); this.preparing = null; resolve(false); };
      w.onerror = (ev) => { ev.preventDefault?.(); fail(); };
      w.onmessage = (ev) => {
        const m = ev.data;
        if (m.type === "failed") fail();
        if (m.type !== "ready") return; // its progress is not the page's news
        if (this.full) { w.terminate(); resolve(true); return; } // upgraded meanwhile
        this.spare = { w, m };
        this.takeSpare();
        resolve(true);
      };
      w.postMessage({ type: "init", wasmExecUrl: this.opts.wasmExecUrl });
    });
    return this.preparing;
  }

  /**
   * takeSpare makes the prepared full engine's worker the runner's, when
   * no run is in flight (pump calls it again after each run).
   */
  takeSpare() {
    if (!this.spare || this.inflight || this.full) return;
    const { w, m } = this.spare;
    this.spare = null;
    this.worker?.terminate();
    this.full = true;
    this.url = this.opts.fullWasmUrl;
    this.module = m.module || null;
    this.version = m.version;
    this.features = m.features || this.features;
    this.worker = w;
    this.workerReady = Promise.resolve(m);
    w.onmessage = (e) => this.onResult(w, e.data);
    w.onerror = (e) => {
      e.preventDefault();
      if (w === this.worker) this.crashed(`the engine failed (${e.message || "error"}) during the evaluation`);
    };
    this.prepared++;
    performance.mark("kubecfg:full-engine-prepared"); // read by the tests and the benchmark
    this.opts.onReady?.();
  }

  /**
   * run evaluates one request; a newer call of the same lane replaces one
   * still queued (which resolves to null). lane is "main", "validate",
   * "export" or "trace"; preempt marks a run that a main run may end (it
   * then resolves to null). schema, {version, data}, is a Kubernetes
   * minor's schemas that the request needs (validate): handed to a worker
   * that has not had them, before the run.
   */
  run(request, { lane = "main", preempt = false, session = "page", schema } = {}) {
    if (lane === "main" && this.earlyRun) {
      // The page's first run: the boot script's, when it is the same.
      const e = this.earlyRun;
      this.earlyRun = null;
      if (e.key === requestKey(request) && session === "page") return e.promise.then((r) => r ?? this.run(request, { lane, preempt, session }));
    }
    return new Promise((resolve, reject) => {
      this.drop(lane);
      if (lane === "main") this.drop("trace"), this.drop("validate");
      this.queued.push({ request, resolve, reject, lane, preempt, session, schema });
      if (lane === "main") {
        // (Not while the first worker still compiles the engine: a fresh
        // worker would compile it again.)
        if (this.inflight?.preempt && this.module) this.preempt();
        else if (this.inflight?.lane === "main" || this.inflight?.lane === "validate") this.supersede(this.inflight);
      }
      this.pump();
    });
  }

  /**
   * early posts request as the page's first run before the page's code
   * has made it: the boot script knows the request on a browser's first
   * visit (the build's answer) and on a short link (its snippet), so the
   * engine runs it the moment it is ready instead of waiting for main.js
   * to read its storage and make its editors. The next main run of the same request (its
   * version field aside) takes this run's answer instead of running it
   * again; any other request supersedes it as a newer edit would. limitMs
   * is the run's time limit (at least the runner's) until the page sets
   * its own. Once the page has run anything, it does nothing (resolves to
   * null).
   */
  early(request, limitMs = 0) {
    // Only as the page's first run: after one it would be a newer edit.
    if (this.seq || this.inflight || this.queued.length) return Promise.resolve(null);
    this.setLimit(Math.max(limitMs, this.opts.timeoutMs));
    const promise = this.run(request);
    promise.catch(() => {}); // the page's run of it sees the error
    this.earlyRun = { key: requestKey(request), promise };
    return promise;
  }

  /**
   * supersede ends job, the main run or validation in flight, once it has
   * run for staleAfterMs, if a newer main request is still waiting then.
   */
  supersede(job) {
    clearTimeout(job.staleTimer);
    const wait = Math.max(0, job.startedAt + this.opts.staleAfterMs - performance.now());
    job.staleTimer = setTimeout(() => {
      if (this.inflight === job && this.module && this.queued.some((j) => j.lane === "main")) this.preempt();
    }, wait);
  }

  /** drop resolves the job waiting in lane, if any, to null. */
  drop(lane) {
    const i = this.queued.findIndex((j) => j.lane === lane);
    if (i >= 0) this.queued.splice(i, 1)[0].resolve(null);
  }

  /** next takes the waiting job to run next (takeNext). */
  next() { return takeNext(this.queued); }

  /**
   * preempt ends the preemptible run in flight: its worker is replaced by
   * a fresh one (from the compiled module), and the run resolves to null.
   */
  preempt() {
    const job = this.inflight;
    this.inflight = null;
    clearTimeout(job.timer);
    clearTimeout(job.staleTimer);
    this.worker.terminate();
    this.spawn().catch(() => {}); // pump reports a failure to the next job
    this.preempted++;
    performance.mark("kubecfg:preempted"); // read by the tests
    job.resolve(null);
    this.pump();
  }

  async pump() {
    this.takeSpare();
    if (this.inflight || !this.queued.length) return;
    const job = this.next();
    if (!this.full && this.opts.fullWasmUrl && fastWanted(job.request)) this.toFull(job.request);
    const id = ++this.seq;
    this.inflight = { ...job, id, timer: 0, staleTimer: 0, startedAt: performance.now() };
    this.start();
    // Posted at once: a worker still starting runs it the moment its
    // engine is ready, without a round trip through this thread. The time
    // limit counts from then.
    this.post(this.worker, job, id);
    try {
      await this.workerReady;
    } catch (err) {
      if (this.inflight?.id === id) this.inflight = null;
      job.reject(err);
      this.pump();
      return;
    }
    if (!this.inflight || this.inflight.id !== id) return;
    this.inflight.timer = setTimeout(() => this.timeout(id), this.opts.timeoutMs);
  }

  /**
   * post sends job to worker w as run id: the session's update first when
   * its files or links differ from what w holds (sessionsOf), then the
   * run; a request whose files are not all texts, or whose session w has
   * answered stale once already for this job, as a stateless run. A job's
   * schema goes first to a worker that has not had it (w.schemas: the
   * versions it was given).
   */
  post(w, job, id) {
    const { files, links, ...rest } = job.request || {};
    const sc = job.schema;
    if (sc && !(w.schemas ||= new Set()).has(sc.version)) {
      w.postMessage({ type: "k8sSchema", ...sc });
      w.schemas.add(sc.version);
    }
    if (job.stateless || !texts(files)) {
      w.postMessage({ type: "run", id, request: job.request });
      return;
    }
    const held = sessionsOf(w).get(job.session);
    const linksKey = JSON.stringify(links || {});
    const update = delta(held, files, linksKey);
    let rev = held?.rev;
    if (update) {
      rev = ++this.revs;
      w.postMessage({ type: "update", session: job.session, update: { rev, base: held?.rev || 0, ...update, ...(held?.linksKey !== linksKey ? { links: links || {} } : {}) } });
      sessionsOf(w).set(job.session, { files: { ...files }, linksKey, rev });
      // Read by the tests: which files crossed.
      performance.mark("kubecfg:update", { detail: { session: job.session, full: !!update.full, files: Object.keys(update.files) } });
    }
    w.postMessage({ type: "run", id, session: job.session, rev, request: rest });
  }

  /**
   * dispose forgets a session: its worker's engine drops its workspace
   * and caches.
   */
  dispose(session) {
    const w = this.worker;
    if (w && sessionsOf(w).delete(session)) w.postMessage({ type: "dispose", session });
  }

  onResult(w, m) {
    if (w === this.worker && m.type === "exited") { this.crashed(m.message || "the engine exited during the evaluation"); return; }
    if (w === this.worker && m.type === "stale" && this.inflight?.id === m.id) {
      // The engine does not hold the revision (it was never sent the
      // workspace, or lost it): the whole workspace again, then stateless
      // if even that is refused.
      const job = this.inflight;
      this.stale++;
      sessionsOf(w).delete(job.session);
      if (job.staleOnce) job.stateless = true;
      job.staleOnce = true;
      this.post(w, job, job.id);
      return;
    }
    if (w !== this.worker || m.type !== "result" || !this.inflight || m.id !== this.inflight.id) return;
    const job = this.inflight;
    clearTimeout(job.timer);
    this.inflight = null;
    if (m.response.needsFullEngine && !this.full) {
      this.upgrade(job);
      return;
    }
    if (!this.full && m.response.features?.some((f) => f.name === "fast-eval" && f.enabled)) this.prepareFull();
    job.resolve({ ...m.response, wallMs: m.wallMs });
    this.pump();
  }

  /**
   * upgrade switches to the full engine for good and runs job again on it
   * (unless a newer request has replaced it meanwhile).
   */
  upgrade(job) {
    if (this.spare) {
      // The full engine is prepared already (prepareFull): it takes over.
      this.takeSpare();
      if (this.queued.some((j) => j.lane === job.lane)) job.resolve(null);
      else this.queued.unshift({ request: job.request, resolve: job.resolve, reject: job.reject, lane: job.lane, preempt: job.preempt, session: job.session, schema: job.schema });
      this.pump();
      return;
    }
    this.full = true;
    this.worker.terminate();
    this.url = this.opts.fullWasmUrl;
    this.module = null;
    this.spawn().catch(() => {}); // pump reports a failure to the job
    if (this.opts.onRestart) this.opts.onRestart("full", job.request);
    if (this.queued.some((j) => j.lane === job.lane)) job.resolve(null);
    else this.queued.unshift({ request: job.request, resolve: job.resolve, reject: job.reject, lane: job.lane, preempt: job.preempt, session: job.session, schema: job.schema });
    this.pump();
  }

  /**
   * toFull switches to the full engine for good before a run (one that
   * turns fast-eval on): the prepared one if there is one, else a fresh
   * worker that downloads and compiles it.
   */
  toFull(request) {
    if (this.spare) { this.takeSpare(); return; }
    this.full = true;
    this.worker?.terminate();
    this.url = this.opts.fullWasmUrl;
    this.module = null;
    this.started = this.spawn();
    this.started.catch(() => {}); // pump reports a failure to the job
    if (this.opts.onRestart) this.opts.onRestart("full", request);
  }

  /**
   * crashed replaces a worker that died (out of memory, say) at once, and
   * fails the run in flight with why.
   */
  crashed(why) {
    const job = this.inflight;
    this.inflight = null;
    if (job) clearTimeout(job.timer);
    this.worker.terminate();
    this.spawn().catch(() => {});
    if (this.opts.onRestart) this.opts.onRestart("crash");
    if (job) job.reject(new EngineCrash(`${why}; started a fresh engine`));
    this.pump();
  }

  timeout(id) {
    if (!this.inflight || this.inflight.id !== id) return;
    this.end(`stopped: the evaluation ran past ${seconds(this.opts.timeoutMs)}; started a fresh engine`);
  }

  /**
   * setLimit sets the time limit to ms, for the run in flight too (its
   * time counts from when it was posted).
   */
  setLimit(ms) {
    this.opts.timeoutMs = ms;
    const job = this.inflight;
    if (!job?.timer) return;
    clearTimeout(job.timer);
    const id = job.id;
    job.timer = setTimeout(() => this.timeout(id), Math.max(0, job.startedAt + ms - performance.now()));
  }

  /**
   * stop ends the main run in flight at the user's request (the page's
   * Stop button), as the watchdog would; false when there is none.
   */
  stop() {
    if (this.inflight?.lane !== "main") return false;
    const ms = performance.now() - this.inflight.startedAt;
    this.end(`stopped at your request after ${seconds(ms)}; started a fresh engine`, "request");
    return true;
  }

  /** end ends the run in flight with a TimeoutError(why, reason) and starts a fresh worker. */
  end(why, reason = "limit") {
    const job = this.inflight;
    this.inflight = null;
    clearTimeout(job.timer);
    clearTimeout(job.staleTimer);
    this.worker.terminate();
    this.spawn().catch(() => {});
    if (this.opts.onRestart) this.opts.onRestart("timeout");
    job.reject(new TimeoutError(why, reason));
    this.pump();
  }
}

/** seconds says ms as the page does: "5 s", "1.2 s", "2 min". */
export function seconds(ms) {
  if (ms >= 60000 && ms % 60000 === 0) return `${ms / 60000} min`;
  const s = ms / 1000;
  return `${s < 10 && !Number.isInteger(s) ? s.toFixed(1) : Math.round(s)} s`;
}
