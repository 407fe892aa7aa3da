// kube-prometheus's example in the page (issue 22), for docs/benchmarks.md:
// a copy of the tree (KUBECFG_KUBE_PROMETHEUS, default
// corpus/kube-prometheus beside the repository's folder;
// scripts/corpus/kube-prometheus.sh makes one) is opened as a folder in headless Chromium, -J vendor is set, and
// the status line's "Evaluated in N ms" (the engine's run) and the wall
// time from the action to the painted output are printed for the cold run
// and for EDITS edits of example.jsonnet's namespace; then the CLI's time
// natively on the same tree, for the ratio.
//
// FAST_EVAL=on runs it with the alpha feature fast-eval turned on in the
// Features tab (issue 32: the page then runs the full engine's fast
// evaluator), FAST_EVAL=both with it off and then on, each in a browser of
// its own, side by side in one run (default off). With it on, the switch
// to the full engine (its download, compile and start, and a run of the
// folder without -J vendor) is timed apart, before the cold run.
//
//   [FAST_EVAL=off|on|both] [TIME_LIMIT=0|10|30|60|300] node e2e/browser/kube-prometheus-bench.mjs [EDITS]
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { existsSync, lstatSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { open, kubecfgBin } from "./browser.mjs";

const tree = process.env.KUBECFG_KUBE_PROMETHEUS
  || fileURLToPath(new URL("../../../corpus/kube-prometheus", import.meta.url));
const edits = Number(process.argv[2] || 3);
if (!existsSync(path.join(tree, "example.jsonnet"))) {
  console.error(`no kube-prometheus tree at ${tree}`);
  process.exit(2);
}
// TIME_LIMIT=0 leaves the page's default Time limit (a new workspace's
// first run gets the longer one, and its Time limit is raised to fit).
const limit = process.env.TIME_LIMIT ?? "300";
const modes = { off: [false], on: [true], both: [false, true] }[process.env.FAST_EVAL || "off"];
if (!modes) {
  console.error(`FAST_EVAL is off, on or both, not ${process.env.FAST_EVAL}`);
  process.exit(2);
}
const tmp = await mkdtemp(path.join(os.tmpdir(), "kubecfg-kp-"));
const copy = path.join(tmp, "kube-prometheus");
// Without jsonnet-bundler's links: the page makes them from the lock file.
await cp(tree, copy, { recursive: true, filter: (src) => !lstatSync(src).isSymbolicLink() });
const colds = []; // each mode's cold output's sha256
for (const fast of modes) await bench(fast);
if (colds.length > 1) console.log(JSON.stringify({ what: "the cold outputs, off and on", same: colds[0] === colds[1], sha256: colds }));
await rm(tmp, { recursive: true, force: true });
async function bench(fast) {
  const b = await open();
  const { page } = b;
  const status = () => page.locator("#status").textContent();
  async function settled(what, t0) {
    await page.waitForFunction(() => /^(Evaluated|Failed|Stopped)/.test(document.getElementById("status").textContent), null, { timeout: 600000 });
    const wall = performance.now() - t0;
    const s = await status();
    const engine = Number((s.match(/^Evaluated in (\d+) ms/) || [])[1]);
    if (!engine) throw new Error(`${what}: ${s}`);
    console.log(JSON.stringify({ fastEval: fast, what, engineMs: engine, wallMs: Math.round(wall) }));
  }
  try {
    await page.goto(b.url);
    await page.waitForFunction(() => /^Evaluated/.test(document.getElementById("status").textContent), null, { timeout: 60000 });
    // Every main run's output, whole, as the runner answers it.
    await page.evaluate(() => {
      const r = globalThis.kubecfgEngine;
      const run = r.run.bind(r);
      r.run = (req, o) => run(req, o).then((resp) => {
        if (resp && (o?.lane || "main") === "main") globalThis.lastMainOutput = resp.output;
        return resp;
      });
    });
    await page.locator("#folder-input").setInputFiles(copy);
    await page.getByRole("button", { name: "Use -J vendor" }).waitFor({ timeout: 120000 });
    await page.getByLabel("Time limit").selectOption(limit);
    let t0 = performance.now();
    if (fast) {
      await page.getByRole("tab", { name: "Features", exact: true }).click();
      const row = page.locator("#features-table tr", { has: page.locator("td", { hasText: /^fast-eval$/ }) });
      const before = Number(await page.locator("#status").getAttribute("data-runs") || 0);
    await row.getByRole("checkbox").check();
      await page.waitForFunction(() => /--features=(\S+,)?fast-eval(,|\s|$)/.test(document.getElementById("command-line").textContent));
      await page.waitForFunction((n) => globalThis.kubecfgEngine.full && Number(document.getElementById("status").dataset.runs || 0) > n, before, { timeout: 120000 });
      console.log(JSON.stringify({ what: "fast-eval on: switched to the full engine", wallMs: Math.round(performance.now() - t0) }));
      await page.getByRole("tab", { name: "Output", exact: true }).click();
      t0 = performance.now();
    }
    await page.getByRole("button", { name: "Use -J vendor" }).click();
    await page.waitForFunction(() => document.getElementById("command-line").textContent.includes("-J vendor"));
    await settled("cold", t0);
    if (limit === "0") console.log(JSON.stringify({ fastEval: fast, what: "Time limit after the cold run (s, 0 the default)", limit: await page.getByLabel("Time limit").inputValue() }));
    // The cold run's whole output (the view shows only what is in sight),
    // for the modes' comparison.
    colds.push(createHash("sha256").update(await page.evaluate(() => globalThis.lastMainOutput)).digest("hex"));
    for (let i = 1; i <= edits; i++) {
      const line = page.getByLabel("Editor", { exact: true }).locator(".cm-line", { hasText: "namespace: '" }).first();
      await line.click();
      await page.keyboard.press("End");
      await page.keyboard.press("Shift+Home");
      t0 = performance.now();
      await page.keyboard.insertText(`namespace: 'edit-${i}',`);
      await page.waitForFunction((n) => document.querySelector("#output-view .cm-content")?.innerText.includes(`namespace: edit-${n}`), i, { timeout: 600000 });
      await settled(`edit ${i}`, t0);
    }
  } finally {
    await b.close();
  }
}
for (const fast of modes) {
  const args = ["show", "-J", "vendor", ...(fast ? ["--features=fast-eval"] : []), "example.jsonnet"];
  const t0 = performance.now();
  execFileSync(kubecfgBin, args, { cwd: tree, maxBuffer: 64 << 20 });
  console.log(JSON.stringify({ what: `native kubecfg ${args.join(" ")}`, wallMs: Math.round(performance.now() - t0) }));
}
