// What "where does this line come from?" costs in headless Chromium:
//   - on the default example, a click on an output line to its marks (the
//     page's kubecfg:trace-line measure: the first trace of the engine,
//     then new lines), and the whole output traced for the reverse marks
//     (kubecfg:trace-all);
//   - on the 200-object workspace of pkg/playground's benchmarks
//     (workspace200 in cache_test.go, read from there), a click in the
//     page, and the engine alone in a worker of its own: traceLine of
//     replicas lines across the output, and traceAll.
//
//   node trace-bench.mjs [--docs ../../docs/benchmarks.md]
//
// With --docs, the section between the bench-trace markers of that file
// is replaced with the figures.
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { open } from "./browser.mjs";
import { waitStatus, outputText } from "./helpers.mjs";
import { encodeFragment } from "../../web/src/share.js";
import { examples } from "../../web/src/examples.js";
import { fromExample } from "../../web/src/state.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const arg = (name, dflt) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : dflt);
const docs = arg("--docs", "");

/** workspace200 is pkg/playground's 200-object workspace, from its Go source. */
function workspace200() {
  const src = readFileSync(path.join(root, "pkg", "playground", "cache_test.go"), "utf8");
  const m = /func workspace200\(\) map\[string\]string \{\s*return map\[string\]string\{"app\.jsonnet": `([^`]*)`\}/.exec(src);
  if (!m) throw new Error("pkg/playground/cache_test.go: workspace200 is not where this script looks for it");
  return { "app.jsonnet": m[1] };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => (x < 10 ? x.toFixed(1) : Math.round(x));

/** click clicks output line n (in the first screen) and resolves to its kubecfg:trace-line duration. */
async function click(page, n) {
  const before = await page.evaluate(() => performance.getEntriesByName("kubecfg:trace-line").length);
  await page.locator("#output-view .cm-line").nth(n - 1).click();
  await page.waitForFunction((k) => performance.getEntriesByName("kubecfg:trace-line").length > k, before, { timeout: 30000 });
  return page.evaluate(() => performance.getEntriesByName("kubecfg:trace-line").at(-1).duration);
}

const b = await open();
const rows = [];
try {
  const { page } = b;
  await page.goto(b.url);
  await waitStatus(page, /^Evaluated/);
  const text = await outputText(page);
  const lineOf = (s) => text.split("\n").findIndex((l) => l.includes(s)) + 1;
  const lines = ["replicas: 2", "kind: Service", "image:", "port: 80", "  name: web", "apiVersion: v1"].map(lineOf);
  const clicks = [];
  for (const n of lines) clicks.push(await click(page, n));
  rows.push(["default example, a click to its marks: the engine's first trace", `${ms(clicks[0])} ms`]);
  rows.push([`default example, a click on another line (median of ${clicks.length - 1})`, `${ms(median(clicks.slice(1)))} ms`]);
  await page.getByLabel("Editor", { exact: true }).locator(".cm-line").nth(6).click();
  await page.waitForFunction(() => performance.getEntriesByName("kubecfg:trace-all").length > 0, null, { timeout: 30000 });
  const all = await page.evaluate(() => { const e = performance.getEntriesByName("kubecfg:trace-all")[0]; return { d: e.duration, ...e.detail }; });
  rows.push([`default example, the whole output traced for the reverse marks (${all.traces} lines${all.cut ? ", cut" : ""})`, `${ms(all.d)} ms`]);

  // The 200 objects, in the page.
  const state = { files: workspace200(), entry: "app.jsonnet", controls: fromExample(examples[0]).controls };
  await page.goto("about:blank");
  await page.goto(`${b.url}#s=${await encodeFragment(state)}`);
  await waitStatus(page, /^Evaluated/, 60000);
  const first = (await outputText(page)).split("\n");
  const firstScreen = ["replicas:", "image:", "tier: web", "namespace:"].map((s) => first.findIndex((l) => l.includes(s)) + 1);
  const big = [];
  for (const n of firstScreen) big.push(await click(page, n));
  rows.push([`200 objects, a click to its marks in the page (first, then median of ${big.length - 1})`, `${ms(big[0])} ms, ${ms(median(big.slice(1)))} ms`]);

  // The engine alone, in a worker of its own: lines across the output.
  const eng = await page.evaluate(async (files) => {
    const meta = (n) => new URL(document.querySelector(`meta[name="kubecfg:${n}"]`).content, location.href).href;
    const w = new Worker(meta("worker"), { name: JSON.stringify({ wasmUrl: meta("wasm"), wasmExecUrl: meta("wasm-exec") }) });
    const waiting = new Map();
    let id = 0;
    await new Promise((resolve) => { w.onmessage = (e) => { if (e.data.type === "ready") resolve(); }; w.postMessage({ type: "init", wasmExecUrl: meta("wasm-exec") }); });
    w.onmessage = (e) => { if (e.data.type === "result") waiting.get(e.data.id)(e.data); };
    const run = (request) => new Promise((resolve) => { const i = ++id; waiting.set(i, resolve); w.postMessage({ type: "run", id: i, request }); });
    const req = { files, entry: "app.jsonnet", command: "show", output: "yaml", features: [], alpha: false };
    const out = (await run(req)).response.output.split("\n");
    const reps = out.map((l, i) => (l.startsWith("  replicas:") ? i + 1 : 0)).filter(Boolean);
    const traces = [];
    for (const k of [0, 10, 20, 30, 40, 50, 60, 70, 80, 99]) {
      const r = await run({ ...req, traceLine: reps[k] });
      if (r.response.trace?.error || !r.response.trace?.places?.length) throw new Error(`trace of line ${reps[k]}: ${JSON.stringify(r.response.trace)}`);
      traces.push(r.wallMs);
    }
    const all = await run({ ...req, traceAll: true });
    w.terminate();
    return { lines: out.length, traces, all: { ms: all.wallMs, n: all.response.traces.length, cut: !!all.response.tracesCut } };
  }, state.files);
  rows.push([`200 objects (${eng.lines} output lines), the engine in a worker: traceLine of a replicas line (median, max of ${eng.traces.length})`, `${ms(median(eng.traces))} ms, ${ms(Math.max(...eng.traces))} ms`]);
  rows.push([`200 objects, the engine in a worker: traceAll (${eng.all.n} lines traced${eng.all.cut ? " before the 1.5 s budget ran out" : ""})`, `${ms(eng.all.ms)} ms`]);
  if (b.errors.length) throw new Error(`the page threw: ${b.errors.join("; ")}`);
} finally {
  await b.close();
}

const load = os.loadavg().map((x) => x.toFixed(2)).join(", ");
const table = ["| what | measured |", "| --- | --- |", ...rows.map(([k, v]) => `| ${k} | ${v} |`)].join("\n");
console.log(table);
console.log(`(load average ${load})`);
if (docs) {
  const text = [
    "<!-- bench-trace: generated by `make bench-trace` (e2e/browser/trace-bench.mjs --docs); do not edit -->",
    `Last run ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} CPUs, load average ${load} at the end.`,
    "",
    table,
    "<!-- end of bench-trace -->",
  ].join("\n");
  const old = readFileSync(docs, "utf8");
  const re = /<!-- bench-trace:[^]*?<!-- end of bench-trace -->/;
  if (!re.test(old)) throw new Error(`${docs} has no bench-trace markers`);
  writeFileSync(docs, old.replace(re, text));
}
