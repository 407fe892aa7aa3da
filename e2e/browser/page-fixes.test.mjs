// Fixes of issues 19 ("The page") and 20 ("Bugs"), each a regression step
// in Debian's Chromium: prototype keys as file names, file names shown as
// typed in the errors pane, the embed page's broken fragments.
import { test, afterEach, after } from "node:test";
import assert from "node:assert/strict";
import { open, closeLeaked } from "./browser.mjs";
import { encodeFragment } from "../../web/src/share.js";
import { waitStatus, errorsText, outputText, setSource, afterRun } from "./helpers.mjs";

let b;
afterEach(async () => {
  if (!b) return;
  const errors = b.errors;
  await b.close();
  b = null;
  assert.deepEqual(errors.map(String), [], "the page threw");
});
after(closeLeaked);

const tabPaths = (page) => page.$$eval("#file-tabs [role=tab]", (ts) => ts.map((t) => t.dataset.path));

test("files named __proto__, constructor and toString survive a link and a reload", async () => {
  b = await open();
  const { page } = b;
  const files = JSON.parse(`{"__proto__": "{ a: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'proto' } } }\\n",
    "constructor": "(import '__proto__') + (import 'toString')\\n",
    "main.jsonnet": "import 'constructor'\\n",
    "toString": "{ b: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'tostring' } } }\\n"}`);
  assert.deepEqual(Object.keys(files), ["__proto__", "constructor", "main.jsonnet", "toString"]);
  const snap = { files, entry: "main.jsonnet", controls: { command: "show", expr: "", output: "yaml", features: {}, alpha: false, vars: {} }, version: "" };
  await page.goto(`${b.url}#s=${await encodeFragment(snap)}`);
  await waitStatus(page, /^Evaluated/, 30000);
  assert.deepEqual((await tabPaths(page)).sort(), ["__proto__", "constructor", "main.jsonnet", "toString"]);
  const out = await outputText(page);
  assert.match(out, /name: proto/);
  assert.match(out, /name: tostring/);
  // An edit saves the workspace; a visit without the link restores it.
  await afterRun(page, () => setSource(page, "import 'constructor'\n// edited\n"));
  await page.waitForTimeout(800); // the autosave
  await page.goto(`${b.url}`);
  await waitStatus(page, /^Evaluated/, 30000);
  assert.deepEqual((await tabPaths(page)).sort(), ["__proto__", "constructor", "main.jsonnet", "toString"]);
  assert.match(await outputText(page), /name: tostring/);
});

test("a file added as __proto__ is kept", async () => {
  b = await open();
  const { page } = b;
  await page.goto(b.url);
  await waitStatus(page, /^Evaluated/, 30000);
  for (const name of ["__proto__", "constructor"]) {
    await page.getByRole("button", { name: "+ File" }).click();
    await page.locator("dialog input").fill(name);
    await page.locator("dialog").getByRole("button", { name: /OK|Add|Create/i }).click();
  }
  assert.ok((await tabPaths(page)).includes("__proto__"), `tabs: ${await tabPaths(page)}`);
  assert.ok((await tabPaths(page)).includes("constructor"));
});
