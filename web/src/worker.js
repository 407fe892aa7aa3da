// The evaluation worker: compiles the engine itself (the first time, so
// nothing waits on the page's busy main thread; its name carries the
// engine's URLs, so it starts before any message from the page arrives) or
// receives the compiled WebAssembly.Module (a fresh worker after a crash
// or the watchdog), instantiates it with wasm_exec.js, then answers run
// requests, the first of which may arrive before the engine is ready. It
// is a classic worker script (wasm_exec.js is loaded with importScripts).
/* global importScripts, Go */

let ready = null;
let dead = false;
let startup = null;

// died tells the page that this engine can no longer run anything: the Go
// program exited (a fatal error such as a stack overflow or running out of
// memory), or the wasm trapped under a call. The page replaces the worker.
function died() {
  if (!dead) {
    dead = true;
    postMessage({ type: "exited" });
  }
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

async function compile(url) {
  try {
    return await WebAssembly.compileStreaming(load(url));
  } catch {
    // A server without application/wasm: compile from the bytes.
    const r = await fetch(url);
    if (!r.ok) throw new Error(`loading ${url}: ${r.status} ${r.statusText}`);
    return WebAssembly.compile(await r.arrayBuffer());
  }
}

async function start(msg) {
  const t0 = performance.now();
  const compiling = msg.module ? Promise.resolve(msg.module) : compile(msg.wasmUrl);
  importScripts(msg.wasmExecUrl); // while the engine downloads and compiles
  const module = await compiling;
  const t1 = performance.now();
  const go = new Go();
  const instance = await WebAssembly.instantiate(module, go.importObject);
  const t2 = performance.now();
  go.run(instance).then(died, died);
  if (!globalThis.kubecfg) throw new Error("the engine did not define globalThis.kubecfg");
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

self.onmessage = async (ev) => {
  const msg = ev.data;
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
  if (msg.type === "run") {
    // An engine that failed to start answers nothing: the init message
    // has told the page why.
    const engine = await ready.catch(() => null);
    if (!engine) return;
    const { k } = engine;
    if (dead) return died();
    const started = performance.now();
    let response;
    try {
      response = await k.run(msg.request);
    } catch (err) {
      // kubecfg.run turns every error and panic into a response; an
      // exception here is the engine itself failing (a trap, the host's
      // stack exhausted), after which the instance is not usable.
      return died();
    }
    if (dead || !response || typeof response.exitCode !== "number") return died();
    postMessage({ type: "result", id: msg.id, response, wallMs: performance.now() - started });
  }
};
