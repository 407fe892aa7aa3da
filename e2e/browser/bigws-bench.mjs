// An edit of a 300-file, 8 MB workspace's entry in headless Chromium
// (issue 22's "under 20 ms of this project's code in the browser";
// docs/benchmarks.md, "Big workspaces"): the page's Runner (web/src/runner.js)
// on the site's own origin sends the workspace of bigws.mjs to the engine's
// worker as the page does, then EDITS edits of the entry. The workspace is
// handed to the page once and each edit's request made there, as the
// page's state makes it: the files not edited are the same strings. For each it prints
// the round trip seen by the page (postMessage both ways included), the
// worker's time from the request's arrival to its answer (wallMs), and
// Runner.Run's own (timings.totalMs), whose go-jsonnet share is the entry's
// evaluation.
//
//   node bigws-bench.mjs [EDITS]
import { readFile, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { open } from "./browser.mjs";
import { staticRoot } from "./server.mjs";
import { makeBigFolder } from "./bigws.mjs";

const edits = Number(process.argv[2] || 15);
const here = path.dirname(fileURLToPath(import.meta.url));
const runnerSource = await readFile(path.resolve(here, "..", "..", "web", "src", "runner.js"), "utf8");
// runner.js imports ./session.js (the session protocol's page side), where there is one.
const sessionSource = await readFile(path.resolve(here, "..", "..", "web", "src", "session.js"), "utf8").catch(() => "");
const worker = (await readdir(path.join(staticRoot, "dist"))).find((f) => /^worker-.*\.js$/.test(f));

async function readTree(dir, prefix = "") {
  const files = {};
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = prefix + e.name;
    if (e.isDirectory()) Object.assign(files, await readTree(path.join(dir, e.name), p + "/"));
    else files[p] = await readFile(path.join(dir, e.name), "utf8");
  }
  return files;
}

const { root, dir } = await makeBigFolder();
const files = await readTree(dir);
await rm(root, { recursive: true, force: true });
const b = await open();
try {
  await b.page.route("**/__bench/**", (route) => {
    const name = new URL(route.request().url()).pathname.split("/").pop();
    const body = {
      "index.html": '<!doctype html><meta charset="utf-8"><title>bench</title><script type="module" src="/__bench/harness.js"></script>',
      "harness.js": `import { Runner } from "/__bench/runner.js";
const runner = new Runner({ wasmUrl: "/kubecfg-core.wasm", fullWasmUrl: "/kubecfg.wasm", wasmExecUrl: "/wasm_exec.js", workerUrl: "/dist/${worker}", timeoutMs: 60000 });
window.ready = runner.start();
window.load = (files) => { window.files = files; };
window.timed = async (entry, i) => {
  const req = { command: "show", entry, files: { ...window.files, [entry]: window.files[entry] + "// edit " + i + "\\n" } };
  const t0 = performance.now(); const r = await runner.run(req); return { pageMs: performance.now() - t0, wallMs: r.wallMs, totalMs: r.timings.totalMs, exitCode: r.exitCode, stderr: r.stderr }; };`,
      "runner.js": runnerSource,
      "session.js": sessionSource,
    }[name];
    return route.fulfill({ status: 200, contentType: name.endsWith(".html") ? "text/html" : "text/javascript", body });
  });
  await b.page.goto(new URL("__bench/index.html", b.url).href);
  await b.page.waitForFunction(() => window.ready !== undefined);
  await b.page.evaluate(() => window.ready);
  const entry = "main.jsonnet";
  await b.page.evaluate((f) => window.load(f), files);
  const cold = await b.page.evaluate((i) => window.timed("main.jsonnet", i), 0);
  if (cold.exitCode !== 0) throw new Error(cold.stderr);
  console.log(JSON.stringify({ what: "cold", ...cold }));
  const rows = [];
  for (let i = 1; i <= edits; i++) rows.push(await b.page.evaluate((i) => window.timed("main.jsonnet", i), i));
  const med = (k) => [...rows.map((r) => r[k])].sort((x, y) => x - y)[Math.floor(rows.length / 2)];
  console.log(JSON.stringify({ what: `an edit, median of ${edits}`, pageMs: med("pageMs"), wallMs: med("wallMs"), totalMs: med("totalMs") }));
} finally {
  await b.close();
}
