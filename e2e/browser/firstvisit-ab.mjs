// Issue 33's engine ratio for two builds side by side: each round makes,
// taking turns and each in a fresh profile, a visit of the floor page's
// bare go-jsonnet, of each build's core engine alone on the first
// example's request (floor.mjs), a cold first visit of each build's
// playground (its own `kubecfg playground`) and a cold visit of a /s/ID
// short link to an edited workspace on it; the order of the two builds
// alternates between rounds, so a change of load falls on all alike.
//
//   node firstvisit-ab.mjs [--rounds N] [--bare ../../bin/barejsonnet.wasm] STATIC_A STATIC_B
//
// STATIC_A and STATIC_B are built site roots (copies of static/ after
// make build). It prints, per build, the medians and every value of the
// engine's first result, the core engine alone's, their ratios to the
// bare floor of the same rounds, and the core engine's compile, Go init
// and first run as its worker timed them.
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { chromiumPath, launchArgs, servePlayground } from "./browser.mjs";
import { floorVisits } from "./floor.mjs";
import { waitMark, editedShortLink } from "./helpers.mjs";
import { examples } from "../../web/src/examples.js";
import { toRequest, fromExample, normalize } from "../../web/src/state.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const argv = process.argv.slice(2);
let rounds = 7;
let bare = path.join(root, "bin", "barejsonnet.wasm");
for (;;) {
  if (argv[0] === "--rounds") rounds = Number(argv.splice(0, 2)[1]);
  else if (argv[0] === "--bare") bare = path.resolve(argv.splice(0, 2)[1]);
  else break;
}
if (argv.length !== 2 || !(rounds > 0)) {
  console.error("usage: node firstvisit-ab.mjs [--rounds N] [--bare BARE_WASM] STATIC_A STATIC_B");
  process.exit(2);
}
if (!existsSync(bare)) throw new Error(`${bare} is missing: make bin/barejsonnet.wasm`);

/** coldVisit is a first visit of url in a fresh profile: the engine's first result and its worker's timings. */
async function coldVisit(url) {
  const profile = await mkdtemp(path.join(os.tmpdir(), "kubecfg-fvab-"));
  const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath, headless: true, args: launchArgs, viewport: { width: 1400, height: 860 } });
  try {
    const page = context.pages()[0] || (await context.newPage());
    await page.goto(url);
    const engine = await waitMark(page, "kubecfg:first-engine-result", 90000);
    await waitMark(page, "kubecfg:first-result", 90000); // the editors, which may come after it (boot.js firstVisit)
    const more = await page.evaluate(() => ({
      editors: performance.getEntriesByName("kubecfg:first-result")[0]?.startTime ?? NaN,
      posted: performance.getEntriesByName("kubecfg:update")[0]?.startTime ?? NaN,
      runMs: performance.getEntriesByName("kubecfg:first-engine-result")[0]?.detail?.wallMs ?? NaN,
      ready: performance.getEntriesByName("kubecfg:engine-ready")[0]?.detail || {},
    }));
    return { engine, editors: more.editors, posted: more.posted, runMs: more.runMs, readyAt: more.ready.readyAt ?? NaN };
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

const builds = [["A", path.resolve(argv[0])], ["B", path.resolve(argv[1])]].map(([name, dir]) => ({ name, dir, page: [], core: [], shared: [] }));
for (const b of builds) {
  b.server = await servePlayground(b.dir);
  b.link = await editedShortLink(b.server.url);
}
const floor = [];
const request = toRequest(normalize(fromExample(examples[0])), "");
try {
  for (let i = 0; i < rounds; i++) {
    const order = i % 2 ? builds : [...builds].reverse();
    const cores = Object.fromEntries(order.map((b) => [`core${b.name}`, b.dir]));
    const f = await floorVisits({ runs: 1, bare, staticDir: order[0].dir, request, cores });
    floor.push(f.bare[0]);
    for (const b of builds) b.core.push(f[`core${b.name}`][0]);
    for (const b of order) b.page.push(await coldVisit(b.server.url));
    for (const b of order) b.shared.push(await coldVisit(b.link));
    process.stderr.write(`round ${i + 1}: bare ${Math.round(f.bare[0].result)} ms; ${builds.map((b) => `${b.name} core ${Math.round(b.core.at(-1).result)} page ${Math.round(b.page.at(-1).engine)} shared ${Math.round(b.shared.at(-1).engine)}`).join("; ")}\n`);
  }
} finally {
  for (const b of builds) await b.server.close();
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const list = (xs) => `${Math.round(median(xs))} ms [${xs.map(Math.round).join(", ")}]`;
const bareMedian = median(floor.map((v) => v.result));
console.log(`${rounds} rounds, load average ${os.loadavg().map((x) => x.toFixed(2)).join(", ")} at the end`);
console.log(`floor, bare go-jsonnet: ${list(floor.map((v) => v.result))}`);
for (const k of ["compileMs", "initMs", "runMs"]) console.log(`  bare go-jsonnet, ${k}: ${list(floor.map((v) => v[k]))}`);
for (const b of builds) {
  const engine = b.page.map((v) => v.engine);
  const core = b.core.map((v) => v.result);
  console.log(`${b.name} (${b.dir})`);
  console.log(`  the page, the engine's first result: ${list(engine)}; ${(median(engine) / bareMedian).toFixed(2)}x the floor`);
  console.log(`  the page, the editors' first result: ${list(b.page.map((v) => v.editors))}`);
  console.log(`  the page, its engine ready at: ${list(b.page.map((v) => v.readyAt))}`);
  console.log(`  the page, its first run posted at: ${list(b.page.map((v) => v.posted))}`);
  console.log(`  the page, its first run in the worker took: ${list(b.page.map((v) => v.runMs))}`);
  console.log(`  a /s/ID short link, cold: the engine's first result: ${list(b.shared.map((v) => v.engine))}`);
  console.log(`  the core engine alone: ${list(core)}; ${(median(core) / bareMedian).toFixed(2)}x the floor`);
  for (const k of ["compileMs", "initMs", "runMs"]) console.log(`  the core engine alone, ${k}: ${list(b.core.map((v) => v[k]))}`);
  console.log(`  the page / the core engine alone: ${(median(engine) / median(core)).toFixed(2)}x`);
}
