import { open } from "./browser.mjs";
import { waitStatus, waitOffline } from "./helpers.mjs";
const b = await open();
const show = async (p, label) => {
  const m = await p.evaluate(() => Object.fromEntries(performance.getEntriesByType("mark").map((e) => [e.name.replace("kubecfg:", ""), [Math.round(e.startTime), e.detail && JSON.stringify(e.detail)]])));
  const nav = await p.evaluate(() => { const n = performance.getEntriesByType("navigation")[0]; return { resp: Math.round(n.responseEnd), dcl: Math.round(n.domContentLoadedEventEnd) }; });
  console.log(label, JSON.stringify({ ...nav, ...m }));
};
await b.page.goto(b.url);
await waitStatus(b.page, /^Evaluated/, 60000);
await show(b.page, "cold");
await waitOffline(b.page);
for (let i = 0; i < 4; i++) {
  const p = await b.context.newPage();
  await p.goto(b.url);
  await waitStatus(p, /^Evaluated/, 60000);
  await show(p, "sw" + i);
  await p.close();
}
await b.close(); process.exit(0);
