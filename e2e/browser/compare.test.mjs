// The Compare pane in Chromium (issue 30): the default example's output
// pinned as the baseline; changing replicas in lib.libsonnet shows one
// changed object with its one changed line, whose click opens
// lib.libsonnet at the line that made it; toggling a feature that changes
// nothing says "no object changed"; an ext var's edit is counted as the
// CLI would; "Copy as diff command" is kubecfg diff --against's line with the
// baseline as a download; a shared link offers its version as the
// baseline. Build the site first (make build).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { browserPerTest } from "./browser.mjs";
import { waitStatus, setSource, afterRun, openPane, outputText } from "./helpers.mjs";
import { examples } from "../../web/src/examples.js";
import { encodeFragment } from "../../web/src/share.js";

const browser = browserPerTest();
const example = examples[0]; // jsonnet-app: app.jsonnet and lib.libsonnet
const lib = example.files["lib.libsonnet"];

/** lineOf is the 1-based line of text that holds s. */
function lineOf(text, s) {
  const i = text.split("\n").findIndex((l) => l.includes(s));
  assert.ok(i >= 0, `no line holds ${JSON.stringify(s)}`);
  return i + 1;
}

/** count waits until the Compare tab's count matches re and returns it. */
async function count(page, re, timeout = 30000) {
  const c = page.locator("#tab-compare .cmp-count");
  await c.filter({ hasText: re }).waitFor({ timeout }).catch(async (err) => {
    throw new Error(`the tab's count never matched ${re}: it says ${JSON.stringify(await c.textContent().catch(() => "(none)"))}; summary ${JSON.stringify(await page.locator("#compare-summary").textContent().catch(() => ""))} (${err.message.split("\n")[0]})`);
  });
  return c.textContent();
}

/** pin opens the Compare pane and pins the output on the page as the baseline. */
async function pin(page) {
  await page.getByRole("tab", { name: /^Compare/ }).click();
  await page.getByRole("button", { name: "Pin the output as the baseline" }).click();
  return count(page, /no object changed/);
}

test("pinning the default example; replicas changed in lib.libsonnet: one changed object, one line, whose click opens lib.libsonnet there", async () => {
  const { page, url } = await browser();
  await page.goto(url);
  await waitStatus(page, /^Evaluated/);
  assert.equal(await pin(page), "no object changed");
  assert.match(await page.locator("#compare-summary").textContent(), /No object changed against the output pinned at .* \(2 unchanged\)\./);

  await page.getByRole("tab", { name: /lib\.libsonnet/ }).click();
  const edited = lib.replace("replicas: replicas,", "replicas: 3,");
  assert.notEqual(edited, lib);
  await afterRun(page, () => setSource(page, edited));
  assert.equal(await count(page, /changed/), "1 object changed");
  const objs = page.locator("#compare-list .cmp-obj");
  assert.equal(await objs.count(), 1);
  assert.equal(await objs.getAttribute("aria-label"), "Deployment web: changed");
  assert.equal(await objs.getAttribute("data-desc"), "deployments web");
  const changed = objs.locator(".cmp-line.add, .cmp-line.del");
  assert.deepEqual(await changed.allInnerTexts(), await Promise.all([0, 1].map((i) => changed.nth(i).innerText())));
  const texts = (await changed.allInnerTexts()).map((t) => t.replace(/^\d+\s*/, ""));
  assert.deepEqual(texts, ["-   replicas: 2", "+   replicas: 3"]);

  // The changed line's number is its output line; its click opens lib.libsonnet at the line.
  const add = objs.locator("button.cmp-line.add");
  const outLine = Number(await add.getAttribute("data-line"));
  assert.equal((await outputText(page)).split("\n")[outLine - 1], "  replicas: 3");
  await page.getByRole("tab", { name: /app\.jsonnet/ }).click(); // another file open: the click must open lib.libsonnet
  await add.focus();
  await page.keyboard.press("Enter"); // keyboard reachable
  await waitStatus(page, /comes from lib\.libsonnet:\d+/, 60000);
  const want = lineOf(edited, "replicas: 3,");
  assert.match(await page.locator("#status").textContent(), new RegExp(`Output line ${outLine} comes from lib\\.libsonnet:${want}\\.`));
  assert.equal(await page.getByRole("tab", { name: /lib\.libsonnet/ }).getAttribute("aria-selected"), "true");
  const cursorLine = await page.locator("#editor-panel .cm-activeLine").innerText();
  assert.equal(cursorLine.trim(), "replicas: 3,");

  // A run that fails leaves the last comparison, greyed.
  await afterRun(page, () => setSource(page, edited.replace("replicas: 3,", "replicas: 3,,")));
  await page.locator("#compare-panel.stale").waitFor();
  await afterRun(page, () => setSource(page, edited));
  await page.locator("#compare-panel:not(.stale)").waitFor();

  // The same objects printed as JSON are other texts: the pane says so rather than count them.
  await afterRun(page, () => page.getByLabel("Output format").selectOption("json"));
  await page.locator("#compare-summary").filter({ hasText: /The baseline is YAML and the output JSON/ }).waitFor();
  assert.equal(await page.locator("#tab-compare .cmp-count").isVisible(), false);
});

