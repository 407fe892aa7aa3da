// Node driver of scripts/bench: loads the playground shim's wasm
// (globalThis.kubecfg) and wasm/barejsonnet (globalThis.barejsonnet), each
// a Go program of its own with the wasm_exec.js of the Go that built them,
// runs the calls of the cells it reads as JSON on standard input in the
// order given, and prints each call's duration in milliseconds as JSON.
//
// input:  { kubecfg, bare, wasmExec, clock: "cpu" | "wall",
//           cells: [{ name, kind: "kubecfg" | "bare", calls: [request | {file, code}] }],
//           order: [[cell, call], ...] }
// output: { versions: {kubecfg, bare}, cells: [{ name, ms: [..] }] }
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

async function readStdin() {
  const chunks = [];
  for await (const c of process.stdin) chunks.push(c);
  return Buffer.concat(chunks).toString("utf8");
}

async function load(wasm, global) {
  const go = new globalThis.Go();
  const { instance } = await WebAssembly.instantiate(await readFile(wasm), go.importObject);
  const exited = go.run(instance);
  for (let i = 0; i < 100 && !globalThis[global]; i++) await new Promise((r) => setTimeout(r, 10));
  if (!globalThis[global]) {
    await exited;
    throw new Error(`${wasm}: the program exited without defining globalThis.${global}`);
  }
  return globalThis[global];
}

const input = JSON.parse(await readStdin());
createRequire(import.meta.url)(input.wasmExec);
const api = { kubecfg: await load(input.kubecfg, "kubecfg"), bare: await load(input.bare, "barejsonnet") };
const call = {
  bare: async (c) => {
    const r = await api.bare.run(c.file, c.code);
    if (!r || r.error) throw new Error(`bare go-jsonnet on ${c.file}: ${r ? r.error : "no answer (the Go program died)"}`);
  },
  kubecfg: async (c) => {
    const r = await api.kubecfg.run(c);
    if (!r || r.exitCode !== 0) throw new Error(`kubecfg ${c.command} ${c.entry}: ${r ? r.stderr : "no answer (the Go program died)"}`);
  },
};
const now =
  input.clock === "wall"
    ? () => performance.now()
    : () => {
        const u = process.cpuUsage();
        return (u.user + u.system) / 1000;
      };
const ms = input.cells.map(() => []);
for (const [k, i] of input.order) {
  const cell = input.cells[k];
  const t0 = now();
  await call[cell.kind](cell.calls[i]);
  ms[k][i] = now() - t0;
}
const versions = { kubecfg: String(api.kubecfg.version), bare: String(api.bare.version) };
process.stdout.write(JSON.stringify({ versions, cells: input.cells.map((c, k) => ({ name: c.name, ms: ms[k] })) }));
process.exit(0);
