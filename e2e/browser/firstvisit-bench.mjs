// The first visit, side by side (issue 33): in one run of headless
// Chromium against one `kubecfg playground` on 127.0.0.1, each round makes,
// taking turns and each in a fresh profile:
//   - static: a static page of the same server (the docs' index, no
//     script): its first contentful paint;
//   - cold: the playground's first visit: its first contentful paint, the
//     prerendered result painted (the build's answer, shown by boot.js
//     before main.js: the first frame it is displayed in, helpers.mjs
//     painted), main.js's first result, the engine's first result, and the
//     page's timeline (resources, marks, IndexedDB opens, long tasks);
//   - repeat: a later visit in the cold visit's profile once the service
//     worker has the site (the first page closed, V8's code cache warm);
//   - example: an #example=yakl-pod link, cold;
//   - shared: a /s/ID short link to the first example's workspace, cold
//     (the page fetches the snippet);
//   - floor: the floor page (floor.mjs), cold: bare go-jsonnet, bare
//     go-jsonnet on the first example's Jsonnet, and the core engine alone
//     on the first example's request.
// Then it checks issue 33's ratios on the medians and, with --docs, writes
// them and the timeline between the bench-first-visit markers of that file.
//
//   node firstvisit-bench.mjs [--runs N] [--bare ../../bin/barejsonnet.wasm] [--docs ../../docs/benchmarks.md]
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { chromiumPath, launchArgs, servePlayground } from "./browser.mjs";
import { floorVisits } from "./floor.mjs";
import { waitOffline, waitMark, watchPrerendered, painted, editedShortLink } from "./helpers.mjs";
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
const ms = (x) => (Number.isFinite(x) ? `${Math.round(x)} ms` : "—");
const spread = (xs) => `${ms(median(xs))} (${ms(Math.min(...xs))}–${ms(Math.max(...xs))})`;

// timeline is an init script: it notes each IndexedDB open (start, end)
// and the main thread's long tasks, for the cold visit's timeline.
const timeline = () => {
  globalThis.benchIDB = [];
  const open = indexedDB.open.bind(indexedDB);
  indexedDB.open = (...a) => {
    const t = performance.now();
    const r = open(...a);
    const done = () => globalThis.benchIDB.push({ name: String(a[0]), start: t, end: performance.now() });
    r.addEventListener("success", done);
    r.addEventListener("error", done);
    return r;
  };
  globalThis.benchLong = [];
  try {
    new PerformanceObserver((l) => { for (const e of l.getEntries()) globalThis.benchLong.push({ start: e.startTime, duration: e.duration }); })
      .observe({ type: "longtask", buffered: true });
  } catch { /* no long tasks in this browser */ }
};

/** fresh runs visit(page) in a browser with a fresh profile and closes it. */
async function fresh(visit) {
  const profile = await mkdtemp(path.join(os.tmpdir(), "kubecfg-fv-"));
  const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath, headless: true, args: launchArgs, viewport: { width: 1400, height: 860 } });
  try {
    const page = context.pages()[0] || (await context.newPage());
    return await visit(page, context);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

const fcp = (page) => page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN);

/** pageVisit opens url on page and reads the playground's figures once the engine has answered. */
async function pageVisit(page, url) {
  await watchPrerendered(page);
  await page.addInitScript(timeline);
  await page.goto(url);
  await waitMark(page, "kubecfg:first-engine-result", 90000);
  // On a first visit the engine may answer before main.js has made its
  // editors (boot.js firstVisit): their first result is read too.
  await waitMark(page, "kubecfg:first-result", 90000);
  await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, null, { timeout: 10000 });
  const m = await page.evaluate(() => {
    const mark = (n) => performance.getEntriesByName(n)[0];
    const nav = performance.getEntriesByType("navigation")[0];
    const res = performance.getEntriesByType("resource").map((r) => ({ name: new URL(r.name).pathname, start: r.startTime, end: r.responseEnd }));
    return {
      fcp: mark("first-contentful-paint")?.startTime ?? NaN,
      early: mark("kubecfg:early-paint")?.startTime ?? NaN,
      help: mark("kubecfg:help-early")?.startTime ?? NaN,
      mainStart: mark("kubecfg:main-start")?.startTime ?? NaN,
      spawned: mark("kubecfg:worker-spawned")?.startTime ?? NaN,
      ready: mark("kubecfg:engine-ready")?.detail || {},
      shown: mark("kubecfg:first-result")?.startTime ?? NaN,
      shownFrom: mark("kubecfg:first-result")?.detail?.from || "engine",
      engine: mark("kubecfg:first-engine-result")?.startTime ?? NaN,
      run: mark("kubecfg:first-engine-result")?.detail?.wallMs ?? NaN,
      posted: mark("kubecfg:update")?.startTime ?? NaN,
      html: { start: nav.requestStart, firstByte: nav.responseStart, end: nav.responseEnd, parsed: nav.domInteractive, loaded: nav.domContentLoadedEventEnd },
      res,
      idb: globalThis.benchIDB || [],
      long: globalThis.benchLong || [],
    };
  });
  m.painted = await painted(page);
  return m;
}

