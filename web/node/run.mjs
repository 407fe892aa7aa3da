// Node runner for the playground's WebAssembly build: loads
// static/kubecfg.wasm with the wasm_exec.js of the Go that built it and
// calls globalThis.kubecfg.run. Used by tests and benchmarks.
//
//   node web/node/run.mjs [--wasm static/kubecfg.wasm] < request.json
//
// prints the response as JSON. As a module, loadKubecfg returns the API.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");

/**
 * loadKubecfg instantiates the wasm and resolves to globalThis.kubecfg
 * ({ version, run(request) → Promise<response>, features() → rows }).
 */
export async function loadKubecfg({
  wasm = path.join(root, "static", "kubecfg.wasm"),
  wasmExec = path.join(root, "static", "wasm_exec.js"),
} = {}) {
  if (!globalThis.Go) createRequire(import.meta.url)(path.resolve(wasmExec));
  const bytes = await readFile(wasm).catch((err) => {
    throw new Error(`loading ${wasm}: ${err.message} (run make static/kubecfg.wasm)`);
  });
  const go = new globalThis.Go();
  const { instance } = await WebAssembly.instantiate(bytes, go.importObject);
  const exited = go.run(instance);
  if (!globalThis.kubecfg) {
    await exited;
    throw new Error(`${wasm}: the program exited without defining globalThis.kubecfg`);
  }
  return globalThis.kubecfg;
}

async function readStdin() {
  const chunks = [];
  for await (const c of process.stdin) chunks.push(c);
  return Buffer.concat(chunks).toString("utf8");
}

async function main(argv) {
  const opts = {};
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--wasm") opts.wasm = argv[++i];
    else if (argv[i] === "--wasm-exec") opts.wasmExec = argv[++i];
    else throw new Error(`run.mjs: unknown argument ${argv[i]}`);
  }
  const kubecfg = await loadKubecfg(opts);
  const request = JSON.parse(await readStdin());
  const response = await kubecfg.run(request);
  process.stdout.write(JSON.stringify(response, null, 2) + "\n");
  process.exit(response.exitCode ?? 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(err.message);
    process.exit(2);
  });
}
