// One first visit of the playground under Chromium's own trace (issue 33):
// a fresh incognito context against `kubecfg playground` on 127.0.0.1,
// traced until the engine's first result; then, for the page's renderer
// only, each thread's top-level tasks over 15 ms (the main thread, the
// engine's worker, the background parser) with what ran inside them, and
// the page's marks and paints, in ms since the navigation started. The
// other renderers of headless Chromium (its own WebUI pages) are left
// out of the listing but named with their busy time, as they share the
// machine's cores with the page.
//
//   node firstvisit-trace.mjs [--out /tmp/first-visit-trace.json]
import { readFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { chromiumPath, launchArgs, servePlayground } from "./browser.mjs";

const arg = (name, dflt) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : dflt);
const out = arg("--out", "/tmp/first-visit-trace.json");

const site = await servePlayground();
const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: launchArgs });
try {
  const context = await browser.newContext({ viewport: { width: 1400, height: 860 } });
  const page = await context.newPage();
  await browser.startTracing(page, { path: out, categories: ["devtools.timeline", "v8.execute", "v8", "blink.user_timing", "loading", "disabled-by-default-devtools.timeline"] });
  await page.goto(site.url);
  await page.waitForFunction(() => performance.getEntriesByName("kubecfg:first-engine-result").length > 0, null, { timeout: 90000 });
  await browser.stopTracing();
} finally {
  await browser.close();
  await site.close();
}

const trace = JSON.parse(readFileSync(out, "utf8"));
const ev = trace.traceEvents || trace;
const threads = Object.fromEntries(ev.filter((e) => e.name === "thread_name").map((e) => [`${e.pid}:${e.tid}`, e.args.name]));
const processes = Object.fromEntries(ev.filter((e) => e.name === "process_labels" || e.name === "process_name").map((e) => [e.pid, e.args.labels || e.args.name]));
const pid = ev.find((e) => e.name === "kubecfg:worker-spawned")?.pid;
if (pid === undefined) throw new Error(`${out}: no kubecfg:worker-spawned mark`);
const t0 = ev.find((e) => e.name === "navigationStart" && e.pid === pid && /^http/.test(e.args?.data?.documentLoaderURL || "")).ts;
const at = (ts) => Math.round((ts - t0) / 1000);
const label = (e) => e.name + (e.args?.data?.url ? `(${e.args.data.url.split("/").pop()})` : "");
const long = (e) => e.ph === "X" && e.dur > 15000 && e.ts >= t0;
for (const tid of [...new Set(ev.filter((e) => e.pid === pid).map((e) => e.tid))]) {
  const xs = ev.filter((e) => e.pid === pid && e.tid === tid && long(e));
  if (!xs.length) continue;
  console.log(`== ${threads[`${pid}:${tid}`] || tid}`);
  const top = xs.filter((e) => !xs.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur));
  for (const e of top) {
    const inner = xs.filter((o) => o !== e && o.ts >= e.ts && o.ts + o.dur <= e.ts + e.dur).map((o) => `${label(o)} ${at(o.ts)}+${Math.round(o.dur / 1000)}`);
    console.log(`${at(e.ts)} +${Math.round(e.dur / 1000)} ms ${label(e)}${inner.length ? ": " + [...new Set(inner)].slice(0, 8).join("; ") : ""}`);
  }
}
console.log("== marks and paints");
for (const e of ev.filter((x) => x.pid === pid && /^kubecfg:|^firstContentfulPaint$|^firstPaint$/.test(x.name))) console.log(`${at(e.ts)} ms ${e.name}`);
console.log("== other renderers' main threads (busy ms during the visit)");
for (const [key, name] of Object.entries(threads)) {
  const [p] = key.split(":").map(Number);
  if (p === pid || name !== "CrRendererMain") continue;
  const busy = ev.filter((e) => `${e.pid}:${e.tid}` === key && e.ph === "X" && e.name === "RunTask" && e.ts >= t0).reduce((s, e) => s + e.dur, 0) / 1000;
  if (busy > 20) console.log(`${JSON.stringify(processes[p] || p)}: ${Math.round(busy)} ms`);
}
