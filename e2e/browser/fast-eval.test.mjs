// The alpha feature fast-eval in the page (issue 32): turned on in the
// Features tab, the page's runs go to the full engine (the core engine has
// no fast evaluator) and give the same output bytes as with it off, and
// the command line and the Features table say it is on.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browserPerTest } from "./browser.mjs";
import { waitStatus, outputText, afterRun, openPane, loadExample } from "./helpers.mjs";

const openPage = browserPerTest();

async function start() {
  const b = await openPage();
  await b.page.goto(b.url);
  await waitStatus(b.page, /^Evaluated/, 30000);
  return b.page;
}

const row = (page) => page.locator("#features-table tr", { has: page.locator("td", { hasText: /^fast-eval$/ }) });

/**
 * compareOnOff reads the output with fast-eval off (the core engine), turns
 * it on in the Features tab and checks the output, the command line, the
 * table and the engine in use.
 */
async function compareOnOff(page) {
  assert.equal(await page.evaluate(() => globalThis.kubecfgEngine.full), false, "the page starts on the core engine");
  const off = await outputText(page);
  assert.ok(off.trim().length > 0, "an output to compare");
  await openPane(page, "Features");
  const box = row(page).getByRole("checkbox");
  assert.equal(await box.isChecked(), false, "fast-eval is off by default");
  await afterRun(page, () => box.check(), 60000);
  await waitStatus(page, /^Evaluated/, 60000);
  assert.match(await page.locator("#command-line").textContent(), /--features=(\S+,)?fast-eval(,|\s|$)/);
  assert.ok(await row(page).getByRole("checkbox").isChecked());
  assert.equal(await page.evaluate(() => globalThis.kubecfgEngine.full), true, "the run went to the full engine");
  await openPane(page, "Output");
  assert.equal(await outputText(page), off, "the same output bytes with fast-eval on");
  // And off again, on the full engine now: the same bytes.
  await openPane(page, "Features");
  await afterRun(page, () => row(page).getByRole("checkbox").uncheck(), 60000);
  assert.doesNotMatch(await page.locator("#command-line").textContent(), /--features=(\S+,)?fast-eval(,|\s|$)/);
  await openPane(page, "Output");
  assert.equal(await outputText(page), off);
}

test("fast-eval on the default example: the full engine, the same output", async () => {
  const page = await start();
  await compareOnOff(page);
});

test("fast-eval on a gallery example: the full engine, the same output", async () => {
  const page = await start();
  await loadExample(page, "knit: keyed-array merge");
  await waitStatus(page, /^Evaluated/, 30000);
  await compareOnOff(page);
});
