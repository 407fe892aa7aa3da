// Fixes of issues 19 ("The page") and 20 ("Bugs"), each a regression step
// in Debian's Chromium: prototype keys as file names, file names shown as
// typed in the errors pane, the embed page's broken fragments.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browserPerTest } from "./browser.mjs";
import { encodeFragment } from "../../web/src/share.js";
import { waitStatus, errorsText, outputText, setSource, afterRun } from "./helpers.mjs";

const openPage = browserPerTest();
let b;

const tabPaths = (page) => page.$$eval("#file-tabs [role=tab]", (ts) => ts.map((t) => t.dataset.path));

test("files named __proto__, constructor and toString survive a link and a reload", async () => {
  b = await openPage();
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
  b = await openPage();
  const { page } = b;
  await page.goto(b.url);
  await waitStatus(page, /^Evaluated/, 30000);
  for (const name of ["__proto__", "constructor"]) {
    await page.getByRole("button", { name: "+ File" }).click();
    await page.locator("#name-dialog input").fill(name);
    await page.locator("#name-dialog").getByRole("button", { name: /OK|Add|Create/i }).click();
  }
  assert.ok((await tabPaths(page)).includes("__proto__"), `tabs: ${await tabPaths(page)}`);
  assert.ok((await tabPaths(page)).includes("constructor"));
});

const stateLink = async (url, files, entry, path = "") =>
  `${url}${path}#s=${await encodeFragment({ files, entry, controls: { command: "show", expr: "", output: "yaml", features: {}, alpha: false, vars: {} }, version: "" })}`;

test("an error's place names the file as typed, as text", async () => {
  b = await openPage();
  const { page } = b;
  const name = "<svg onload=alert(1)> a.jsonnet";
  const files = { "main.jsonnet": `import '${name}'\n`, [name]: "{ a: error 'boom' }\n" };
  await page.goto(await stateLink(b.url, files, "main.jsonnet"));
  await waitStatus(page, /^Failed/, 30000);
  const text = await errorsText(page);
  assert.ok(text.includes(`${name}:1:`), `errors pane: ${text}`);
  assert.ok(!/%3C|%20/.test(text), `errors pane: ${text}`);
  assert.equal(await page.locator("#errors svg").count(), 0, "a name became HTML");
  const loc = page.locator("#errors .loc").filter({ hasText: name }).first();
  assert.equal(await loc.count(), 1, `no link to ${name}: ${text}`);
  await loc.click();
  await page.waitForFunction((n) => document.querySelector('#file-tabs [aria-selected="true"]')?.dataset.path === n, name);
});

test("an error shows the whole text the CLI prints, its places as links (issue 20)", async () => {
  b = await openPage();
  const { page } = b;
  const files = {
    "main.jsonnet": "local h = import 'helpers.libsonnet';\n{ a: h.f(1) }\n",
    "helpers.libsonnet": "{ f(x):: { v: error 'bad ' + x } }\n",
  };
  await page.goto(await stateLink(b.url, files, "main.jsonnet"));
  await waitStatus(page, /^Failed/, 30000);
  const text = await errorsText(page);
  assert.match(text, /RUNTIME ERROR: bad 1/);
  assert.match(text, /helpers\.libsonnet:1:15-31\s+object <anonymous>/);
  assert.match(text, /Field "v"/);
  assert.match(text, /During manifestation/);
  assert.doesNotMatch(text, /file:\/\/\/workspace/);
  await page.getByRole("button", { name: "Go to helpers.libsonnet:1:15" }).click();
  await page.waitForFunction(() => document.querySelector('#file-tabs [aria-selected="true"]')?.dataset.path === "helpers.libsonnet");
  // A schema failure keeps the line that says what is wrong.
  await afterRun(page, () => page.getByRole("tab", { name: /main\.jsonnet/ }).click().then(() => setSource(page,
    "local kubecfg = import 'kubecfg.libsonnet';\nkubecfg.validateJSONSchema({ a: 1 }, { type: 'object', required: ['b'] })\n")));
  await waitStatus(page, /^Failed/, 30000);
  const schema = await errorsText(page);
  assert.match(schema, /missing property 'b'/);
  assert.match(schema, /internal:\/\/\/validateJSONSchema/, "internal places are shown");
  assert.equal(await page.locator("#errors .loc", { hasText: "internal:" }).count(), 0, "internal places are not links");
  await page.getByRole("button", { name: "Go to main.jsonnet:2:1" }).waitFor();
});

