// The playground's benchmark in headless Chromium against `kubecfg
// playground` on 127.0.0.1 (which serves the precompressed .br files):
//   - the engines' sizes (raw, gzip, brotli as served);
//   - the bytes the page loads before its first result, as the browser
//     counted them on the wire;
//   - time to the first result, cold (a fresh profile: nothing cached), on
//     a later visit in the same profile (the first page closed; the
//     service worker answers from its cache) and on one after the browser
//     has been closed and started again on that profile (a visit another
//     day: the service worker is not running and only disk caches remain):
//     the first result shown (the build's or the saved answer painted
//     before main.js runs, web/src/saved.js) and the engine's own first
//     result, with where each visit's time went (the page's marks);
//   - keystroke-to-output latency on the default example: from the keydown
//     to the frame after the run's result is on the page;
//   - the start-up floor (floor.mjs): bare go-jsonnet, and the core engine
//     alone, in a page that does nothing but start their worker, cold;
//   - the next result after the watchdog stopped a run;
//   - run() under Node for each example.
//
//   node bench.mjs [--runs N] [--bare ../../bin/barejsonnet.wasm] [--docs ../../docs/benchmarks.md]
//
// With --docs, the section between the bench-web markers of that file is
// replaced with the figures.
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { open } from "./browser.mjs";
import { floorVisits } from "./floor.mjs";
import { keystrokes } from "./keys.mjs";
import { waitStatus, waitOffline, waitMark, watchPrerendered, painted } from "./helpers.mjs";
import { loadKubecfg } from "../../web/node/run.mjs";
import { examples } from "../../web/src/examples.js";
import { toRequest, fromExample, normalize } from "../../web/src/state.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const arg = (name, dflt) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : dflt);
const runs = Number(arg("--runs", 5));
const docs = arg("--docs", "");
const bare = path.resolve(arg("--bare", path.join(root, "bin", "barejsonnet.wasm")));
if (!existsSync(bare)) throw new Error(`${bare} is missing: make bin/barejsonnet.wasm`);

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const median = (xs) => sorted(xs)[Math.floor(xs.length / 2)];
const pct = (xs, p) => sorted(xs)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const mb = (n) => `${(n / 1e6).toFixed(2)} MB`;
const ms = (x) => `${Math.round(x)} ms`;
const rows = []; // [what, figure, target, met]
const row = (what, figure, target = "", met = null) => {
  rows.push([what, figure, target, met === null ? "" : met ? "yes" : "**no**"]);
  console.log(`${what}: ${figure}${target ? ` (target ${target}: ${met ? "met" : "NOT met"})` : ""}`);
};

// Sizes, as served.
for (const name of ["kubecfg-core.wasm", "kubecfg.wasm"]) {
  const f = path.join(root, "static", name);
  const size = (ext) => (existsSync(f + ext) ? readFileSync(f + ext).length : NaN);
  row(`static/${name}: raw / gzip -9 / brotli q11`, `${mb(size(""))} / ${mb(size(".gz"))} / ${mb(size(".br"))}`);
}

/**
 * marks reads the page's performance marks by name: { startTime (ms since
 * navigation start), detail }.
 */
const marks = (page) => page.evaluate(() => Object.fromEntries(
  performance.getEntriesByType("mark").map((e) => [e.name, { startTime: e.startTime, detail: e.detail }])));

/**
 * firstVisit loads the page in a fresh profile and returns the bytes of
 * every response requested before the engine's first result, and the
 * page's marks.
 */
async function firstVisit(b) {
  // Playwright's request events include the worker's fetches (the engine);
  // a CDP session of the page alone would miss them.
  const seen = [];
  const onRequest = (r) => seen.push({ r, at: Date.now() });
  b.page.on("request", onRequest);
  await watchPrerendered(b.page);
  await b.page.goto(b.url);
  await waitStatus(b.page, /^Evaluated/, 60000);
  const m = await marks(b.page);
  const origin = await b.page.evaluate(() => performance.timeOrigin);
  b.page.off("request", onRequest);
  const cutoff = origin + m["kubecfg:first-engine-result"].startTime;
  let bytes = 0;
  const files = {};
  for (const { r, at } of seen) {
    if (at > cutoff) continue;
    const res = await r.response();
    if (!res) continue;
    await res.finished();
    const sz = await r.sizes();
    const n = sz.responseBodySize + sz.responseHeadersSize;
    bytes += n;
    const name = new URL(r.url()).pathname.replace(/-[A-Z0-9]{8}\./, ".");
    files[name] = (files[name] || 0) + n;
  }
  return { bytes, files, marks: m };
}