test("toggling a feature that changes nothing says no object changed; an ext var's edit is counted", async () => {
  const { page, url } = await browser();
  await page.goto(url);
  await waitStatus(page, /^Evaluated/);
  await page.getByRole("tab", { name: /app\.jsonnet/ }).click();
  const app = example.files["app.jsonnet"];
  await afterRun(page, () => setSource(page, app.replace("port=80", "port=std.parseInt(std.extVar('port'))")));
  await openPane(page, "Variables");
  await afterRun(page, () => page.locator("#var-extStr").fill("port=80"));
  await waitStatus(page, /^Evaluated/);
  assert.equal(await pin(page), "no object changed");

  await openPane(page, "Features");
  await afterRun(page, () => page.getByRole("checkbox", { name: "yakl", exact: true }).check());
  assert.match(await page.locator("#command-line").textContent(), /--features=yakl/);
  await page.getByRole("tab", { name: /^Compare/ }).click();
  await page.locator("#compare-summary").filter({ hasText: /unchanged/ }).waitFor();
  assert.equal(await count(page, /no object changed/), "no object changed");
  assert.equal(await page.locator("#compare-list .cmp-obj").count(), 0);

  await openPane(page, "Variables");
  await afterRun(page, () => page.locator("#var-extStr").fill("port=8080"));
  assert.equal(await count(page, /1 object/), "1 object changed");
  await page.getByRole("tab", { name: /^Compare/ }).click();
  assert.equal(await page.locator("#compare-list .cmp-obj").getAttribute("aria-label"), "Service web: changed");

  // Copy as command: kubecfg diff --against with the page's flags; the baseline downloads.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy as diff command" }).click();
  await waitStatus(page, /Copied the command line/);
  const line = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(line, "kubecfg diff --against baseline.yaml app.jsonnet -V port=8080 --features=yakl,diff-against");
  const [dl] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download baseline.yaml" }).click()]);
  assert.equal(dl.suggestedFilename(), "baseline.yaml");
  const text = await readFile(await dl.path(), "utf8");
  assert.match(text, /kind: Service[\s\S]*port: 80\n/);
});

test("a shared link offers its version as the baseline", async () => {
  const { page, url } = await browser();
  await page.goto(url);
  await waitStatus(page, /^Evaluated/);
  // The keyboard reaches the tab as the other panes' (End in the tab list), and its pane.
  await page.getByRole("tab", { name: "Output", exact: true }).focus();
  await page.keyboard.press("End");
  assert.equal(await page.getByRole("tab", { name: /^Compare/ }).getAttribute("aria-selected"), "true");
  await page.getByRole("button", { name: "Pin the output as the baseline" }).waitFor();
  let presses = 0; // past the output's actions (Validate, Copy, Download) and the output
  while (presses < 12 && (await page.evaluate(() => document.activeElement?.id)) !== "compare-pin") {
    await page.keyboard.press("Tab");
    presses++;
  }
  assert.equal(await page.evaluate(() => document.activeElement?.id), "compare-pin", "Tab reaches the pane's first button");
  assert.equal(await page.locator("#compare-shared").isVisible(), false, "no shared version on a page not opened on a link");
  const files = { ...example.files, "lib.libsonnet": lib.replace("replicas: replicas,", "replicas: 4,") };
  await page.goto(`${url}#s=${await encodeFragment({ files, entry: example.entry, controls: { command: "show", expr: "", output: "yaml", features: {}, alpha: false, vars: {} }, version: "" })}`);
  await page.reload(); // a fragment alone does not load a page
  await waitStatus(page, /^Evaluated/);
  await page.getByRole("tab", { name: /^Compare/ }).click();
  await page.getByRole("tab", { name: /lib\.libsonnet/ }).click();
  await afterRun(page, () => setSource(page, files["lib.libsonnet"].replace("replicas: 4,", "replicas: 5,")));
  await page.getByRole("button", { name: "Compare against the shared version" }).click();
  assert.equal(await count(page, /changed/), "1 object changed");
  assert.match(await page.locator("#compare-summary").textContent(), /against the shared version this page was opened on/);
  const texts = (await page.locator("#compare-list .cmp-line.add, #compare-list .cmp-line.del").allInnerTexts()).map((t) => t.replace(/^\d+\s*/, ""));
  assert.deepEqual(texts, ["-   replicas: 4", "+   replicas: 5"]);
});

