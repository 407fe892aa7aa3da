// The Compare pane's cost on kube-prometheus's example (issue 30), for
// docs/benchmarks.md: a copy of the tree (KUBECFG_KUBE_PROMETHEUS, default
// corpus/kube-prometheus beside the repository's folder;
// scripts/corpus/kube-prometheus.sh makes one) is opened as a folder in
// headless Chromium with -J vendor, as kube-prometheus-bench.mjs does; its
// output (131 objects, 5.8 MB) is pinned as the baseline, and then EDITS
// edits of example.jsonnet are timed: "one" sets Prometheus' replicas (one
// object changes), "all" sets the namespace (every object changes: the
// most the pane draws). For each, the page's kubecfg:compared mark:
// addedMs (from the frame after the output's to the comparison drawn: what
// the compare adds), workerMs (the worker's parse and diff), postMs and
// drawMs (this thread's share), and the counts. Without the tree
// (KUBECFG_COMPARE_SYNTHETIC=1, or none found) a synthetic output of 131
// objects and 5.8 MB is compared instead, with the same figures.
//
//   node e2e/browser/compare-bench.mjs [EDITS]
import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { existsSync, lstatSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { open } from "./browser.mjs";

const tree = process.env.KUBECFG_KUBE_PROMETHEUS
  || fileURLToPath(new URL("../../../corpus/kube-prometheus", import.meta.url));
const edits = Number(process.argv[2] || 5);
const synthetic = process.env.KUBECFG_COMPARE_SYNTHETIC === "1" || !existsSync(path.join(tree, "example.jsonnet"));

const b = await open();
const { page } = b;
let tmp = "";

// compared waits for the n-th kubecfg:compared mark and returns its detail.
async function compared(n) {
  await page.waitForFunction((k) => performance.getEntriesByName("kubecfg:compared").length >= k, n, { timeout: 600000 });
  return page.evaluate((k) => performance.getEntriesByName("kubecfg:compared")[k - 1].detail, n);
}

// setEntry replaces example.jsonnet's text in the editor (it is open).
async function setText(text) {
  await page.getByLabel("Editor", { exact: true }).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(text);
}

const round = (x) => Math.round(x * 10) / 10;
const seen = {}; // kind → the details of its edits, for the medians
const median = (xs) => { const v = [...xs].sort((p, q) => p - q); return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2; };
function report(what, d) {
  (seen[what.split(" ")[0]] ||= []).push(d);
  console.log(JSON.stringify({ what, addedMs: round(d.addedMs), workerMs: round(d.workerMs), postMs: round(d.postMs), drawMs: round(d.drawMs), sinceAnswerMs: round(d.sinceAnswerMs), counts: d.counts, bytes: d.bytes }));
}

try {
  await page.goto(b.url);
  await page.waitForFunction(() => /^Evaluated/.test(document.getElementById("status").textContent), null, { timeout: 60000 });
  let source;
  let variants;
  if (!synthetic) {
    tmp = await mkdtemp(path.join(os.tmpdir(), "kubecfg-cmp-"));
    const copy = path.join(tmp, "kube-prometheus");
    await cp(tree, copy, { recursive: true, filter: (src) => !lstatSync(src).isSymbolicLink() });
    await page.locator("#folder-input").setInputFiles(copy);
    await page.getByRole("button", { name: "Use -J vendor" }).waitFor({ timeout: 120000 });
    await page.getByLabel("Time limit").selectOption("300");
    await page.getByRole("button", { name: "Use -J vendor" }).click();
    await page.waitForFunction(() => document.getElementById("command-line").textContent.includes("-J vendor"));
    await page.getByRole("tab", { name: "example.jsonnet" }).click();
    source = await readFile(path.join(copy, "example.jsonnet"), "utf8");
    const at = "namespace: 'monitoring',";
    if (!source.includes(at)) throw new Error("example.jsonnet has no namespace: 'monitoring'");
    variants = {
      one: (i) => source.replace(at, `${at}\n      },\n      prometheus+: {\n        replicas: ${2 + i},`),
      all: (i) => source.replace(at, `namespace: 'monitoring-${i}',`),
    };
  } else {
    // 131 ConfigMaps of 44 kB each: 5.8 MB, one object changed per edit.
    const objs = Array.from({ length: 131 }, (_, i) => `{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm-${i}', namespace: ns }, data: { ['k' + j]: std.repeat('x', 40) + (if j == 7 && ${i} == 60 then std.toString(edit) else '') for j in std.range(0, 700) } }`);
    source = `local edit = 0;\nlocal ns = 'monitoring';\n[\n${objs.join(",\n")}\n]\n`;
    variants = {
      one: (i) => source.replace("local edit = 0;", `local edit = ${i};`),
      all: (i) => source.replace("local ns = 'monitoring';", `local ns = 'monitoring-${i}';`),
    };
    await page.getByLabel("Time limit").selectOption("300");
    await setText(source);
  }
  await page.waitForFunction(() => /^Evaluated/.test(document.getElementById("status").textContent), null, { timeout: 600000 });
  console.log(JSON.stringify({ tree: synthetic ? "synthetic" : tree }));
  await page.getByRole("tab", { name: /^Compare/ }).click();
  await page.getByRole("button", { name: "Pin the output as the baseline" }).click();
  let n = 1;
  report("pinned", await compared(n));
  for (const kind of ["one", "all"]) {
    for (let i = 1; i <= edits; i++) {
      await page.getByRole("tab", { name: synthetic ? /^Editor|jsonnet/ : "example.jsonnet" }).first().click().catch(() => {});
      await setText(variants[kind](i));
      report(`${kind} ${i}`, await compared(++n));
    }
  }
  for (const [kind, ds] of Object.entries(seen)) {
    if (kind === "pinned") continue;
    const m = (k) => round(median(ds.map((d) => d[k])));
    console.log(JSON.stringify({ median: kind, edits: ds.length, addedMs: m("addedMs"), maxAddedMs: round(Math.max(...ds.map((d) => d.addedMs))), workerMs: m("workerMs"), postMs: m("postMs"), drawMs: m("drawMs") }));
  }
} finally {
  await b.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
}
