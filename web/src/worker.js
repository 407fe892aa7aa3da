// The evaluation worker: receives the compiled WebAssembly.Module once,
// instantiates it with wasm_exec.js, then answers run requests. It is a
// classic worker script (wasm_exec.js is loaded with importScripts).
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

async function start(module, wasmExecUrl) {
  const t0 = performance.now();
  importScripts(wasmExecUrl);
  const go = new Go();
  const instance = await WebAssembly.instantiate(module, go.importObject);
  const t1 = performance.now();
  go.run(instance).then(died, died);
  startup = { instantiateMs: t1 - t0, initMs: performance.now() - t1 };
  if (!globalThis.kubecfg) throw new Error("kubecfg.wasm did not define globalThis.kubecfg");
  return globalThis.kubecfg;
}

self.onmessage = async (ev) => {
  const msg = ev.data;
  if (msg.type === "init") {
    ready = start(msg.module, msg.wasmExecUrl);
    try {
      const k = await ready;
      postMessage({ type: "ready", version: k.version, features: k.features(), startup });
    } catch (err) {
      postMessage({ type: "failed", message: String(err && err.message || err) });
    }
    return;
  }
  if (msg.type === "run") {
    const k = await ready;
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
