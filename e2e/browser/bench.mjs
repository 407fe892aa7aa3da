// The playground's benchmark: kubecfg.wasm's size (raw, gzip, brotli) and
// the time to the first result in headless Chromium (a fresh profile each
// time, so nothing is cached), plus run() latencies under Node.
//   node bench.mjs [--runs N]
import { readFileSync } from "node:fs";
import zlib from "node:zlib";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { open } from "./browser.mjs";
import { waitStatus } from "./helpers.mjs";
import { loadKubecfg } from "../../web/node/run.mjs";
import { examples } from "../../web/src/examples.js";
import { toRequest, fromExample } from "../../web/src/state.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const runs = Number(process.argv[process.argv.indexOf("--runs") + 1]) || 5;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mib = (n) => `${(n / 1048576).toFixed(2)} MiB`;

const wasm = readFileSync(path.join(root, "static", "kubecfg.wasm"));
const gz = zlib.gzipSync(wasm, { level: 9 }).length;
const br = zlib.brotliCompressSync(wasm, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: wasm.length } }).length;
console.log(`kubecfg.wasm: raw ${mib(wasm.length)} (${wasm.length} B), gzip -9 ${mib(gz)}, brotli q11 ${mib(br)}`);

const ready = [];
const first = [];
for (let i = 0; i < runs; i++) {
  const b = await open();
  try {
    await b.page.goto(b.url);
    await waitStatus(b.page, /^Evaluated/, 60000);
    const m = await b.page.evaluate(() => ({
      ready: performance.getEntriesByName("kubecfg:engine-ready")[0].startTime,
      first: performance.getEntriesByName("kubecfg:first-result")[0].startTime,
    }));
    ready.push(m.ready);
    first.push(m.first);
  } finally {
    await b.close();
  }
}
console.log(`headless Chromium, cold, ${runs} runs: engine ready median ${median(ready).toFixed(0)} ms, first result median ${median(first).toFixed(0)} ms (min ${Math.min(...first).toFixed(0)}, max ${Math.max(...first).toFixed(0)})`);

// Recovery after the watchdog: a runaway run with a 1 s limit, then an edit;
// the time from the "Stopped" line to the edit's result.
{
  const b = await open();
  try {
    await b.page.goto(b.url + "?timeout=1000");
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
    console.log(`after the watchdog: next result ${Date.now() - t0} ms after the "Stopped" line (includes the 300 ms debounce)`);
  } finally {
    await b.close();
  }
}

const k = await loadKubecfg();
for (const ex of examples) {
  const req = toRequest(fromExample(ex), k.version);
  const t0 = performance.now();
  const r1 = await k.run(req);
  const t1 = performance.now();
  const again = { ...req, files: { ...req.files, [req.entry]: req.files[req.entry] + "\n" } };
  const r2 = await k.run(again);
  const t2 = performance.now();
  console.log(`node run() ${ex.name}: first ${(t1 - t0).toFixed(1)} ms (exit ${r1.exitCode}), after an edit ${(t2 - t1).toFixed(1)} ms (exit ${r2.exitCode})`);
}
process.exit(0);
