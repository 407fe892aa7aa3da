// The keystroke-to-output measurement on the default example, shared by
// bench.mjs (make bench-web) and keys-bench.mjs (fast-eval off and on side
// by side, issue 32): type into the string 'web' of the default example,
// every key changing the objects' names, and time each key from its
// keydown to the frame after the run's result is on the page.
import { waitStatus, openPane, afterRun } from "./helpers.mjs";

/** fastEvalRow is the fast-eval row of the Features tab's table. */
const fastEvalRow = (page) => page.locator("#features-table tr", { has: page.locator("td", { hasText: /^fast-eval$/ }) });

/**
 * turnOnFastEval checks fast-eval in the Features tab (the page's runs then
 * go to the full engine, which has the fast evaluator: web/src/runner.js
 * fastWanted), waits for the run it causes and for the full engine, and
 * opens the Output tab again.
 */
export async function turnOnFastEval(page) {
  await openPane(page, "Features");
  await afterRun(page, () => fastEvalRow(page).getByRole("checkbox").check(), 60000);
  await waitStatus(page, /^Evaluated/, 60000);
  if (!(await page.evaluate(() => globalThis.kubecfgEngine.full))) throw new Error("fast-eval on, but the page is not on the full engine");
  if (!/--features=(\S+,)?fast-eval(,|\s|$)/.test(await page.locator("#command-line").textContent())) throw new Error("fast-eval is not on the command line");
  await openPane(page, "Output");
}

/**
 * keystrokes opens the page in b (a browser.mjs open()), with fast-eval
 * on when fastEval is set, types keys keys and returns each key's
 * latency in milliseconds.
 */
export async function keystrokes(b, { keys = 30, fastEval = false } = {}) {
  await b.page.goto(b.url + "?nosw");
  await waitStatus(b.page, /^Evaluated/, 60000);
  if (fastEval) await turnOnFastEval(b.page);
  await b.page.evaluate(() => {
    globalThis.benchKeys = [];
    let t0 = 0;
    document.addEventListener("keydown", () => { t0 = performance.now(); }, true);
    new MutationObserver(() => {
      if (t0) requestAnimationFrame(() => { globalThis.benchKeys.push(performance.now() - t0); t0 = 0; });
    }).observe(document.getElementById("status"), { attributes: true, attributeFilter: ["data-runs"] });
  });
  const ed = b.page.getByLabel("Editor", { exact: true });
  await ed.click();
  await b.page.keyboard.press("ControlOrMeta+Home");
  for (let i = 0; i < 4; i++) await b.page.keyboard.press("ArrowDown");
  await b.page.keyboard.press("End");
  await b.page.keyboard.press("ArrowLeft");
  await b.page.keyboard.press("ArrowLeft");
  for (let i = 0; i < keys; i++) {
    const n = await b.page.evaluate(() => globalThis.benchKeys.length);
    await b.page.keyboard.type(String.fromCharCode(97 + (i % 26)));
    await b.page.waitForFunction((k) => globalThis.benchKeys.length > k, n, { timeout: 10000 });
    await b.page.waitForTimeout(50);
  }
  if (fastEval && !(await b.page.evaluate(() => globalThis.kubecfgEngine.full))) throw new Error("the keys' runs left the full engine");
  return b.page.evaluate(() => globalThis.benchKeys);
}
