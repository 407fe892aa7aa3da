// What the Validate switch's check costs in Chromium (issue 29): the
// default example with the switch on, edited N times (a typo'd field in
// lib.libsonnet put in and taken out in turn, each edit's text new); for
// each edit, the
// validate run's wall time as the page sees it (the runner's round trip)
// and the engine's, and the show run's, all from the page's marks.
//   node validate-bench.mjs [N]   (default 30)
import { open, closeLeaked } from "./browser.mjs";
import { waitStatus, setSource, afterRun } from "./helpers.mjs";
import { examples } from "../../web/src/examples.js";

const n = Number(process.argv[2]) || 30;
const lib = examples[0].files["lib.libsonnet"];
// Each edit a new text (no answer from the engine's cache): the typo or
// the fix, with the edit's number in a label.
const edit = (i) => lib.replace("image: image }", `image: image${i % 2 ? "" : ", imagePullPolcy: 'Always'"} }`).replace("{ app: name }", `{ app: name, edit: '${i}' }`);

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

const b = await open();
try {
  const { page } = b;
  await page.goto(b.url);
  await waitStatus(page, /^Evaluated/);
  await page.getByRole("checkbox", { name: "Validate" }).check();
  await page.locator("#validate-verdict").filter({ hasText: /^valid$/ }).waitFor({ timeout: 60000 });
  await page.getByRole("tab", { name: /lib\.libsonnet/ }).click();
  const marks = () => page.evaluate(() => performance.getEntriesByName("kubecfg:validated").length);
  for (let i = 0; i < n; i++) {
    const before = await marks();
    await afterRun(page, () => setSource(page, edit(i)));
    await page.waitForFunction((k) => performance.getEntriesByName("kubecfg:validated").length > k, before, { timeout: 30000 });
  }
  const got = await page.evaluate(() => performance.getEntriesByName("kubecfg:validated").map((m) => m.detail));
  const runs = got.slice(1); // the first check loaded the full engine and the schemas
  const wall = runs.map((d) => d.wallMs);
  const engine = runs.map((d) => d.totalMs);
  const f = (x) => x.toFixed(1);
  console.log(`validate of the default example, ${runs.length} edits: wall p50 ${f(pct(wall, 50))} ms, p90 ${f(pct(wall, 90))} ms; engine p50 ${f(pct(engine, 50))} ms, p90 ${f(pct(engine, 90))} ms`);
  // A problem's source is located by a causal trace: the edits with the
  // typo cost more than the valid ones.
  for (const [name, keep] of [["valid", (d) => d.problems === 0], ["with the typo", (d) => d.problems > 0]]) {
    const w = runs.filter(keep).map((d) => d.wallMs);
    if (w.length) console.log(`  ${name} (${w.length}): wall p50 ${f(pct(w, 50))} ms, p90 ${f(pct(w, 90))} ms`);
  }
} finally {
  await b.close();
  await closeLeaked();
}
