// The editor and the errors pane, in Debian's Chromium: an error in the
// Expression box is marked there, not in the entry file.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browserPerTest } from "./browser.mjs";
import { waitStatus, errorsText, setSource, afterRun } from "./helpers.mjs";

const openPage = browserPerTest();

async function start() {
  const b = await openPage();
  await b.page.goto(b.url + "?nosw");
  await waitStatus(b.page, /^Evaluated/, 30000);
  return b.page;
}

// lintMarks is the text each error mark covers in the editor in sel.
const lintMarks = (page, sel) => page.locator(`${sel} .cm-lintRange-error`).allInnerTexts();

test("an error in the Expression box is marked in the Expression box, and its place in the errors pane goes there", async () => {
  const page = await start();
  await afterRun(page, () => setSource(page, "{ deployment: { spec: { replicas: 2 } } }\n"));
  await afterRun(page, () => page.getByLabel("Command").selectOption("eval"));
  const expr = page.getByLabel("Expression", { exact: true });
  await expr.click();
  await afterRun(page, () => page.keyboard.insertText("$.deployment.spec.replicaz"));
  await waitStatus(page, /^Failed/);
  await page.locator("#errors:not([hidden])").waitFor();
  // kubecfg's text, unchanged: the place in eval's wrapper, under the entry's name.
  const text = await errorsText(page);
  assert.match(text, /RUNTIME ERROR: Field does not exist: replicaz\n\s+\S+\.jsonnet:1:\d+-\d+/);
  await page.waitForFunction(() => document.querySelectorAll("#expr .cm-lintRange-error").length > 0);
  assert.deepEqual(await lintMarks(page, "#expr"), ["$.deployment.spec.replicaz"], "the whole expression is marked");
  assert.deepEqual(await lintMarks(page, "#editor-panel"), [], "the entry file is not marked");
  // The place's button goes to the Expression box; the wrapper's other place is text.
  const place = page.locator("#errors button.loc");
  assert.equal(await place.count(), 1);
  assert.match(await place.getAttribute("aria-label"), /: the Expression, column 1$/);
  await page.getByLabel("Editor", { exact: true }).click();
  await place.click();
  assert.ok(await page.evaluate(() => document.activeElement?.closest("#expr") !== null), "the Expression box has the focus");
  // A parse error at the expression's end is marked there too.
  await page.keyboard.press("End");
  await afterRun(page, () => page.keyboard.insertText(" +"));
  await page.waitForFunction(() => /while parsing/.test(document.querySelector("#errors").textContent));
  assert.deepEqual(await lintMarks(page, "#editor-panel"), []);
  assert.equal((await lintMarks(page, "#expr")).length, 1);
  // Fixed, the marks go.
  await page.keyboard.press("ControlOrMeta+a");
  await afterRun(page, () => page.keyboard.insertText("$.deployment.spec.replicas"));
  await waitStatus(page, /^Evaluated/);
  assert.deepEqual(await lintMarks(page, "#expr"), []);
});

// lines is the editor's text, line by line.
const lines = (page) => page.evaluate(() => [...document.querySelectorAll("#editor-panel .cm-line")].map((l) => l.textContent));

test("Enter indents by brackets and a closing bracket dedents; the editor shows a focus ring and its keys' hint while focused", async () => {
  const page = await start();
  const ed = page.getByLabel("Editor", { exact: true });
  const hint = page.locator("#editor-panel .keys-hint");
  await page.locator("#run").focus();
  assert.equal(await hint.isVisible(), false, "no hint while the editor does not have the focus");
  const ring = () => page.locator("#editor-panel .cm-editor").evaluate((el) => { const s = getComputedStyle(el); return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) }; });
  assert.equal((await ring()).style, "none", "no ring without the focus");
  await ed.click();
  assert.equal(await hint.isVisible(), true);
  assert.equal(await hint.innerText(), "Tab indents · Escape then Tab leaves");
  const r = await ring();
  assert.ok(r.style === "solid" && r.width >= 2, `a focus ring: ${JSON.stringify(r)}`);

  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.type("{");
  await page.keyboard.press("Enter");
  assert.deepEqual(await lines(page), ["{", "  ", "}"], "Enter between { and } indents the new line, the } on its own");
  await page.keyboard.type("a: [");
  await page.keyboard.press("Enter");
  await page.keyboard.type("1,");
  await page.keyboard.press("Enter");
  assert.deepEqual(await lines(page), ["{", "  a: [", "    1,", "    ", "  ]", "}"]);
  await page.keyboard.type("f(");
  await page.keyboard.press("Enter");
  assert.deepEqual((await lines(page)).slice(3, 6), ["    f(", "      ", "    )"], "inside ( one more level");
  // A closing bracket typed first on a line goes back to its opener's indentation.
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText("{\n  a: [\n    1,\n");
  await page.keyboard.press("Enter");
  assert.equal((await lines(page))[4], "    ");
  await page.keyboard.type("]");
  assert.equal((await lines(page))[4], "  ]", "] dedents to the [ line's indentation");
  await page.keyboard.press("Enter");
  await page.keyboard.type("}");
  assert.deepEqual(await lines(page), ["{", "  a: [", "    1,", "", "  ]", "}"]);
  // Tab indents, Escape then Tab leaves.
  await page.keyboard.press("Tab");
  assert.ok(await page.evaluate(() => document.activeElement?.closest("#editor-panel") !== null), "Tab stays in the editor");
  await page.keyboard.press("Escape");
  await page.keyboard.press("Tab");
  assert.ok(await page.evaluate(() => document.activeElement?.closest("#editor-panel") === null), "Escape then Tab leaves");
  assert.equal(await hint.isVisible(), false, "the hint goes with the focus");
});
