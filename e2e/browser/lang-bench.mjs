// What the editor's language service (issue 21) costs in headless
// Chromium:
//   - the bytes the page loads before its first result, and that neither
//     kubecfg-lang.wasm nor lang-worker.js is among them;
//   - when the language worker is ready, counted from the first result;
//   - on the 200-object workspace of pkg/playground's benchmarks
//     (workspace200 in cache_test.go, read from there), completion after
//     `std.` (Ctrl-Space, again and again) and hover on a local: the round
//     trip as the page sees it (lang.js's kubecfg:lang-* measures), and the
//     part of it spent in the worker.
//
//   node lang-bench.mjs [--rounds 30] [--docs ../../docs/benchmarks.md]
//
// With --docs, the section between the bench-lang markers of that file is
// replaced with the figures.
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { open } from "./browser.mjs";
import { waitStatus } from "./helpers.mjs";
import { encodeFragment } from "../../web/src/share.js";
import { examples } from "../../web/src/examples.js";
import { fromExample } from "../../web/src/state.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const arg = (name, dflt) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : dflt);
const docs = arg("--docs", "");
const rounds = Number(arg("--rounds", "30"));
const target = 30; // ms, issue 21

/** workspace200 is pkg/playground's 200-object workspace, from its Go source. */
function workspace200() {
  const src = readFileSync(path.join(root, "pkg", "playground", "cache_test.go"), "utf8");
  const m = /func workspace200\(\) map\[string\]string \{\s*return map\[string\]string\{"app\.jsonnet": `([^`]*)`\}/.exec(src);
  if (!m) throw new Error("pkg/playground/cache_test.go: workspace200 is not where this script looks for it");
  return { "app.jsonnet": m[1] };
}

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const median = (xs) => sorted(xs)[Math.floor(xs.length / 2)];
const p90 = (xs) => sorted(xs)[Math.floor(xs.length * 0.9)];
const ms = (x) => (x < 10 ? x.toFixed(1) : Math.round(x));

const measures = (page, name) => page.evaluate((n) => performance.getEntriesByName(n).map((e) => ({ ms: e.duration, worker: e.detail?.workerMs })), name);

/** firstVisit: the bytes before the first result, and when the language worker was ready. */
async function firstVisit(b) {
  const seen = [];
  b.page.on("request", (r) => seen.push({ r, at: Date.now() }));
  await b.page.goto(b.url);
  await waitStatus(b.page, /^Evaluated/, 60000);
  await b.page.waitForFunction(() => performance.getEntriesByName("kubecfg:lang-ready").length > 0, null, { timeout: 60000 });
  const m = await b.page.evaluate(() => {
    const get = (n) => performance.getEntriesByName(n)[0];
    return { origin: performance.timeOrigin, first: get("kubecfg:first-engine-result")?.startTime, shown: get("kubecfg:first-result")?.startTime, lang: { startTime: get("kubecfg:lang-ready").startTime, detail: get("kubecfg:lang-ready").detail } };
  });
  const cutoff = m.origin + m.first;
  let bytes = 0;
  const before = [];
  for (const { r, at } of seen) {
    if (at > cutoff) continue;
    const res = await r.response();
    if (!res) continue;
    await res.finished();
    const sz = await r.sizes();
    bytes += sz.responseBodySize + sz.responseHeadersSize;
    before.push(new URL(r.url()).pathname);
  }
  return { bytes, before, langReadyAfter: m.lang.startTime - m.first, langWorkerMs: m.lang.detail?.workerMs };
}

const b = await open();
const rows = [];
try {
  const v = await firstVisit(b);
  const lang = v.before.filter((p) => /kubecfg-lang\.wasm|lang-worker/.test(p));
  rows.push(["bytes on the wire before the first result (default example, cold)", `${(v.bytes / 1e6).toFixed(2)} MB; the language service's files among them: ${lang.length ? lang.join(", ") : "none"}`]);
  rows.push(["the language worker ready, after the first result (of which in the worker: fetch, compile, Go init)", `${ms(v.langReadyAfter)} ms (${ms(v.langWorkerMs)} ms)`]);

  const { page } = b;
  const snap = { files: workspace200(), entry: "app.jsonnet", controls: fromExample(examples[0]).controls };
  await page.goto("about:blank");
  await page.goto(`${b.url}#s=${await encodeFragment(snap)}`);
  await waitStatus(page, /^Evaluated/, 60000);
  await page.waitForFunction(() => performance.getEntriesByName("kubecfg:lang-ready").length > 0, null, { timeout: 60000 });
  const ed = page.getByLabel("Editor", { exact: true });
  await ed.click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type("\n+ { z: std.", { delay: 30 });
  await page.locator(".cm-tooltip-autocomplete").waitFor({ timeout: 10000 });
  for (let i = 0; i < rounds; i++) {
    await page.keyboard.press("Escape");
    const n = (await measures(page, "kubecfg:lang-complete")).length;
    await page.keyboard.press("Control+Space");
    await page.waitForFunction((k) => performance.getEntriesByName("kubecfg:lang-complete").length > k, n, { timeout: 10000 });
  }
  const comp = (await measures(page, "kubecfg:lang-complete")).slice(-rounds);
  // Hover: the pointer over "labels" (a local), off it, and back.
  await page.keyboard.press("Escape");
  await page.keyboard.press("ControlOrMeta+Home");
  const at = await page.evaluate(() => {
    // The middle of "labels" in "selector: { matchLabels: labels }".
    const line = [...document.querySelectorAll(".cm-content .cm-line")].find((l) => l.textContent.includes("matchLabels: labels"));
    const target = line.textContent.indexOf("matchLabels: labels") + "matchLabels: ".length + 3;
    const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let n, off = 0; (n = walker.nextNode()); off += n.length) {
      if (off + n.length > target) { range.setStart(n, target - off); range.setEnd(n, target - off + 1); break; }
    }
    const r = range.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
  for (let i = 0; i < rounds; i++) {
    const n = (await measures(page, "kubecfg:lang-hover")).length;
    await page.mouse.move(at.x, at.y);
    await page.waitForFunction((k) => performance.getEntriesByName("kubecfg:lang-hover").length > k, n, { timeout: 10000 });
    await page.mouse.move(at.x + 400, at.y + 300);
    await page.waitForTimeout(150);
  }
  const hov = (await measures(page, "kubecfg:lang-hover")).slice(-rounds);
  const ok = (xs) => (median(xs.map((x) => x.ms)) < target ? "yes" : "**no**");
  rows.push([`200 objects: completion after \`std.\` (156 names), round trip in the page, median / 90th percentile of ${comp.length}; in the worker`,
    `${ms(median(comp.map((x) => x.ms)))} ms / ${ms(p90(comp.map((x) => x.ms)))} ms; ${ms(median(comp.map((x) => x.worker)))} ms`, `< ${target} ms`, ok(comp)]);
  rows.push([`200 objects: hover on a local, round trip in the page, median / 90th percentile of ${hov.length}; in the worker`,
    `${ms(median(hov.map((x) => x.ms)))} ms / ${ms(p90(hov.map((x) => x.ms)))} ms; ${ms(median(hov.map((x) => x.worker)))} ms`, `< ${target} ms`, ok(hov)]);
} finally {
  await b.close();
}

const load = os.loadavg().map((x) => x.toFixed(2)).join(", ");
const table = ["| measure | figure | target | met |", "| --- | --- | --- | --- |",
  ...rows.map((r) => `| ${r[0]} | ${r[1]} | ${r[2] || ""} | ${r[3] || ""} |`)].join("\n");
console.log(table);
if (docs) {
  const begin = "<!-- bench-lang: generated by `make bench-lang`; do not edit -->";
  const end = "<!-- end of bench-lang -->";
  const text = readFileSync(docs, "utf8");
  const section = `${begin}\n${table}\n\nMeasured ${new Date().toISOString().slice(0, 10)} in headless Chromium, load average ${load}.\n${end}`;
  const i = text.indexOf(begin);
  const j = text.indexOf(end);
  if (i < 0 || j < 0) throw new Error(`${docs}: no bench-lang markers`);
  writeFileSync(docs, text.slice(0, i) + section + text.slice(j + end.length));
}
