// The evaluation worker: compiles the engine itself (the first time, so
// nothing waits on the page's busy main thread; its name carries the
// engine's URLs, so it starts before any message from the page arrives) or
// receives the compiled WebAssembly.Module (a fresh worker after a crash
// or the watchdog), instantiates it with wasm_exec.js, then answers run
// requests, the first of which may arrive before the engine is ready. It
// is a classic worker script (wasm_exec.js is loaded with importScripts).
//
// The page's messages: init; update {session, update: {rev, base, full,
// files, links}}, which hands a session's changed files to the engine;
// run {id, session, rev, request}, answered by result {id, response} or,
// when the engine does not hold that revision, stale {id}; run {id,
// request} with the files inside (stateless); dispose {session};
// k8sSchema {version, data}, a Kubernetes minor's schemas for validate
// (the full engine's kubecfg.k8sSchema; no answer). They are
// handled one at a time, in order: an update is in before the run after
// it.
/* global importScripts, Go */
import { deathMessage, isStackOverflow } from "./fatal.js";

let ready = null;
let dead = false;
let startup = null;
// The engine's internal/fatal.WasmReports, kept from when it was alive, and
// the end of what it wrote to standard error: a Go program that dies of a
// fatal error writes the report there first.
let reports = [];
let stderrTail = "";

// A stack overflow in the browser's own stack (see fatal.js) is reported
// as an uncaught error or rejection, often after the next call into the
// broken instance has trapped.
let stackOverflow = false;
let sawOverflow = () => {};
const overflowed = new Promise((resolve) => { sawOverflow = resolve; });
const noteStack = (e) => {
  if (isStackOverflow(e)) {
    stackOverflow = true;
    sawOverflow();
  }
};
// Either way, once the engine runs, died tells the page, and the browser
// need not report the error again.
self.addEventListener("unhandledrejection", (e) => {
  noteStack(e.reason);
  if (!startup || !isStackOverflow(e.reason)) return;
  e.preventDefault();
  died(e.reason);
});
self.addEventListener("error", (e) => {
  noteStack(e.error ?? e);
  if (!startup) return; // the engine is not running yet: start() reports
  e.preventDefault();
  died(e.error ?? new Error(e.message));
});

// died tells the page that this engine can no longer run anything: the Go
// program exited (a fatal error such as a stack overflow or running out of
// memory), or the wasm trapped under a call (err). The page replaces the
// worker; message says why in the words the CLI uses, when that is known.
// Unless an overflow is already known, the message waits up to 200 ms for
// one: the browser reports its stack running out (an unhandled rejection)
// after the trap it caused, and after the Go program may already have
// exited of what the broken stack did to its runtime.
function died(err) {
  if (dead) return;
  dead = true;
  noteStack(err);
  const post = () => postMessage({ type: "exited", message: deathMessage({ reports, stderr: stderrTail, stackOverflow, err }) });
  if (!stackOverflow) {
    Promise.race([overflowed, new Promise((resolve) => setTimeout(resolve, 200))]).then(post);
  } else {
    post();
  }
}

// keepStderr keeps the last 16 KB the Go program writes to standard error
// (wasm_exec.js writes everything through globalThis.fs.writeSync, and
// still logs it to the console).
function keepStderr() {
  const fs = globalThis.fs;
  if (!fs || fs.kubecfgKept) return;
  const write = fs.writeSync.bind(fs);
  const decoder = new TextDecoder();
  fs.writeSync = (fd, buf) => {
    if (fd === 2) stderrTail = (stderrTail + decoder.decode(buf, { stream: true })).slice(-16384);
    return write(fd, buf);
  };
  fs.kubecfgKept = true;
}

// load answers url from the service worker's cache when it is there (a
// later visit), without the hop through the service worker's fetch event,
// and from the network otherwise.
async function load(url) {
  try {
    const hit = await caches.match(new URL(url, location.href).href);
    if (hit) return hit;
  } catch { /* no Cache Storage (an opaque origin, a private window) */ }
  return fetch(url);
}