test("a variant as the baseline: the same workspace with a feature or an ext var set otherwise, run again at each edit", async () => {
  const { page, url } = await browser();
  await page.goto(url);
  await waitStatus(page, /^Evaluated/);
  await page.getByRole("tab", { name: /app\.jsonnet/ }).click();
  const app = example.files["app.jsonnet"];
  await afterRun(page, () => setSource(page, app.replace("port=80", "port=std.parseInt(std.extVar('port'))")));
  await openPane(page, "Variables");
  await afterRun(page, () => page.locator("#var-extStr").fill("port=80"));
  await waitStatus(page, /^Evaluated/);
  await page.getByRole("tab", { name: /^Compare/ }).click();
  await page.getByRole("button", { name: "Compare against a variant…" }).click();
  const flags = page.getByLabel("Flags set otherwise");
  assert.ok(await flags.evaluate((e) => e === document.activeElement), "the field has the focus");

  // RFC05's A/B: a feature that changes nothing.
  await flags.fill("--features=yakl");
  await flags.press("Enter");
  assert.equal(await count(page, /no object changed/), "no object changed");
  assert.match(await page.locator("#compare-summary").textContent(), /against this workspace with --features=yakl \(2 unchanged\)/);

  // An ext var set otherwise: the Service differs, in its port.
  await flags.fill("-V port=8080");
  await page.getByRole("button", { name: "Compare", exact: true }).click();
  assert.equal(await count(page, /1 object/), "1 object changed");
  const texts = async () => (await page.locator("#compare-list .cmp-line.add, #compare-list .cmp-line.del").allInnerTexts()).map((t) => t.replace(/^\d+\s*/, ""));
  assert.deepEqual(await texts(), ["-   - port: 8080", "+   - port: 80"]);

  // An edit runs both again: the variant follows it.
  await page.getByRole("tab", { name: /app\.jsonnet/ }).click();
  const marks = await page.evaluate(() => performance.getEntriesByName("kubecfg:compared").length);
  await afterRun(page, () => setSource(page, app.replace("port=80", "port=1 + std.parseInt(std.extVar('port'))")));
  await page.waitForFunction((n) => performance.getEntriesByName("kubecfg:compared").length > n, marks);
  assert.deepEqual(await texts(), ["-   - port: 8081", "+   - port: 81"]);

  // A TLA set otherwise.
  await afterRun(page, () => setSource(page, `function(port=80) ${app.replace("port=80", "port=port")}`));
  await flags.fill("--tla-code port=81");
  await flags.press("Enter");
  // The summary names the flags once the variant starts running ("Baseline: … Running it…");
  // "… against …" is the drawn comparison.
  await page.locator("#compare-summary").filter({ hasText: /against this workspace with --tla-code port=81/ }).waitFor();
  assert.equal(await count(page, /1 object/), "1 object changed");
  assert.deepEqual(await texts(), ["-   - port: 81", "+   - port: 80"]);

  // A flag a variant does not set is an error that says so.
  await flags.fill("-J vendor");
  await flags.press("Enter");
  assert.match(await page.locator("#compare-summary").textContent(), /-J: a variant sets --features/);
  assert.equal(await flags.getAttribute("aria-invalid"), "true");
});

// axe-core's checks (as a11y.test.mjs runs them) on the Compare pane with
// a changed object, the variant's form open, light and dark.
const axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
for (const colorScheme of ["light", "dark"]) {
  test(`the Compare pane with a diff: no axe violations (${colorScheme})`, async () => {
    const { page, url } = await browser({ colorScheme });
    await page.goto(url);
    await waitStatus(page, /^Evaluated/);
    await pin(page);
    await page.getByRole("tab", { name: /lib\.libsonnet/ }).click();
    await afterRun(page, () => setSource(page, lib.replace("replicas: replicas,", "replicas: 3,").replace("{ app: name }", "{ app: name, tier: 'web' }")));
    await count(page, /changed/);
    await page.getByRole("button", { name: "Compare against a variant…" }).click();
    await page.mouse.move(0, 0);
    if (await page.locator(".cm-tooltip-autocomplete").count()) await page.keyboard.press("Escape");
    await page.evaluate(axeSource);
    const found = await page.evaluate(async () => {
      const r = await globalThis.axe.run(document, { resultTypes: ["violations"] });
      return r.violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) ${n.target.join(" ")}: ${n.failureSummary.replace(/\s+/g, " ")}`));
    });
    assert.deepEqual(found, [], found.join("\n"));
  });
}
