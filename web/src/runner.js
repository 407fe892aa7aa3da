// Runner owns the evaluation worker: it compiles kubecfg.wasm once, hands
// the Module to each worker, keeps at most one run in flight (newer
// requests replace a queued one), and stops a run past its time limit by
// terminating the worker and starting a fresh one at once.

/** TimeoutError marks a run that the watchdog stopped. */
export class TimeoutError extends Error {}

export class Runner {
  /**
   * @param {{wasmUrl: string, wasmExecUrl: string, workerUrl: string,
   *          timeoutMs?: number, onRestart?: (why: string) => void}} opts
   */
  constructor(opts) {
    this.opts = { timeoutMs: 5000, ...opts };
    this.module = null;
    this.worker = null;
    this.workerReady = null;
    this.seq = 0;
    this.inflight = null; // {id, resolve, reject, timer}
    this.queued = null; // {request, resolve, reject}
    this.version = "";
    this.features = [];
  }

  /** start compiles the module and starts the first worker. */
  async start() {
    const res = fetch(this.opts.wasmUrl);
    try {
      this.module = await WebAssembly.compileStreaming(res);
    } catch (err) {
      // A server without application/wasm: compile from the bytes.
      const r = await fetch(this.opts.wasmUrl);
      if (!r.ok) throw new Error(`loading ${this.opts.wasmUrl}: ${r.status} ${r.statusText}`);
      this.module = await WebAssembly.compile(await r.arrayBuffer());
    }
    return this.spawn();
  }

  /** spawn starts a worker from the compiled module. */
  spawn() {
    const w = new Worker(this.opts.workerUrl);
    this.worker = w;
    this.workerReady = new Promise((resolve, reject) => {
      w.onmessage = (ev) => {
        const m = ev.data;
        if (m.type === "ready") {
          this.version = m.version;
          this.features = m.features || [];
          w.onmessage = (e) => this.onResult(w, e.data);
          w.onerror = (e) => {
            e.preventDefault(); // handled: the worker is replaced
            if (w === this.worker) this.crashed(`the engine failed (${e.message || "error"})`);
          };
          resolve(m);
        } else if (m.type === "failed") {
          reject(new Error(m.message));
        }
      };
      w.onerror = (ev) => reject(new Error(ev.message || "the worker failed to start"));
    });
    w.postMessage({ type: "init", module: this.module, wasmExecUrl: this.opts.wasmExecUrl });
    return this.workerReady;
  }

  /** run evaluates one request; a newer call replaces one still queued. */
  run(request) {
    return new Promise((resolve, reject) => {
      if (this.queued) this.queued.resolve(null); // superseded
      this.queued = { request, resolve, reject };
      this.pump();
    });
  }

  async pump() {
    if (this.inflight || !this.queued) return;
    const job = this.queued;
    this.queued = null;
    const id = ++this.seq;
    this.inflight = { id, ...job, timer: 0 };
    try {
      await this.workerReady;
    } catch (err) {
      this.inflight = null;
      job.reject(err);
      return;
    }
    if (!this.inflight || this.inflight.id !== id) return;
    this.inflight.timer = setTimeout(() => this.timeout(id), this.opts.timeoutMs);
    this.worker.postMessage({ type: "run", id, request: job.request });
  }

  onResult(w, m) {
    if (w === this.worker && m.type === "exited") { this.crashed("the engine exited"); return; }
    if (w !== this.worker || m.type !== "result" || !this.inflight || m.id !== this.inflight.id) return;
    const job = this.inflight;
    clearTimeout(job.timer);
    this.inflight = null;
    job.resolve({ ...m.response, wallMs: m.wallMs });
    this.pump();
  }

  /** crashed replaces a worker that died (out of memory, say) at once. */
  crashed(why) {
    const job = this.inflight;
    this.inflight = null;
    if (job) clearTimeout(job.timer);
    this.worker.terminate();
    this.spawn().catch(() => {});
    if (this.opts.onRestart) this.opts.onRestart("crash");
    if (job) job.reject(new Error(`${why} during the evaluation; started a fresh engine`));
    this.pump();
  }

  timeout(id) {
    if (!this.inflight || this.inflight.id !== id) return;
    const job = this.inflight;
    this.inflight = null;
    this.worker.terminate();
    this.spawn().catch(() => {});
    if (this.opts.onRestart) this.opts.onRestart("timeout");
    job.reject(new TimeoutError(`stopped: the evaluation ran past ${this.opts.timeoutMs / 1000} s; started a fresh engine`));
    this.pump();
  }
}