/** phases reads where a visit's time went from the page's marks. */
function phases(m) {
  const ready = m["kubecfg:engine-ready"]?.detail || {};
  return {
    main: m["kubecfg:main-start"]?.startTime,
    spawned: m["kubecfg:worker-spawned"]?.startTime,
    workerStart: ready.startedAt,
    compile: ready.compileMs,
    init: ready.initMs,
    ready: ready.readyAt,
    run: m["kubecfg:first-engine-result"]?.detail?.wallMs,
    shown: m["kubecfg:first-result"]?.startTime,
    engine: m["kubecfg:first-engine-result"]?.startTime,
    saved: m["kubecfg:first-result"]?.detail?.from === "saved",
  };
}

const cold = [];
const later = [];
const restarted = [];
let wire = null;
for (let i = 0; i < runs; i++) {
  const b = await open();
  try {
    const v = await firstVisit(b); // "Evaluated" is on the page: the engine's first result is marked
    cold.push({ ...phases(v.marks), painted: await painted(b.page) });
    wire = wire && wire.bytes >= v.bytes ? wire : v;
    // A later visit, as a user makes one: the first page is closed once
    // the service worker has the site and the page has saved its result;
    // the next one is answered from the service worker's cache.
    await waitOffline(b.page);
    await b.page.waitForFunction(() => !!localStorage.getItem("kubecfg-playground/last-result"), null, { timeout: 10000 });
    await b.page.close();
    const again = await b.context.newPage();
    await watchPrerendered(again);
    await again.goto(b.url);
    await waitMark(again, "kubecfg:first-engine-result");
    later.push({ ...phases(await marks(again)), painted: await painted(again) });
    await again.close();
    await b.restart();
    await watchPrerendered(b.page);
    await b.page.goto(b.url);
    await waitMark(b.page, "kubecfg:first-engine-result");
    restarted.push({ ...phases(await marks(b.page)), painted: await painted(b.page) });
  } finally {
    await b.close();
  }
}
const spread = (xs) => `${ms(median(xs))} (${ms(Math.min(...xs))}–${ms(Math.max(...xs))})`;
row("bytes on the wire before the first result (cold, largest run)", `${mb(wire.bytes)} (${Object.entries(wire.files).sort((a, b) => b[1] - a[1]).slice(0, 4).map(([f, n]) => `${f} ${(n / 1e3).toFixed(0)} kB`).join(", ")}, …)`, "≤ 2.0 MB", wire.bytes <= 2e6);
// When a result was shown: painted before main.js ran, or else main.js's mark.
const shownAt = (p) => (p.painted >= 0 ? p.painted : p.shown);
const coldShown = cold.map(shownAt);
row(`first result, cold profile: shown, the first example's answer from the build (painted before main.js ran in ${cold.filter((p) => p.painted >= 0).length} of ${runs}), median (min–max)`, spread(coldShown), "< 500 ms", median(coldShown) < 500);
const coldFirst = cold.map((p) => p.engine);
row(`first result, cold profile: the engine's own, median of ${runs} (min–max)`, spread(coldFirst), "< 500 ms", median(coldFirst) < 500);
const shown = later.map(shownAt);
row(`first result on a later visit (service-worker cache): shown, the saved answer (${later.filter((p) => p.saved).length} of ${runs}; painted before main.js ran in ${later.filter((p) => p.painted >= 0).length}), median (min–max)`, spread(shown), "< 150 ms", median(shown) < 150);
const laterEngine = later.map((p) => p.engine);
row("first result on a later visit (service-worker cache): the engine's own, median (min–max)", spread(laterEngine), "< 150 ms", median(laterEngine) < 150);
const restartShown = restarted.map(shownAt);
row(`first result on a later visit after a browser restart (service-worker cache, disk only): shown, the saved answer (${restarted.filter((p) => p.saved).length} of ${runs}; painted before main.js ran in ${restarted.filter((p) => p.painted >= 0).length}), median (min–max)`, spread(restartShown), "< 150 ms", median(restartShown) < 150);
const restartEngine = restarted.map((p) => p.engine);
row("first result on a later visit after a browser restart: the engine's own, median (min–max)", spread(restartEngine), "< 150 ms", median(restartEngine) < 150);
for (const [name, visits] of [["cold", cold], ["later", later], ["restarted later", restarted]]) {
  const med = (k) => ms(median(visits.map((p) => p[k])));
  row(`where a ${name} visit's time goes (medians): main.js starts / worker spawned / worker runs / compiled in / Go init / engine ready / first run / engine's result`,
    `${med("main")} / ${med("spawned")} / ${med("workerStart")} / ${med("compile")} / ${med("init")} / ${med("ready")} / ${med("run")} / ${med("engine")}`);
}

