// Starts the wasm program its name says ("bare": wasm/barejsonnet, or
// "core", or another name starting with "core": a build of the
// playground's core engine), then runs one request and posts
// the answer with where the time went.
const startedAt = performance.timeOrigin + performance.now();
importScripts("wasm_exec.js");
// The core engine's request is on its way while the engine compiles, as
// the page posts its first run before the engine is ready.
const core = self.name.startsWith("core");
const request = core ? fetch("request.json").then((r) => r.json()) : null;
(async () => {
  try {
    const go = new Go();
    const t0 = performance.now();
    const { instance } = await WebAssembly.instantiateStreaming(fetch(`${self.name}.wasm`), go.importObject);
    const t1 = performance.now();
    go.run(instance);
    const t2 = performance.now();
    let output, error;
    if (core) {
      const r = await globalThis.kubecfg.run(await request);
      output = r.output;
      if (r.exitCode !== 0) error = r.stderr || `exit ${r.exitCode}`;
    } else {
      ({ output, error } = await globalThis.barejsonnet.run("floor.jsonnet", "{ squares: [i * i for i in std.range(1, 10)] }"));
    }
    const t3 = performance.now();
    postMessage({ output, error, startedAt, compileMs: t1 - t0, initMs: t2 - t1, runMs: t3 - t2 });
  } catch (err) {
    postMessage({ error: String(err && err.message || err) });
  }
})();
