// The service worker and the docs: after a visit to the playground (which
// installs the worker), a docs page is that docs page, not the
// playground's cached index.html (whose relative assets then 404 from
// /docs/dist/); /docs/ is the docs index; a docs page seen once opens
// offline; an update of the site reaches the docs' CSS; the docs pages
// the help links to open offline though never visited.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { open } from "./browser.mjs";
import { waitStatus, waitOffline } from "./helpers.mjs";
import { staticRoot } from "./server.mjs";
import { seal } from "../../scripts/seal.mjs";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

let b;
before(async () => { b = await open(); });
after(async () => { await b.close(); });

test("docs pages are theirs after the playground's service worker is installed", async () => {
  const { page, context } = b;
  await page.goto(b.url);
  await waitStatus(page, /^Evaluated/);
  await waitOffline(page);
  await page.reload();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 10000 });

  const failed = [];
  page.on("response", (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
  await page.goto(b.url + "docs/show.html");
  assert.match(await page.title(), /^kubecfg show · kubecfg docs$/);
  assert.equal(await page.locator("h1").first().innerText(), "kubecfg show");
  await page.goto(b.url + "docs/");
  assert.match(await page.locator("body").innerText(), /kubecfg show/, "the docs index lists the pages");
  assert.deepEqual(failed, []);

  // A docs page seen once is there offline.
  await context.setOffline(true);
  try {
    await page.goto(b.url + "docs/show.html");
    assert.match(await page.title(), /^kubecfg show · kubecfg docs$/);
  } finally {
    await context.setOffline(false);
  }
});

// Two builds of the site at one origin: static/ as built (A) and a copy
// whose docs/docs.css is changed, sealed by the build's own
// scripts/seal.mjs (B).
async function twoBuilds() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "kubecfg-sw-builds-"));
  const a = path.join(dir, "a");
  const b = path.join(dir, "b");
  await cp(staticRoot, a, { recursive: true });
  await cp(staticRoot, b, { recursive: true });
  const css = path.join(b, "docs", "docs.css");
  await writeFile(css, (await readFile(css, "utf8")) + "\n/* build B */ body { --kubecfg-build: b; }\n");
  await seal(b);
  return { dir, a, b, cssA: await readFile(path.join(a, "docs", "docs.css"), "utf8"), cssB: await readFile(css, "utf8") };
}

// fetchText fetches a URL from the page, so through its service worker.
const fetchText = (page, u) => page.evaluate(async (x) => (await fetch(x)).text(), u);

test("after an update and a reload, the docs CSS is the new build's, and the previous build is evicted", async () => {
  const builds = await twoBuilds();
  const s = await open({ root: builds.a });
  try {
    const { page } = s;
    await page.goto(s.url);
    await waitStatus(page, /^Evaluated/);
    await waitOffline(page);
    await page.reload();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 10000 });
    // A docs page seen under build A, so its CSS went through the worker.
    await page.goto(s.url + "docs/show.html");
    assert.equal(await fetchText(page, "/docs/docs.css"), builds.cssA);

    s.site.setRoot(builds.b);
    await page.goto(s.url);
    await page.locator("#update").waitFor({ state: "visible", timeout: 30000 });
    await page.locator("#update").click();
    await page.waitForLoadState("load");
    await waitStatus(page, /^Evaluated/);
    assert.equal(await fetchText(page, "/docs/docs.css"), builds.cssB, "the network's new docs.css, not the old build's");
    await page.goto(s.url + "docs/show.html");
    const vars = await page.evaluate(() => getComputedStyle(document.body).getPropertyValue("--kubecfg-build").trim());
    assert.equal(vars, "b", "the docs page is styled by build B's CSS");

    // One build is kept: B's (the list's key), A's is gone once no page of it is open.
    const key = JSON.parse(await readFile(path.join(builds.b, "dist", "assets.json"), "utf8")).build;
    const end = Date.now() + 15000;
    let keys;
    for (;;) {
      keys = await page.evaluate(async () => (await caches.keys()).filter((k) => k !== "kubecfg-sw").sort());
      if (keys.length === 1 || Date.now() > end) break;
      await page.goto(s.url + "docs/show.html");
      await page.waitForTimeout(200);
    }
    assert.deepEqual(keys, [`kubecfg-build-${key}`]);

    // Offline, build B's docs CSS is what is cached.
    await s.context.setOffline(true);
    try {
      assert.equal(await fetchText(page, "/docs/docs.css"), builds.cssB);
    } finally {
      await s.context.setOffline(false);
    }
    assert.deepEqual(s.errors, []);
  } finally {
    await s.close();
    await rm(builds.dir, { recursive: true, force: true });
  }
});

test("a docs page the help links to opens offline after a visit of the playground alone", async () => {
  const s = await open({ root: staticRoot });
  try {
    const { page, context } = s;
    await page.goto(s.url);
    await waitStatus(page, /^Evaluated/);
    await waitOffline(page);
    const hrefs = await page.locator("a[href^='/docs/']").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    assert.ok(hrefs.includes("/docs/yakl.html"), `the help links to the docs: ${hrefs}`);
    // A load the next page.goto cuts short (a live example's iframe that
    // embed.js adds after the load event) is no failure of the offline copy.
    const failed = [];
    page.on("requestfailed", (r) => { if (!/ERR_ABORTED/.test(r.failure()?.errorText || "")) failed.push(`${r.url()}: ${r.failure()?.errorText}`); });
    await context.setOffline(true);
    try {
      for (const href of ["/docs/yakl.html", "/docs/"]) {
        await page.goto(new URL(href, s.url).href);
        assert.match(await page.title(), /kubecfg docs$/, href);
        const styled = await page.evaluate(() => [...document.styleSheets].some((sh) => sh.cssRules.length > 0));
        assert.ok(styled, `${href} has its CSS offline`);
      }
    } finally {
      await context.setOffline(false);
    }
    assert.deepEqual(failed, []);
  } finally {
    await s.close();
  }
});
