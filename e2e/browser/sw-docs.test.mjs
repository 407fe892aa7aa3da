// The service worker and the docs: after a visit to the playground (which
// installs the worker), a docs page is that docs page, not the
// playground's cached index.html (whose relative assets then 404 from
// /docs/dist/); /docs/ is the docs index; a docs page seen once opens
// offline.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { open } from "./browser.mjs";
import { waitStatus, waitOffline } from "./helpers.mjs";

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
