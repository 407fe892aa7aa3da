// What an autosave of an edit costs on a 300-file, 8 MB workspace
// (bigws.mjs), in headless Chromium (docs/benchmarks.md, "Big workspaces
// (issue 22)"): the folder is opened, a first edit saves every file, then
// each of N edits of the entry is a keystroke followed by its save. For
// each save the page's kubecfg:autosave measure gives the time from the
// start of the save to its commit, and its detail the files written, the
// time spent finding them (diffMs, on the page's thread) and what each
// keystroke's touch() cost the page's thread (a new rev, the journal). For
// comparison, the page also times what the builds before did at every
// change: JSON.stringify of the whole state (localStorage.setItem of it
// then fails: past its quota).
//
//   node autosave-bench.mjs [--edits N]
import { rm } from "node:fs/promises";
import { open } from "./browser.mjs";
import { waitStatus, waitOutput, setSource } from "./helpers.mjs";
import { makeBigFolder } from "./bigws.mjs";

const arg = (name, dflt) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : dflt);
const edits = Number(arg("--edits", 15));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const saves = (page) => page.evaluate(() => performance.getEntriesByName("kubecfg:autosave").length);

const { root, dir } = await makeBigFolder();
const b = await open();
try {
  const { page } = b;
  await page.goto(b.url + "?nosw");
  await waitStatus(page, /^Evaluated/, 30000);
  await page.locator("#folder-input").setInputFiles(dir);
  await waitStatus(page, /Opened the folder big/);
  let n = await saves(page);
  await setSource(page, "{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'e0' } } }\n");
  await page.waitForFunction((k) => performance.getEntriesByName("kubecfg:autosave").length > k, n, { timeout: 30000 });
  const first = await page.evaluate(() => performance.getEntriesByName("kubecfg:autosave").map((e) => ({ duration: e.duration, detail: e.detail })).at(-1));
  for (let i = 1; i <= edits; i++) {
    n = await saves(page);
    await page.keyboard.type(" ");
    await page.waitForFunction((k) => performance.getEntriesByName("kubecfg:autosave").length > k, n, { timeout: 30000 });
  }
  await waitOutput(page, /name: e0/);
  const all = await page.evaluate(() => performance.getEntriesByName("kubecfg:autosave").map((e) => ({ duration: e.duration, detail: e.detail })));
  const each = all.slice(-edits);
  // The builds before: the whole state as JSON at every change.
  const whole = await page.evaluate(async () => {
    const r = indexedDB.open("kubecfg-playground");
    const db = await new Promise((resolve) => { r.onsuccess = () => resolve(r.result); });
    const files = await new Promise((resolve) => {
      const q = db.transaction("files").objectStore("files").getAll();
      q.onsuccess = () => resolve(q.result);
    });
    db.close();
    const state = { files: Object.fromEntries(files.map((f) => [f.path, f.text])), entry: "main.jsonnet", controls: {} };
    const ms = [];
    let size = 0;
    for (let i = 0; i < 7; i++) {
      const t0 = performance.now();
      size = JSON.stringify(state).length;
      ms.push(performance.now() - t0);
    }
    let stored = true;
    try { localStorage.setItem("bench-whole", JSON.stringify(state)); } catch { stored = false; }
    localStorage.removeItem("bench-whole");
    return { ms: ms.sort((a, b) => a - b)[3], size, stored };
  });
  console.log(`first save (every file): ${first.detail.files} files, ${(first.detail.bytes / 1e6).toFixed(2)} M characters, ${first.duration.toFixed(1)} ms to commit`);
  console.log(`an edit's save, median of ${each.length}: ${median(each.map((e) => e.duration)).toFixed(1)} ms to commit (min ${Math.min(...each.map((e) => e.duration)).toFixed(1)}, max ${Math.max(...each.map((e) => e.duration)).toFixed(1)}), ` +
    `finding the changed file ${median(each.map((e) => e.detail.diffMs)).toFixed(2)} ms; files written: ${[...new Set(each.map((e) => e.detail.files))].join(", ")}, ${median(each.map((e) => e.detail.bytes))} characters`);
  const touch = each.filter((e) => e.detail.touches.n > 0);
  console.log(`each keystroke's share on the page's thread (touch: a new rev, the journal in localStorage), median of ${touch.length}: ${median(touch.map((e) => e.detail.touches.ms / e.detail.touches.n)).toFixed(2)} ms (max ${Math.max(...touch.map((e) => e.detail.touches.maxMs)).toFixed(2)} ms)`);
  console.log(`the builds before, at every change: JSON.stringify of the state ${whole.ms.toFixed(1)} ms (${(whole.size / 1e6).toFixed(2)} M characters); localStorage.setItem of it ${whole.stored ? "succeeded" : "failed (quota)"}`);
} finally {
  await b.close();
  await rm(root, { recursive: true, force: true });
}
