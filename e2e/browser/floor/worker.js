// Starts the wasm program its name says ("bare": wasm/barejsonnet on a
// one-line program; "bareapp": wasm/barejsonnet on the first example's
// Jsonnet; "core", or another name starting with "core": a build of the
// playground's core engine on the first example's request), then runs
// one request and posts the answer with where the time went.
const startedAt = performance.timeOrigin + performance.now();
importScripts("wasm_exec.js");
// The core engine's request is on its way while the engine compiles, as
// the page posts its first run before the engine is ready.
const core = self.name.startsWith("core");
const app = self.name === "bareapp";
const request = core || app ? fetch("request.json").then((r) => r.json()) : null;
const lib = app ? fetch("kubecfg.libsonnet").then((r) => r.text()) : null;
(async () => {
  try {
    const go = new Go();
    const t0 = performance.now();
    const { instance } = await WebAssembly.instantiateStreaming(fetch(core ? `${self.name}.wasm` : "bare.wasm"), go.importObject);
    const t1 = performance.now();
    go.run(instance);
    const t2 = performance.now();
    let output, error;
    if (core) {
      const r = await globalThis.kubecfg.run(await request);
      output = r.output;
      if (r.exitCode !== 0) error = r.stderr || `exit ${r.exitCode}`;
    } else if (app) {
      // The example's files and kubecfg.libsonnet, parsed and built as
      // kubecfg's importer would give them; bare go-jsonnet has none of
      // kubecfg's native functions, so resolveImage answers its argument,
      // and the objects are printed by go-jsonnet's own YAML.
      const { files, entry } = await request;
      const imports = {
        ...files,
        "kubecfg.libsonnet": "(import 'kubecfg-lib.libsonnet') + { resolveImage(image):: image }",
        "kubecfg-lib.libsonnet": await lib,
      };
      ({ output, error } = await globalThis.barejsonnet.run("floor.jsonnet", `std.manifestYamlStream(std.objectValues(import ${JSON.stringify(entry)}))`, imports));
    } else {
      ({ output, error } = await globalThis.barejsonnet.run("floor.jsonnet", "{ squares: [i * i for i in std.range(1, 10)] }"));
    }
    const t3 = performance.now();
    postMessage({ output, error, startedAt, compileMs: t1 - t0, initMs: t2 - t1, runMs: t3 - t2 });
  } catch (err) {
    postMessage({ error: String(err && err.message || err) });
  }
})();
