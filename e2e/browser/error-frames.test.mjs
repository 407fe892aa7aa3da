// The errors pane draws a runtime error's whole trace from the engine's
// data (issue 28): every frame of diagnostics[].frames in a workspace file
// is a button in place in the CLI's text, and it moves the editor there; a
// place that only the error's message names is text.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browserPerTest } from "./browser.mjs";
import { encodeFragment } from "../../web/src/share.js";
import { waitStatus, errorsText } from "./helpers.mjs";

const openPage = browserPerTest();

const stateLink = async (url, files, entry) =>
  `${url}#s=${await encodeFragment({ files, entry, controls: { command: "show", expr: "", output: "yaml", features: {}, alpha: false, vars: {} }, version: "" })}`;

const activeTab = (page) => page.evaluate(() => document.querySelector('#file-tabs [aria-selected="true"]')?.dataset.path);
const activeLine = (page) => page.locator("#editor-panel .cm-activeLine").innerText();

test("a runtime error's frames are places in the errors pane, drawn from data, each moving the editor", async () => {
  const { page, url } = await openPage();
  const files = {
    "main.jsonnet": "local h = import 'lib/helpers.libsonnet';\n{\n  a: h.name('x'),\n}\n",
    "lib/helpers.libsonnet": "{\n  // names\n  name(x):: error 'no name for ' + x + ', see main.jsonnet:4:1',\n}\n",
  };
  await page.goto(await stateLink(url, files, "main.jsonnet"));
  await waitStatus(page, /^Failed/, 30000);
  const text = await errorsText(page);
  assert.match(text, /RUNTIME ERROR: no name for x, see main\.jsonnet:4:1/);
  assert.match(text, /lib\/helpers\.libsonnet:3:13-\d+\s+function <anonymous>/);
  assert.match(text, /main\.jsonnet:3:6-\d+\s+object <anonymous>/);
  assert.match(text, /Field "a"/);
  assert.doesNotMatch(text, /file:\/\/\/workspace/);
  // Every frame with a workspace place is a button; the message's own
  // "main.jsonnet:4:1" is not a place of the error, and stays text.
  const places = await page.locator("#errors button.loc").allTextContents();
  assert.equal(places.length, 2, `places: ${places}`);
  assert.match(places[0], /^lib\/helpers\.libsonnet:3:13-\d+$/);
  assert.match(places[1], /^main\.jsonnet:3:6-\d+$/);
  assert.equal(await page.getByRole("button", { name: /main\.jsonnet:4:1/ }).count(), 0);
  // Each goes to its place.
  await page.getByRole("button", { name: /^Go to lib\/helpers\.libsonnet:3:13/ }).click();
  await page.waitForFunction(() => document.querySelector('#file-tabs [aria-selected="true"]')?.dataset.path === "lib/helpers.libsonnet");
  assert.equal((await activeLine(page)).trim(), "name(x):: error 'no name for ' + x + ', see main.jsonnet:4:1',");
  await page.getByRole("button", { name: /^Go to main\.jsonnet:3:6/ }).click();
  await page.waitForFunction(() => document.querySelector('#file-tabs [aria-selected="true"]')?.dataset.path === "main.jsonnet");
  assert.equal(await activeTab(page), "main.jsonnet");
  assert.equal((await activeLine(page)).trim(), "a: h.name('x'),");
});
