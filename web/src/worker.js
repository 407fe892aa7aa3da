// The evaluation worker: receives the compiled WebAssembly.Module once,
// instantiates it with wasm_exec.js, then answers run requests. It is a
// classic worker script (wasm_exec.js is loaded with importScripts).
/* global importScripts, Go */

let ready = null;

async function start(module, wasmExecUrl) {
  importScripts(wasmExecUrl);
  const go = new Go();
  const instance = await WebAssembly.instantiate(module, go.importObject);
  go.run(instance).then(() => postMessage({ type: "exited" }));
  if (!globalThis.kubecfg) throw new Error("kubecfg.wasm did not define globalThis.kubecfg");
  return globalThis.kubecfg;
}

self.onmessage = async (ev) => {
  const msg = ev.data;
  if (msg.type === "init") {
    ready = start(msg.module, msg.wasmExecUrl);
    try {
      const k = await ready;
      postMessage({ type: "ready", version: k.version, features: k.features() });
    } catch (err) {
      postMessage({ type: "failed", message: String(err && err.message || err) });
    }
    return;
  }
  if (msg.type === "run") {
    const k = await ready;
    const started = performance.now();
    let response;
    try {
      response = await k.run(msg.request);
    } catch (err) {
      response = {
        output: "", exitCode: 1, features: [], command: "", timings: { totalMs: 0 },
        diagnostics: [{ severity: "error", message: `kubecfg.run: ${err && err.message || err}` }],
      };
    }
    postMessage({ type: "result", id: msg.id, response, wallMs: performance.now() - started });
  }
};