const site = await servePlayground();
const v = { static: [], cold: [], repeat: [], example: [], shared: [], floor: [], bareapp: [], core: [] };
try {
  const shared = await editedShortLink(site.url);
  const request = toRequest(normalize(fromExample(examples[0])), "");
  for (let i = 0; i < runs; i++) {
    v.static.push(await fresh(async (page) => {
      await page.goto(`${site.url}docs/`);
      await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, null, { timeout: 30000 });
      return { fcp: await fcp(page) };
    }));
    await fresh(async (page, context) => {
      v.cold.push(await pageVisit(page, site.url));
      await waitOffline(page, 60000);
      await page.waitForFunction(() => !!localStorage.getItem("kubecfg-playground/last-result"), null, { timeout: 10000 });
      await page.close();
      const again = await context.newPage();
      v.repeat.push(await pageVisit(again, site.url));
    });
    v.example.push(await fresh((page) => pageVisit(page, `${site.url}#example=yakl-pod`)));
    v.shared.push(await fresh((page) => pageVisit(page, shared)));
    const floor = await floorVisits({ runs: 1, bare, staticDir: path.join(root, "static"), request, only: ["bare", "bareapp", "core"] });
    v.floor.push(floor.bare[0]);
    v.bareapp.push(floor.bareapp[0]);
    v.core.push(floor.core[0]);
    console.log(`round ${i + 1}: static ${ms(v.static.at(-1).fcp)}; cold fcp ${ms(v.cold.at(-1).fcp)} painted ${ms(v.cold.at(-1).painted)} engine ${ms(v.cold.at(-1).engine)}; repeat engine ${ms(v.repeat.at(-1).engine)}; example painted ${ms(v.example.at(-1).painted)}; shared shown ${ms(v.shared.at(-1).shown)} engine ${ms(v.shared.at(-1).engine)}; floor ${ms(v.floor.at(-1).result)}`);
  }
} finally {
  await site.close();
}

// The result a visit shows first: painted by boot.js, else main.js's first.
const shownAt = (p) => (p.painted >= 0 ? p.painted : p.shown);
const med = (xs, f) => median(xs.map(f));
const rows = [];
const row = (what, figure, target = "", met = null) => {
  rows.push([what, figure, target, met === null ? "" : met ? "yes" : "**no**"]);
  console.log(`${what}: ${figure}${target ? ` (target ${target}: ${met ? "met" : "NOT met"})` : ""}`);
};
const ratio = (a, b) => `${(a / b).toFixed(2)}x (${ms(a)} / ${ms(b)})`;

const staticFcp = med(v.static, (p) => p.fcp);
const coldFcp = med(v.cold, (p) => p.fcp);
const coldShown = med(v.cold, shownAt);
const coldEngine = med(v.cold, (p) => p.engine);
const floorResult = med(v.floor, (p) => p.result);
row("a static page (the docs' index): first contentful paint", spread(v.static.map((p) => p.fcp)));
row("playground, first visit: first contentful paint", spread(v.cold.map((p) => p.fcp)));
// painted() is the first contentful paint when the block was displayed by then.
const inFirstPaint = (xs) => xs.filter((p) => p.painted === p.fcp).length;
row(`playground, first visit: the prerendered result painted (before main.js in ${v.cold.filter((p) => p.painted >= 0).length} of ${runs}; in the first contentful paint in ${inFirstPaint(v.cold)})`, spread(v.cold.map(shownAt)));
row("playground, first visit: main.js's first result (kubecfg:first-result, the editors take over)", spread(v.cold.map((p) => p.shown)));
row("playground, first visit: the engine's first result", spread(v.cold.map((p) => p.engine)));
row("floor page (bare go-jsonnet, e2e/browser/floor): first result", spread(v.floor.map((p) => p.result)));
row("floor page, bare go-jsonnet on the first example's Jsonnet (its files and kubecfg.libsonnet; go-jsonnet's YAML): first result", spread(v.bareapp.map((p) => p.result)));
row("floor page, the core engine alone on the first example's request (the page's engine without the page): first result", spread(v.core.map((p) => p.result)));
row("the core engine alone / bare go-jsonnet on the example's Jsonnet", ratio(med(v.core, (p) => p.result), med(v.bareapp, (p) => p.result)));
row("the page's engine result / the core engine alone", ratio(coldEngine, med(v.core, (p) => p.result)));
row("the engine's first result / bare go-jsonnet on the example's Jsonnet", ratio(coldEngine, med(v.bareapp, (p) => p.result)));
row("the prerendered result / the page's first paint", ratio(coldShown, coldFcp), "≤ 1.3x", coldShown / coldFcp <= 1.3);
row("the page's first paint / a static page's", ratio(coldFcp, staticFcp), "≤ 3x", coldFcp / staticFcp <= 3);
row("the engine's first result / the floor page's", ratio(coldEngine, floorResult), "≤ 1.3x", coldEngine / floorResult <= 1.3);
row(`repeat visit (service worker, V8's code cache): the result shown (the saved answer in ${v.repeat.filter((p) => p.shownFrom === "saved").length} of ${runs})`, spread(v.repeat.map(shownAt)));
row("repeat visit: the engine's first result", spread(v.repeat.map((p) => p.engine)), "≤ the first visit's", med(v.repeat, (p) => p.engine) <= coldEngine);
row(`#example=yakl-pod, cold: the prerendered result painted (before main.js in ${v.example.filter((p) => p.painted >= 0).length} of ${runs}; in the first contentful paint in ${inFirstPaint(v.example)})`, spread(v.example.map(shownAt)));
row("#example=yakl-pod, cold: the engine's first result", spread(v.example.map((p) => p.engine)));
row("/s/ID short link, cold: first contentful paint", spread(v.shared.map((p) => p.fcp)));
row("/s/ID short link, cold: the first result shown (no prerendered answer: the snippet is fetched)", spread(v.shared.map(shownAt)));
row("/s/ID short link, cold: the engine's first result", spread(v.shared.map((p) => p.engine)), "≤ the first visit's", med(v.shared, (p) => p.engine) <= coldEngine);

