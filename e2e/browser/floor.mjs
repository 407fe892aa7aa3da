// The start-up floor of the playground benchmark (bench.mjs): how soon a
// cold page in the same headless Chromium gets a first result from a Go
// wasm engine when it does nothing else (floor/: a page whose script only
// starts a worker). Two programs, taking turns:
//   - bare: bare go-jsonnet (wasm/barejsonnet, built like the engines)
//     evaluating a one-line program: what any go-jsonnet engine in Go's
//     wasm costs to start here;
//   - core: the playground's core engine (static/kubecfg-core.wasm) on
//     the request the page makes for the first example: the engine's own
//     start-up without the page around it.
// Both are served brotli-compressed (quality 11, as the playground serves
// its .br files) from 127.0.0.1 with no caching, and every visit is a
// fresh profile.
import http from "node:http";
import { readFileSync, existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { chromiumPath, launchArgs } from "./browser.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));

const types = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".wasm": "application/wasm", ".json": "application/json" };

const brotli = (buf) => zlib.brotliCompressSync(buf, {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length },
});

/**
 * serveFloor serves the floor page, wasm_exec.js, the two programs and
 * the core engine's request; it resolves to { url, close }. bare is the
 * path of wasm/barejsonnet's build, staticDir the built site.
 */
async function serveFloor({ bare, staticDir, request }) {
  const br = (f) => (existsSync(f + ".br") ? readFileSync(f + ".br") : brotli(readFileSync(f)));
  const files = {
    "/": br(path.join(here, "floor", "index.html")),
    "/page.js": br(path.join(here, "floor", "page.js")),
    "/worker.js": br(path.join(here, "floor", "worker.js")),
    "/wasm_exec.js": br(path.join(staticDir, "wasm_exec.js")),
    "/bare.wasm": br(bare),
    "/core.wasm": br(path.join(staticDir, "kubecfg-core.wasm")),
    "/request.json": brotli(Buffer.from(JSON.stringify(request))),
  };
  const server = http.createServer((req, res) => {
    const p = new URL(req.url, "http://127.0.0.1").pathname;
    const body = files[p];
    if (!body) { res.writeHead(404).end(); return; }
    res.writeHead(200, {
      "content-type": types[path.extname(p)] || types[".html"],
      "content-encoding": "br",
      "cache-control": "no-cache",
    });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/**
 * floorVisits makes runs cold visits of each program, taking turns, and
 * resolves to { bare: [...], core: [...] }, each visit's { result,
 * workerStart (both ms since navigation start), compileMs, initMs, runMs,
 * output }. A program that answers with an error fails the benchmark: a
 * floor must be measured on a working engine.
 */
export async function floorVisits({ runs, bare, staticDir, request }) {
  const server = await serveFloor({ bare, staticDir, request });
  const out = { bare: [], core: [] };
  try {
    for (let i = 0; i < runs; i++) {
      for (const name of Object.keys(out)) {
        const profile = await mkdtemp(path.join(os.tmpdir(), "kubecfg-floor-"));
        const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath, headless: true, args: launchArgs });
        try {
          const page = context.pages()[0] || (await context.newPage());
          await page.goto(`${server.url}?${name}`);
          await page.waitForFunction(() => performance.getEntriesByName("floor:result").length > 0, null, { timeout: 60000 });
          const v = await page.evaluate(() => {
            const m = performance.getEntriesByName("floor:result")[0];
            return { result: m.startTime, ...m.detail, workerStart: m.detail.startedAt - performance.timeOrigin };
          });
          if (v.error || !v.output) throw new Error(`floor ${name}: ${v.error || "no output"}`);
          out[name].push(v);
        } finally {
          await context.close();
          await rm(profile, { recursive: true, force: true });
        }
      }
    }
  } finally {
    await server.close();
  }
  return out;
}