// The floor: how soon the same Chromium gets a first result from a Go wasm
// engine in a page that does nothing else, cold.
{
  const request = toRequest(normalize(fromExample(examples[0])), "");
  const floor = await floorVisits({ runs, bare, staticDir: path.join(root, "static"), request });
  const med = (xs, k) => ms(median(xs.map((v) => v[k])));
  const what = {
    bare: `bare go-jsonnet (wasm/barejsonnet, ${mb(readFileSync(bare).length)} raw) on a one-line program`,
    core: "the core engine alone on the first example's request (the page's first run, without the page)",
  };
  for (const [name, visits] of Object.entries(floor)) {
    row(`floor, cold profile, a page that only starts the worker: ${what[name]}: first result, median (min–max); worker runs / compiled in / Go init / run (medians)`,
      `${spread(visits.map((v) => v.result))}; ${med(visits, "workerStart")} / ${med(visits, "compileMs")} / ${med(visits, "initMs")} / ${med(visits, "runMs")}`);
  }
}

// Keystroke to output (keys.mjs): type into the string 'web' of the
// default example; every key changes the objects' names. FAST_EVAL=on
// measures with the alpha feature fast-eval on (keys-bench.mjs compares
// off and on side by side).
{
  const b = await open();
  try {
    const on = process.env.FAST_EVAL === "on";
    const lat = await keystrokes(b, { keys: 30, fastEval: on });
    row(`keystroke to output, default example${on ? ", fast-eval on" : ""}, ${lat.length} keys: median (p90)`, `${ms(median(lat))} (${ms(pct(lat, 0.9))})`, "< 50 ms", median(lat) < 50);
  } finally {
    await b.close();
  }
}

// Recovery after the watchdog: a runaway run with a 1 s limit, then an
// edit; the time from the "Stopped" line to the edit's result.
{
  const b = await open();
  try {
    await b.page.goto(b.url + "?timeout=1000&nosw");
    await waitStatus(b.page, /^Evaluated/, 60000);
    const ed = b.page.getByLabel("Editor", { exact: true });
    await ed.click();
    await b.page.keyboard.press("ControlOrMeta+a");
    await b.page.keyboard.insertText("std.foldl(function(a, i) a + std.foldl(function(b, j) b + j, std.range(1, 1000), 0), std.range(1, 100000), 0)\n");
    await waitStatus(b.page, /^Stopped/, 30000);
    const t0 = Date.now();
    await b.page.keyboard.press("ControlOrMeta+a");
    await b.page.keyboard.insertText("{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } } }\n");
    await waitStatus(b.page, /^Evaluated/, 30000);
    row("after the watchdog stops a run: the next edit's result, from the \"Stopped\" line", ms(Date.now() - t0));
  } finally {
    await b.close();
  }
}

// run() under Node: the first run of each example, then after an edit.
const k = await loadKubecfg();
const nodeRows = [];
for (const ex of examples) {
  const req = toRequest(fromExample(ex), k.version);
  const t0 = performance.now();
  const r1 = await k.run(req);
  const t1 = performance.now();
  const again = { ...req, files: { ...req.files, [req.entry]: req.files[req.entry] + "\n" } };
  const r2 = await k.run(again);
  const t2 = performance.now();
  nodeRows.push([ex.name, (t1 - t0).toFixed(1), (t2 - t1).toFixed(1)]);
  console.log(`node run() ${ex.name}: first ${(t1 - t0).toFixed(1)} ms (exit ${r1.exitCode}), after an edit ${(t2 - t1).toFixed(1)} ms (exit ${r2.exitCode})`);
}

if (docs) {
  const load = os.loadavg().map((x) => x.toFixed(2)).join(", ");
  const text = [
    "<!-- bench-web: generated by `make bench-web` (e2e/browser/bench.mjs --docs); do not edit -->",
    `Last run ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} CPUs, load average ${load} at the end, ${runs} runs.`,
    "",
    "| what | figure | target | met |",
    "| --- | --- | --- | --- |",
    ...rows.map((r) => `| ${r.join(" | ")} |`),
    "",
    "`run()` under Node (web/node/run.mjs, the full engine), the first run of each example and then a run after an edit of the entry:",
    "",
    "| example | first | after an edit |",
    "| --- | ---: | ---: |",
    ...nodeRows.map(([n, a, b]) => `| ${n} | ${a} ms | ${b} ms |`),
    "<!-- end of bench-web -->",
  ].join("\n");
  const old = readFileSync(docs, "utf8");
  const re = /<!-- bench-web:[\s\S]*?<!-- end of bench-web -->/;
  if (!re.test(old)) throw new Error(`${docs} has no bench-web markers`);
  writeFileSync(docs, old.replace(re, text));
}
process.exit(0);