// The cold visit's timeline: the medians of each event.
const at = (f) => ms(med(v.cold, f));
const resAt = (re, k) => (p) => p.res.find((r) => re.test(r.name))?.[k] ?? NaN;
const idbSpan = (k) => (p) => (p.idb.length ? (k === "start" ? Math.min(...p.idb.map((x) => x.start)) : Math.max(...p.idb.map((x) => x.end))) : NaN);
const longMain = (p) => p.long.filter((l) => l.start >= p.mainStart - 1).reduce((s, l) => s + l.duration, 0);
const line = [
  ["the HTML: request sent / first byte / last byte", `${at((p) => p.html.start)} / ${at((p) => p.html.firstByte)} / ${at((p) => p.html.end)}`],
  ["boot.js loaded (the worker is spawned from it)", `${at(resAt(/\/dist\/boot-/, "end"))}; worker spawned ${at((p) => p.spawned)}`],
  ["the CSS loaded", at(resAt(/\/dist\/main-.*\.css$/, "end"))],
  ["main.js (the editor bundle): loaded / starts running", `${at(resAt(/\/dist\/main-.*\.js$/, "end"))} / ${at((p) => p.mainStart)}`],
  ["the document parsed (domInteractive) / DOMContentLoaded done", `${at((p) => p.html.parsed)} / ${at((p) => p.html.loaded)}`],
  ["boot.js paints the prerendered blocks (kubecfg:early-paint) / first contentful paint / the block's frame", `${at((p) => p.early)} / ${at((p) => p.fcp)} / ${at(shownAt)}`],
  ["the help panel opened by the boot script (a first visit: kubecfg:help-early)", at((p) => p.help)],
  ["main.js's long tasks from its start (sum)", at(longMain)],
  ["IndexedDB: first open started / last open done", `${at(idbSpan("start"))} / ${at(idbSpan("end"))}`],
  ["main.js's first result (the editors hold the build's answer)", at((p) => p.shown)],
  ["the worker runs at / the engine's streaming compile took / Go's init took / the engine is ready at", `${at((p) => p.ready.startedAt)} / ${at((p) => p.ready.compileMs)} / ${at((p) => p.ready.initMs)} / ${at((p) => p.ready.readyAt)}`],
  ["the first run posted (the session's update; the boot script's on a first visit)", at((p) => p.posted)],
  ["the first run in the worker took / the engine's first result is shown at", `${at((p) => p.run)} / ${at((p) => p.engine)}`],
];
for (const [what, figure] of line) console.log(`timeline: ${what}: ${figure}`);

if (docs) {
  const load = os.loadavg().map((x) => x.toFixed(2)).join(", ");
  const text = [
    "<!-- bench-first-visit: generated by `make bench-first-visit` (e2e/browser/firstvisit-bench.mjs --docs); do not edit -->",
    `Last run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC: ${os.cpus().length} CPUs, load average ${load} at the end, ${runs} rounds (each visit a fresh profile, the kinds taking turns; medians, min–max).`,
    "",
    "| what | figure | target | met |",
    "| --- | --- | --- | --- |",
    ...rows.map((r) => `| ${r.join(" | ")} |`),
    "",
    "A first visit's timeline (medians of the cold visits; ms since the navigation started, except the durations marked \"took\"):",
    "",
    "| event | figure |",
    "| --- | ---: |",
    ...line.map(([a, b]) => `| ${a} | ${b} |`),
    "<!-- end of bench-first-visit -->",
  ].join("\n");
  const old = readFileSync(docs, "utf8");
  const re = /<!-- bench-first-visit:[\s\S]*?<!-- end of bench-first-visit -->/;
  if (!re.test(old)) throw new Error(`${docs} has no bench-first-visit markers`);
  writeFileSync(docs, old.replace(re, text));
}
process.exit(0);