test("/embed with a broken or oversized link keeps its error and runs no example (issue 19)", async () => {
  b = await openPage();
  const { page } = b;
  const big = await encodeFragment({ files: { "a.jsonnet": "x".repeat(2 << 20) }, entry: "a.jsonnet", controls: {} });
  const cases = [["!!!", /^shared link: the fragment is not base64url/], ["AAAA", /^shared link: /], [big, /^shared link: the state is larger than/]];
  for (const [i, [frag, re]] of cases.entries()) {
    await page.goto(`${b.url}embed?case=${i}#s=${frag}`); // a new load each time, not a change of fragment
    await page.waitForFunction(() => /^shared link/.test(document.querySelector("#status").textContent));
    await page.waitForTimeout(1500); // past the embed's 300 ms wait, and the engine's start
    const status = await page.locator("#status").textContent();
    assert.match(status, re);
    assert.match(await page.locator("#errors").innerText(), re);
    assert.equal((await page.locator("#output-view .cm-content").innerText()).trim(), "", "no example's output");
    assert.equal(await page.locator("#editor-panel .cm-content").count() === 0 ||
      (await page.locator("#editor-panel").isHidden()), true, "no example's source");
    assert.equal(await page.locator("#embed-file").textContent(), "");
  }
});

test("the + File dialog: Enter adds the file, the suggested name is free, Cancel and Escape add none (issue 20)", async () => {
  b = await openPage();
  const { page } = b;
  await page.goto(b.url);
  await waitStatus(page, /^Evaluated/, 30000);
  const before = await tabPaths(page);
  assert.ok(before.includes("lib.libsonnet"), `the default example has lib.libsonnet: ${before}`);
  await page.getByRole("button", { name: "+ File" }).click();
  const input = page.locator("#name-input");
  assert.equal(await input.inputValue(), "lib2.libsonnet", "the suggestion is a name no file has");
  await input.press("Enter");
  await page.waitForFunction(() => !document.querySelector("#name-dialog").open);
  assert.deepEqual(await tabPaths(page), [...before, "lib2.libsonnet"]);
  // Enter on a name that exists keeps the dialog open with the reason.
  await page.getByRole("button", { name: "+ File" }).click();
  assert.equal(await input.inputValue(), "lib3.libsonnet");
  await input.fill("lib.libsonnet");
  await input.press("Enter");
  assert.match(await page.locator("#name-error").textContent(), /already exists/);
  assert.ok(await page.locator("#name-dialog").evaluate((d) => d.open));
  await page.locator("#name-dialog").getByRole("button", { name: "Cancel" }).click();
  await page.waitForFunction(() => !document.querySelector("#name-dialog").open);
  await page.getByRole("button", { name: "+ File" }).click();
  await input.press("Escape");
  await page.waitForFunction(() => !document.querySelector("#name-dialog").open);
  assert.deepEqual(await tabPaths(page), [...before, "lib2.libsonnet"]);
});

test("a dead share link says the snippet was not found, keeps its address, and offers the workspace and the examples (issue 20)", async () => {
  b = await openPage();
  const { page } = b;
  // No saved workspace: the first example, and the menu for the others.
  for (const [i, id] of ["RBNvo1WzZ4oRRq0W9-hkng", "nope!", "x.y"].entries()) {
    await page.goto(`${b.url}s/${id}`);
    const status = await waitStatus(page, /^Evaluated.*shared snippet was not found/, 30000);
    // The first visit's example is this browser's workspace afterwards, as on a visit to /.
    assert.match(status, i === 0 ? /Showing the first example; the Example menu has the others\.$/ : /Showing your workspace; the Example menu has the examples\.$/);
    assert.equal(await page.locator("#status .status-notice").getAttribute("class"), "status-notice bad");
    assert.equal(await page.locator("#status .status-run").getAttribute("class"), "status-run", "the result beside it is not red");
    await page.waitForTimeout(800);
    assert.equal(new URL(page.url()).pathname, `/s/${id}`, "the address is kept");
    assert.equal(new URL(page.url()).hash, "");
    assert.ok((await page.getByLabel("Example").locator("option").count()) > 2);
  }
  // With a saved workspace, that workspace.
  await page.goto(b.url);
  await waitStatus(page, /^Evaluated/, 30000);
  await afterRun(page, () => setSource(page, "{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'mine' } } }\n"));
  await page.waitForTimeout(800); // the autosave
  await page.goto(`${b.url}s/RBNvo1WzZ4oRRq0W9-hkng`);
  await waitStatus(page, /shared snippet was not found\. Showing your workspace; the Example menu has the examples\.$/, 30000);
  assert.match(await outputText(page), /name: mine/);
  assert.equal(new URL(page.url()).pathname, "/s/RBNvo1WzZ4oRRq0W9-hkng");
});

