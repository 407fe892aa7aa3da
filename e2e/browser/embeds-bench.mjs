// Five embeds on one docs page, two builds of the site side by side (each
// served by its own `kubecfg playground`, taking turns, a fresh profile per
// visit): when the first and the fifth embed show their first result, and
// how many engine workers the page started.
//
//   node embeds-bench.mjs [--rounds N] STATIC_A STATIC_B
import { chromium } from "playwright-core";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { chromiumPath, launchArgs, servePlayground } from "./browser.mjs";
import { serveDocs, firstResults, engineStarts } from "./embeds.mjs";

const argv = process.argv.slice(2);
let rounds = 4;
if (argv[0] === "--rounds") {
  rounds = Number(argv[1]);
  argv.splice(0, 2);
}
if (argv.length !== 2 || !(rounds > 0)) {
  console.error("usage: node embeds-bench.mjs [--rounds N] STATIC_A STATIC_B");
  process.exit(2);
}

async function visit(docsUrl) {
  const profile = await mkdtemp(path.join(os.tmpdir(), "kubecfg-embeds-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath, headless: true, args: launchArgs, viewport: { width: 1200, height: 2400 },
  });
  try {
    const page = context.pages()[0] || (await context.newPage());
    await page.goto(docsUrl);
    const r = await firstResults(page);
    return { first: r[0].ms, fifth: r[4].ms, last: Math.max(...r.map((x) => x.ms)), workers: await engineStarts(page) };
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

const builds = [];
for (const [name, dir] of [["A", argv[0]], ["B", argv[1]]]) {
  const server = await servePlayground(path.resolve(dir));
  builds.push({ name, dir, server, docs: await serveDocs(server.url), visits: [] });
}
try {
  for (let i = 0; i < rounds; i++) {
    for (const b of i % 2 ? builds : [...builds].reverse()) b.visits.push(await visit(b.docs.url));
  }
} finally {
  for (const b of builds) {
    await b.docs.close();
    await b.server.close();
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const b of builds) {
  const line = (k) => `${Math.round(median(b.visits.map((v) => v[k])))} ms [${b.visits.map((v) => Math.round(v[k])).join(", ")}]`;
  console.log(`${b.name} (${b.dir}), ${rounds} rounds, engine workers ${[...new Set(b.visits.map((v) => v.workers))].join("/")}`);
  console.log(`  first embed's first result: ${line("first")}`);
  console.log(`  fifth embed's first result: ${line("fifth")}`);
  console.log(`  last of the five: ${line("last")}`);
}
