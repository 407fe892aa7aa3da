// One engine for every embed on a page. Each embed is an iframe of the
// playground's /embed page; each started an engine of its own (a worker
// that fetches, compiles and starts kubecfg.wasm), so five embeds on a docs
// page started five at once, on the same cores, and the fifth showed its
// first result only after all of them had compiled. The embeds of one page
// are frames of one parent and of one origin (the playground's), so they
// can reach each other: the first one to start publishes its engine as
// window.kubecfgSharedEngine, and the others find it among their parent's
// frames and use it. Their scripts run on one event loop, so the look-up
// and the publication cannot interleave.
//
// The engine takes the embeds' requests one at a time, in order of arrival
// (main runs first, then validations, then traces, as the Runner's
// lanes); each embed has lanes of its own, where a newer request
// replaces that embed's waiting one, as it does in a Runner of its own. An embed whose engine's frame
// goes away (its page hidden or unloaded) starts an engine of its own.
import { takeNext } from "./runner.js";

/** SharedEngine serializes the requests of several embeds through one Runner. */
export class SharedEngine {
  constructor(runner) {
    this.runner = runner;
    this.queued = []; // {client, request, lane, preempt, schema, resolve, reject}
    this.inflight = null;
    this.dead = false;
    this.clients = 0;
  }

  /** build names the engine's build: only an embed of the same build shares it. */
  build() {
    return this.runner.build();
  }

  start() {
    return this.runner.start();
  }

  get version() {
    return this.runner.version;
  }

  /** client returns a handle with the Runner's methods that an embed uses. */
  client() {
    const id = ++this.clients;
    const engine = this;
    return {
      shared: engine,
      build: () => engine.build(),
      start: () => engine.start(),
      get version() { return engine.version; },
      run: (request, opts) => engine.run(id, request, opts),
      dispose: () => engine.dispose(id),
    };
  }

  /** session is the engine's session of an embed (client). */
  session(client) {
    return `embed-${client}`;
  }

  /** dispose forgets an embed's session in the engine. */
  dispose(client) {
    if (!this.dead) this.runner.dispose(this.session(client));
  }

  /** run queues one embed's request; it resolves as Runner.run does. */
  run(client, request, { lane = "main", preempt = false, schema } = {}) {
    if (this.dead) return Promise.reject(new Error("the engine's frame is gone"));
    return new Promise((resolve, reject) => {
      this.drop(client, lane);
      if (lane === "main") this.drop(client, "trace"), this.drop(client, "validate");
      const job = { client, request, lane, preempt, schema, resolve, reject };
      // This embed's main run ends its own preemptible trace in flight:
      // handed to the Runner at once, which preempts it.
      if (lane === "main" && this.inflight?.preempt && this.inflight.client === client) {
        this.forward(job);
        return;
      }
      this.queued.push(job);
      this.pump();
    });
  }

  drop(client, lane) {
    const i = this.queued.findIndex((j) => j.client === client && j.lane === lane);
    if (i >= 0) this.queued.splice(i, 1)[0].resolve(null);
  }

  next() { return takeNext(this.queued); }

  pump() {
    if (this.inflight || this.dead) return;
    const job = this.next();
    if (job) this.forward(job);
  }

  forward(job) {
    this.inflight = job;
    this.runner.run(job.request, { lane: job.lane, preempt: job.preempt, schema: job.schema, session: this.session(job.client) }).then(job.resolve, job.reject).finally(() => {
      if (this.inflight === job) this.inflight = null;
      this.pump();
    });
  }

  /** end fails what waits: the frame that holds the engine is going away. */
  end() {
    this.dead = true;
    const gone = new Error("the engine's frame is gone");
    if (this.inflight) this.inflight.reject(gone);
    for (const j of this.queued.splice(0)) j.reject(gone);
  }
}

/**
 * siblingEngine finds a live shared engine of build in another frame of
 * this frame's parent, or null.
 */
export function siblingEngine(build, win = globalThis) {
  if (win.parent === win) return null;
  let frames;
  try {
    frames = win.parent.frames;
  } catch {
    return null;
  }
  for (let i = 0; i < frames.length; i++) {
    let e = null;
    try {
      if (frames[i] !== win) e = frames[i].kubecfgSharedEngine;
    } catch {
      // A frame of another origin.
    }
    if (e && !e.dead && e.build() === build) return e;
  }
  return null;
}

/**
 * embedEngine returns the engine an embed page uses: a client of a
 * sibling's shared engine of the same build, or a new one that this frame
 * holds and publishes. make() makes a Runner (Runner.fromPage). The
 * returned client falls back to an engine of its own if the shared one's
 * frame goes away.
 */
export function embedEngine(make, win = globalThis) {
  const own = make();
  let shared = siblingEngine(own.build(), win);
  if (!shared) {
    shared = new SharedEngine(own);
    win.kubecfgSharedEngine = shared;
    win.addEventListener("pagehide", () => shared.end());
  }
  let handle = shared.client();
  let fallback = null;
  // An embed that goes away leaves no workspace behind in a sibling's
  // engine (its own engine ends with it).
  if (win.kubecfgSharedEngine !== shared) win.addEventListener("pagehide", () => handle.dispose());
  const current = () => {
    if (!handle.shared.dead) return handle;
    if (!fallback) {
      fallback = new SharedEngine(make());
      win.kubecfgSharedEngine = fallback;
      win.addEventListener("pagehide", () => fallback.end());
      handle = fallback.client();
    }
    return handle;
  };
  return {
    build: () => current().build(),
    start: () => current().start(),
    get version() { return current().version; },
    run: (request, opts) => {
      const h = current();
      return h.run(request, opts).catch((err) => {
        // The shared engine's frame went away while this run waited:
        // again, on an engine of this frame's own.
        if (!h.shared.dead) throw err;
        const c = current();
        return c.start().then(() => c.run(request, opts));
      });
    },
  };
}
