// The start-up floor of the playground benchmark (bench.mjs): how soon a
// cold page in the same headless Chromium gets a first result from a Go
// wasm engine when it does nothing else (floor/: a page whose script only
// starts a worker). Two programs, taking turns:
//   - bare: bare go-jsonnet (wasm/barejsonnet, built like the engines)
//     evaluating a one-line program: what any go-jsonnet engine in Go's
//     wasm costs to start here;
//   - bareapp: bare go-jsonnet on the first example's Jsonnet (its files
//     and kubecfg.libsonnet, parsed and evaluated, printed as a YAML
//     stream): what go-jsonnet costs to start and do the example's
//     Jsonnet, without kubecfg's code;
//   - core: the playground's core engine (static/kubecfg-core.wasm) on
//     the request the page makes for the first example: the engine's own
//     start-up without the page around it.
// Both (and wasm_exec.js) are served from their .br files (scripts/compress.mjs, as the
// playground serves its engines) from 127.0.0.1 with no caching, and every
// visit is a fresh profile.
import http from "node:http";
import { readFileSync, existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { chromiumPath, launchArgs } from "./browser.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));

const types = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".wasm": "application/wasm", ".json": "application/json" };

/**
 * serveFloor serves the floor page, wasm_exec.js, the two programs and
 * the core engine's request; it resolves to { url, close }. bare is the
 * path of wasm/barejsonnet's build, staticDir the built site; the
 * programs and wasm_exec.js are served from their .br files beside them.
 */
async function serveFloor({ bare, staticDir, request, cores = { core: staticDir } }) {
  const brotli = (f) => {
    if (!existsSync(`${f}.br`)) throw new Error(`${f}.br is missing: node scripts/compress.mjs ${f}`);
    return { body: readFileSync(`${f}.br`), encoding: "br" };
  };
  const plain = (body) => ({ body, encoding: "identity" });
  const files = {
    "/": plain(readFileSync(path.join(here, "floor", "index.html"))),
    "/page.js": plain(readFileSync(path.join(here, "floor", "page.js"))),
    "/worker.js": plain(readFileSync(path.join(here, "floor", "worker.js"))),
    "/wasm_exec.js": brotli(path.join(staticDir, "wasm_exec.js")),
    "/bare.wasm": brotli(bare),
    ...Object.fromEntries(Object.entries(cores).map(([name, dir]) => [`/${name}.wasm`, brotli(path.join(dir, "kubecfg-core.wasm"))])),
    "/request.json": plain(JSON.stringify(request)),
    "/kubecfg.libsonnet": plain(readFileSync(path.join(here, "..", "..", "pkg", "stdlib", "kubecfg.libsonnet"))),
  };
  const server = http.createServer((req, res) => {
    const p = new URL(req.url, "http://127.0.0.1").pathname;
    const f = files[p];
    if (!f) { res.writeHead(404).end(); return; }
    res.writeHead(200, {
      "content-type": types[path.extname(p)] || types[".html"],
      "content-encoding": f.encoding,
      "cache-control": "no-cache",
    });
    res.end(f.body);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/**
 * floorVisits makes runs cold visits of each program (or of those only
 * names), taking turns, and resolves to { bare: [...], core: [...] } (and
 * bareapp: [...] when only names it), each visit's { result,
 * workerStart (both ms since navigation start), compileMs, initMs, runMs,
 * output }. A program that answers with an error fails the benchmark: a
 * floor must be measured on a working engine. cores names the core
 * engines to serve (name → a built site root holding kubecfg-core.wasm;
 * each name starts with "core"); by default the one of staticDir, "core".
 */
export async function floorVisits({ runs, bare, staticDir, request, cores, only = ["bare", ...Object.keys(cores || { core: 1 })] }) {
  const server = await serveFloor({ bare, staticDir, request, cores });
  const out = Object.fromEntries(only.map((name) => [name, []]));
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
