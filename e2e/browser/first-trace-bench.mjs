// The first trace click of a repeat visit, with the full engine prepared
// in idle time (the page's default) and without (?noprepare), in one run
// of headless Chromium: the kubecfg:trace-line measure of the first click
// on the default example's second output line, median of a few visits.
//
//   node first-trace-bench.mjs [visits]
import os from "node:os";
import { open } from "./browser.mjs";
import { waitStatus, waitOffline, waitMark } from "./helpers.mjs";

const visits = Number(process.argv[2] || 3);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function firstTrace(page, url, prepared) {
  await page.goto(url);
  await waitStatus(page, /^Evaluated/, 60000);
  if (prepared) await waitMark(page, "kubecfg:full-engine-prepared", 60000);
  else await page.waitForTimeout(3000); // as long an idle wait as the prepared case has
  await page.locator("#output-view .cm-line").nth(1).click();
  await page.waitForFunction(() => performance.getEntriesByName("kubecfg:trace-line").length > 0, null, { timeout: 60000 });
  return page.evaluate(() => performance.getEntriesByName("kubecfg:trace-line")[0].duration);
}

const b = await open();
const rows = { without: [], with: [] };
try {
  const { page } = b;
  await page.goto(b.url);
  await waitStatus(page, /^Evaluated/, 60000);
  await waitOffline(page, 60000);
  for (let i = 0; i < visits; i++) {
    rows.without.push(await firstTrace(page, `${b.url}?noprepare`, false));
    rows.with.push(await firstTrace(page, b.url, true));
  }
} finally {
  await b.close();
}
const f = (xs) => `${Math.round(median(xs))} ms (${xs.map(Math.round).join(", ")})`;
console.log(`first trace of a repeat visit, median of ${visits}: without preparing ${f(rows.without)}; prepared in idle time ${f(rows.with)}`);
console.log(`(load average ${os.loadavg().map((x) => x.toFixed(2)).join(", ")})`);
