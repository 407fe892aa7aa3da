// Node driver for the "Big workspaces" benchmarks (docs/benchmarks.md,
// issue 22): loads a build of the playground shim (wasm/playground) with
// the wasm_exec.js of the Go that built it, and times kubecfg.run on a big
// workspace the way the page calls it (the request as an object): a cold
// run, then edits of the entry file, each to a value not seen before.
//
//   node scripts/bench/bigws.mjs WASM_EXEC_JS ENGINE_WASM REQUEST_JSON [EDITS]
//
// REQUEST_JSON is what pkg/playground's TestWriteBigRequests writes:
// {request, from, to}; edit i replaces from by to (with %d as i) in the
// entry. For each run it prints the wall time of kubecfg.run in JS and the
// response's timings.totalMs (Runner.Run inside Go): the difference is the
// shim's boundary (JSON text across, the request's decoding, the response's
// encoding and JSON.parse).
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";

const [wasmExec, engine, requestFile, editsArg] = process.argv.slice(2);
if (!requestFile) {
  console.error("usage: node bigws.mjs WASM_EXEC_JS ENGINE_WASM REQUEST_JSON [EDITS]");
  process.exit(2);
}
const edits = Number(editsArg || 5);
createRequire(import.meta.url)(wasmExec);
const go = new globalThis.Go();
const { instance } = await WebAssembly.instantiate(await readFile(engine), go.importObject);
go.run(instance);
for (let i = 0; i < 100 && !globalThis.kubecfg; i++) await new Promise((r) => setTimeout(r, 10));
const { request, from, to } = JSON.parse(await readFile(requestFile, "utf8"));
const entry = request.files[request.entry];

// The page's worker receives the request through postMessage: a copy,
// with new strings, as structuredClone makes (not timed; a function of its
// own, so that a profile names it).
function postMessageCopy(req) {
  return structuredClone(req);
}

async function timed(name, req) {
  req = postMessageCopy(req);
  const t0 = performance.now();
  const resp = await globalThis.kubecfg.run(req);
  const ms = performance.now() - t0;
  if (resp.exitCode !== 0) throw new Error(`${name}: exit ${resp.exitCode}: ${resp.stderr}`);
  const run = resp.timings.totalMs;
  console.log(JSON.stringify({ name, ms: +ms.toFixed(1), runMs: run, boundaryMs: +(ms - run).toFixed(1), output: resp.output.length }));
}

// BIGWS_CPUPROFILE=FILE: a V8 CPU profile of the edits (not the cold run),
// Go's functions named as in Go; bigws-split.py splits it between
// go-jsonnet and the rest.
const profileTo = process.env.BIGWS_CPUPROFILE;
let session;
const post = (method, params) => new Promise((ok, fail) => session.post(method, params, (err, res) => (err ? fail(err) : ok(res))));

await timed("cold", request);
if (profileTo) {
  const { Session } = await import("node:inspector");
  session = new Session();
  session.connect();
  await post("Profiler.enable");
  await post("Profiler.setSamplingInterval", { interval: 100 });
  await post("Profiler.start");
}
for (let i = 1; i <= edits; i++) {
  const files = { ...request.files, [request.entry]: entry.replace(from, to.replace("%d", String(i))) };
  await timed(`edit ${i}`, { ...request, files });
}
if (profileTo) {
  const { profile } = await post("Profiler.stop");
  const { writeFile } = await import("node:fs/promises");
  await writeFile(profileTo, JSON.stringify(profile));
}
process.exit(0);
