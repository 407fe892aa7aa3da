// An A/B comparison of two builds of the site, for start-up changes whose
// effect is smaller than this machine's swings: each build is served by
// its own `kubecfg playground`, and the two take turns, one visit pair
// each, so a change of load falls on both alike. A round is a cold visit
// (fresh profile) and, once the service worker has the site and the page
// is closed, a later visit in the same profile: in the same browser
// session (the service worker still running, V8's in-memory caches warm),
// or with --restart after the browser has been closed and started again
// on that profile, as a visit another day is (only disk caches remain).
//
//   node ab.mjs [--rounds N] [--restart] STATIC_A STATIC_B
//
// STATIC_A and STATIC_B are built site roots (copies of static/ after
// make web). It prints, per build, the medians and every value of: the
// first result shown (painted before main.js ran, or main.js's first show)
// and the engine's own, on the cold and on the later visit.
import { chromium } from "playwright-core";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { chromiumPath, launchArgs, servePlayground } from "./browser.mjs";
import { waitOffline, waitMark, watchPrerendered, painted } from "./helpers.mjs";

const argv = process.argv.slice(2);
let rounds = 6;
let restart = false;
for (;;) {
  if (argv[0] === "--rounds") {
    rounds = Number(argv[1]);
    argv.splice(0, 2);
  } else if (argv[0] === "--restart") {
    restart = true;
    argv.shift();
  } else break;
}
if (argv.length !== 2 || !(rounds > 0)) {
  console.error("usage: node ab.mjs [--rounds N] [--restart] STATIC_A STATIC_B");
  process.exit(2);
}

/**
 * at waits for the page's first result and returns the time of the mark
 * name, or of kubecfg:first-result in a build older than that mark (before
 * the saved answer, the first result was always the engine's).
 */
async function at(page, name) {
  await waitMark(page, "kubecfg:first-result");
  // kubecfg:main-start came with kubecfg:first-engine-result.
  const marked = await page.evaluate(() => performance.getEntriesByName("kubecfg:main-start").length > 0);
  return waitMark(page, marked ? name : "kubecfg:first-result");
}

/** visitPair makes one cold and one later visit of url in a fresh profile. */
async function visitPair(url) {
  const profile = await mkdtemp(path.join(os.tmpdir(), "kubecfg-ab-"));
  const launch = () => chromium.launchPersistentContext(profile, { executablePath: chromiumPath, headless: true, args: launchArgs });
  let context = await launch();
  try {
    const first = context.pages()[0] || (await context.newPage());
    await watchPrerendered(first);
    await first.goto(url);
    const cold = await at(first, "kubecfg:first-engine-result");
    const coldShown = await painted(first);
    await waitOffline(first);
    // A build that saves its answer (web/src/saved.js) has done so a second after the result.
    await first.waitForTimeout(1200);
    await first.close();
    if (restart) {
      // A visit another day: the browser starts again on the same profile,
      // so the service worker is not running and only disk caches remain.
      await context.close();
      context = await launch();
    }
    const later = context.pages()[0] || (await context.newPage());
    await watchPrerendered(later);
    await later.goto(url);
    const engine = await at(later, "kubecfg:first-engine-result");
    const early = await painted(later);
    const shown = early >= 0 ? early : await at(later, "kubecfg:first-result");
    return { cold, coldShown: coldShown >= 0 ? coldShown : cold, shown, engine };
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

const builds = [];
for (const [name, dir] of [["A", argv[0]], ["B", argv[1]]]) {
  builds.push({ name, dir, server: await servePlayground(path.resolve(dir)), visits: [] });
}
try {
  for (let i = 0; i < rounds; i++) {
    for (const b of i % 2 ? builds : [...builds].reverse()) b.visits.push(await visitPair(b.server.url));
  }
} finally {
  for (const b of builds) await b.server.close();
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const b of builds) {
  const line = (k) => `${Math.round(median(b.visits.map((v) => v[k])))} ms [${b.visits.map((v) => Math.round(v[k])).join(", ")}]`;
  console.log(`${b.name} (${b.dir}), ${rounds} rounds`);
  console.log(`  cold, first result shown: ${line("coldShown")}`);
  console.log(`  cold, the engine's first result: ${line("cold")}`);
  console.log(`  later visit, first result shown: ${line("shown")}`);
  console.log(`  later visit, the engine's first result: ${line("engine")}`);
}
