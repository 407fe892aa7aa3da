// Five embeds on one docs page: the page (on an origin of its own, as a
// docs site is), and what each embed's frame reports. Shared by
// embeds.test.mjs and embeds-bench.mjs.
import http from "node:http";

/** names are the ConfigMaps the five snippets make, one each. */
export const names = ["one", "two", "three", "four", "five"];

/** serveDocs serves a page of five embeds of the playground at site. */
export async function serveDocs(site) {
  const blocks = names.map((n) => `<h2>${n}</h2>\n<pre data-kubecfg="${n}.jsonnet">{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: '${n}' } } }</pre>`).join("\n");
  const server = http.createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><title>five embeds</title><h1>Five embeds</h1>\n${blocks}\n<script src="${site}embed.js"></script>`);
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${server.address().port}/five.html`,
    close: () => new Promise((r) => { server.closeAllConnections(); server.close(r); }),
  };
}

/**
 * firstResults waits for every embed's first result and returns, per
 * embed in page order, { ms, output }: when it showed (ms since the docs
 * page's navigation started) and its output's text.
 */
export async function firstResults(page, timeout = 120000) {
  await page.locator(".kubecfg-embed iframe").nth(names.length - 1).waitFor({ timeout });
  const origin = await page.evaluate(() => performance.timeOrigin);
  const frames = await Promise.all((await page.locator(".kubecfg-embed iframe").elementHandles()).map((h) => h.contentFrame()));
  return Promise.all(frames.map(async (f) => {
    const at = await (await f.waitForFunction(() => Number(document.getElementById("status")?.dataset.runs || 0) >= 1
      && performance.timeOrigin + performance.now(), null, { timeout, polling: "raf" })).jsonValue();
    const output = await f.locator("#output-view .cm-content").innerText();
    return { ms: at - origin, output };
  }));
}

/** engineStarts counts the engine workers the page's frames started. */
export async function engineStarts(page) {
  let n = 0;
  for (const f of page.frames()) {
    n += await f.evaluate(() => performance.getEntriesByName("kubecfg:worker-spawned").length).catch(() => 0);
  }
  return n;
}