test("\"(your workspace)\" in the Example menu goes back to your workspace (issue 20)", async () => {
  b = await openPage();
  const { page } = b;
  await page.goto(`${b.url}#example=yakl-pod`);
  await waitStatus(page, /^Evaluated/, 30000);
  // Nothing to go back to: it says so.
  await page.getByLabel("Example").selectOption({ label: "(your workspace)" });
  await waitStatus(page, /No other workspace of yours is kept in this browser/);
  await page.goto(b.url);
  await page.reload();
  await waitStatus(page, /^Evaluated/, 30000);
  await afterRun(page, () => setSource(page, "{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'mine' } } }\n"));
  await page.waitForTimeout(800); // the autosave
  await afterRun(page, () => page.getByLabel("Example").selectOption({ label: "A YAKL Pod (RFC06)" }));
  assert.match(await outputText(page), /kind: Pod/);
  await afterRun(page, () => page.getByLabel("Example").selectOption({ label: "(your workspace)" }));
  assert.match(await outputText(page), /name: mine/);
  assert.match(await page.locator("#status").textContent(), /Restored your workspace\./);
});

test("a stopped run leaves the previous output dimmed and marked stale (issue 20)", async () => {
  b = await openPage();
  const { page } = b;
  await page.goto(b.url);
  await waitStatus(page, /^Evaluated/, 30000);
  const before = await outputText(page);
  assert.ok(before.trim() !== "");
  const view = page.locator("#output-view");
  assert.equal(await view.evaluate((el) => getComputedStyle(el).filter), "none");
  await setSource(page, "std.foldl(function(a, i) a + std.foldl(function(b, j) b + j, std.range(1, 1000), 0), std.range(1, 100000), 0)\n");
  await waitStatus(page, /ran past 5 s/, 30000);
  assert.equal(await outputText(page), before, "the last output stays");
  assert.ok(await view.evaluate((el) => el.classList.contains("stale")));
  assert.equal(await view.evaluate((el) => getComputedStyle(el).filter), "grayscale(1)", "greyed");
  assert.match(await errorsText(page), /ran past 5 s/);
  assert.match(await page.locator("#stale-note").innerText(), /The output below is stale/);
  await afterRun(page, () => setSource(page, "{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'fresh' } } }\n"), 30000);
  await waitStatus(page, /^Evaluated/, 30000);
  assert.match(await outputText(page), /name: fresh/);
  assert.ok(!(await view.evaluate((el) => el.classList.contains("stale"))));
  assert.equal(await errorsText(page), "");
  assert.ok(await page.locator("#stale-note").isHidden());
});

test("the embed names a file as typed in its error text, as text (issue 19)", async () => {
  b = await openPage();
  const { page } = b;
  const name = "<svg onload=alert(1)> a.jsonnet";
  await page.goto(await stateLink(b.url, { [name]: "{ a: error 'boom' }\n" }, name, "embed"));
  await page.waitForFunction(() => /^Failed/.test(document.querySelector("#status").textContent), null, { timeout: 30000 });
  const text = await page.locator("#errors").innerText();
  assert.ok(text.includes(`${name}:1:6`), `errors: ${text}`);
  assert.ok(!/%3C|%20/.test(text), `errors: ${text}`);
  assert.equal(await page.locator("#errors svg").count(), 0);
});