// counted passes a response on as it is while telling the page, four
// times a second at most, how many of its bytes have arrived (of bytes,
// the engine's size when the page knows it, else 0): on a slow network
// the download is most of the start-up.
async function counted(response, bytes) {
  const r = await response;
  if (!r.ok || !r.body) return r;
  let loaded = 0;
  let last = 0;
  const tell = (done) => {
    const now = performance.now();
    if (!done && now - last < 250) return;
    last = now;
    postMessage({ type: "progress", loaded, total: bytes || 0, done });
  };
  const body = r.body.pipeThrough(new TransformStream({
    transform(chunk, ctl) {
      loaded += chunk.byteLength;
      tell(false);
      ctl.enqueue(chunk);
    },
    flush() { tell(true); },
  }));
  return new Response(body, { status: r.status, statusText: r.statusText, headers: r.headers });
}

async function compile(url, bytes) {
  try {
    return await WebAssembly.compileStreaming(counted(load(url), bytes));
  } catch {
    // A server without application/wasm: compile from the bytes.
    const r = await fetch(url);
    if (!r.ok) throw new Error(`loading ${url}: ${r.status} ${r.statusText}`);
    return WebAssembly.compile(await r.arrayBuffer());
  }
}

async function start(msg) {
  const t0 = performance.now();
  const compiling = msg.module ? Promise.resolve(msg.module) : compile(msg.wasmUrl, msg.wasmBytes);
  importScripts(msg.wasmExecUrl); // while the engine downloads and compiles
  keepStderr();
  const module = await compiling;
  const t1 = performance.now();
  const go = new Go();
  const instance = await WebAssembly.instantiate(module, go.importObject);
  const t2 = performance.now();
  go.run(instance).then(() => died(), died);
  if (!globalThis.kubecfg) throw new Error("the engine did not define globalThis.kubecfg");
  reports = globalThis.kubecfg.fatalReports || [];
  startup = { startedAt: performance.timeOrigin + t0, compileMs: t1 - t0, instantiateMs: t2 - t1, initMs: performance.now() - t2, readyAt: performance.timeOrigin + performance.now() };
  return { k: globalThis.kubecfg, module: msg.module ? null : module };
}

// A worker named with its engine's URLs (the first one) starts now, not
// when the page's init message arrives.
const boot = self.name ? JSON.parse(self.name) : null;
if (boot) {
  ready = start(boot);
  ready.catch(() => {}); // reported when the init message asks
}

// inOrder handles the engine's messages (update, run, dispose, k8sSchema) one after
// another, each once the engine is ready.
let inOrder = Promise.resolve();

self.onmessage = async (ev) => {
  const msg = ev.data;
  if (msg.type === "update" || msg.type === "run" || msg.type === "dispose" || msg.type === "k8sSchema") {
    inOrder = inOrder.then(() => engineMessage(msg));
    return;
  }
  if (msg.type === "init") {
    if (!boot) ready = start(msg);
    try {
      const { k, module } = await ready;
      postMessage({ type: "ready", version: k.version, features: k.features(), startup, module });
    } catch (err) {
      postMessage({ type: "failed", message: String(err && err.message || err) });
    }
    return;
  }
};

async function engineMessage(msg) {
  // An engine that failed to start answers nothing: the init message
  // has told the page why.
  const engine = await ready.catch(() => null);
  if (!engine) return;
  const { k } = engine;
  if (dead) return died();
  if (msg.type === "update") {
    // Refused (stale, malformed): the run after it answers stale, and the
    // page sends the whole workspace.
    try { k.update(msg.session, msg.update); } catch (err) { return died(err); }
    return;
  }
  if (msg.type === "dispose") {
    k.dispose(msg.session);
    return;
  }
  if (msg.type === "k8sSchema") {
    k.k8sSchema?.(msg.version, msg.data); // the full engine's (the core engine has no validate)
    return;
  }
  if (msg.type === "run") {
    const started = performance.now();
    let response;
    try {
      response = msg.session === undefined ? await k.run(msg.request) : await k.run(msg.session, { rev: msg.rev, request: msg.request });
    } catch (err) {
      // kubecfg.run turns every error and panic into a response; an
      // exception here is the engine itself failing (a trap, the host's
      // stack exhausted), after which the instance is not usable.
      return died(err);
    }
    if (!dead && response?.stale) return postMessage({ type: "stale", id: msg.id, stale: response.stale });
    if (dead || !response || typeof response.exitCode !== "number") return died();
    postMessage({ type: "result", id: msg.id, response, wallMs: performance.now() - started });
  }
}
