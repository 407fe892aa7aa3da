// The Validate switch in Chromium (issue 29): a typo'd field in
// lib.libsonnet of the default example gets a warning at that line of
// lib.libsonnet (squiggle, gutter marker, the message on hover), the
// errors pane names the object, the path and the output line, which is
// marked too, and "Copy as command" has the validate command; fixing the
// typo clears it all. The version picker changes the verdict for a kind
// removed between minors (flowcontrol.apiserver.k8s.io/v1beta3's
// FlowSchema: in 1.31, gone from 1.32), the switch and the minor ride in
// the page's link, validation works offline after one visit, and a docs
// embed's data-validate turns it on there. Build the site first (make
// web, with internal/k8sschema's data).
import { test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import { browserPerTest } from "./browser.mjs";
import { waitStatus, outputText, errorsText, setSource, afterRun, waitOffline } from "./helpers.mjs";
import { examples } from "../../web/src/examples.js";

const browser = browserPerTest();
const example = examples[0]; // jsonnet-app: app.jsonnet and lib.libsonnet
const lib = example.files["lib.libsonnet"];
const good = "spec: { containers: [{ name: name, image: image }] },";
const typo = "spec: { containers: [{ name: name, image: image, imagePullPolcy: 'Always' }] },";

/** lineOf is the 1-based line of text that holds s. */
function lineOf(text, s) {
  const i = text.split("\n").findIndex((l) => l.includes(s));
  assert.ok(i >= 0, `no line holds ${JSON.stringify(s)} in\n${text}`);
  return i + 1;
}

/** verdict waits until the switch's verdict (beside the picker) matches re, and returns it. */
async function verdict(scope, re, timeout = 60000) {
  const badge = scope.locator("#validate-verdict");
  await badge.filter({ hasText: re }).waitFor({ timeout }).catch(async (err) => {
    const now = await badge.textContent().catch(() => "(none)");
    throw new Error(`the verdict never matched ${re}: it says ${JSON.stringify(now)}; status ${JSON.stringify(await scope.locator("#status").textContent())} (${err.message.split("\n")[0]})`);
  });
  return badge.textContent();
}

/** lineOfMark is the 1-based line of view (a selector) that holds the first element matching mark. */
const lineOfMark = (page, view, mark) => page.locator(`${view} .cm-line`).evaluateAll((lines, sel) => lines.findIndex((l) => l.querySelector(sel)) + 1, mark);

/** turnOn checks the Validate switch (with the minor version) and waits for its verdict. */
async function turnOn(page, version = "1.35", re = /./) {
  await page.getByLabel("Kubernetes version").selectOption(version);
  await page.getByRole("checkbox", { name: "Validate" }).check();
  return verdict(page, re);
}

test("a typo'd field in lib.libsonnet: a warning at its line, the errors pane names the object, path and output line; fixing it clears it", async () => {
  const { page, url } = await browser();
  await page.goto(url);
  await waitStatus(page, /^Evaluated/);
  assert.equal(await page.getByRole("checkbox", { name: "Validate" }).isChecked(), false, "off by default");
  assert.equal(await page.getByLabel("Kubernetes version").inputValue(), "1.35", "1.35 by default");
  assert.deepEqual(await page.getByLabel("Kubernetes version").locator("option").allInnerTexts(), ["1.31", "1.32", "1.33", "1.34", "1.35"]);
  assert.equal(await turnOn(page, "1.35", /valid/), "valid", "the default example is valid");
  assert.equal(await errorsText(page), "", "nothing listed for a valid output");

  await page.getByRole("tab", { name: /lib\.libsonnet/ }).click();
  await afterRun(page, () => setSource(page, lib.replace(good, typo)));
  assert.equal(await verdict(page, /problem/), "1 problem");
  const line = lineOf(lib, good);

  // The editor: a squiggle and a gutter marker at that line of lib.libsonnet, the message on hover.
  assert.equal(await lineOfMark(page, "#editor-panel", ".cm-lintRange-warning"), line);
  assert.equal(await page.locator("#editor-panel .cm-lintRange-warning").innerText(), "imagePullPolcy", "the squiggle is under the field");
  assert.equal(await page.locator("#editor-panel .cm-lint-marker-warning").count(), 1);
  const gutterLine = await page.locator("#editor-panel .cm-gutter-lint .cm-gutterElement").evaluateAll((els) => {
    const marked = els.find((e) => e.querySelector(".cm-lint-marker-warning"));
    const numbers = [...document.querySelectorAll("#editor-panel .cm-lineNumbers .cm-gutterElement")];
    return numbers.find((n) => Math.abs(n.getBoundingClientRect().top - marked.getBoundingClientRect().top) < 2)?.textContent;
  });
  assert.equal(gutterLine, String(line), "the gutter marker is on that line");
  await page.locator("#editor-panel .cm-lintRange-warning").first().hover();
  const tip = page.locator(".cm-tooltip-lint");
  await tip.waitFor({ timeout: 5000 });
  assert.match(await tip.innerText(), /Deployment web: spec\.template\.spec\.containers\[0\]\.imagePullPolcy: unknown field "imagePullPolcy"/);
  await page.mouse.move(0, 0);

  // The errors pane: the place, the object, the path, the message, the output line.
  const out = await outputText(page);
  const outLine = lineOf(out, "imagePullPolcy: Always");
  const pane = await errorsText(page);
  assert.match(pane, new RegExp(`^lib\\.libsonnet:${line}(:\\d+)?: Deployment web: spec\\.template\\.spec\\.containers\\[0\\]\\.imagePullPolcy: unknown field "imagePullPolcy" \\(output line ${outLine}\\)$`, "m"));
  // The output line is marked, with the message on hover.
  assert.equal(await lineOfMark(page, "#output-view", ".cm-lintRange-warning"), outLine);
  // The pane's buttons: the output line, then the place.
  await page.getByRole("button", { name: `Show output line ${outLine}` }).click();
  assert.equal(await page.locator("#output-view .cm-line").nth(outLine - 1).evaluate((el) => {
    const sel = getSelection();
    return el.contains(sel.anchorNode);
  }), true, "the output's cursor is on that line");
  await page.getByRole("tab", { name: /app\.jsonnet/ }).click();
  await page.getByRole("button", { name: new RegExp(`^Go to lib\\.libsonnet:${line}`) }).click();
  assert.equal(await page.getByRole("tab", { name: /lib\.libsonnet/ }).getAttribute("aria-selected"), "true");
  assert.match(await page.locator("#editor-panel .cm-activeLine").innerText(), /imagePullPolcy/);

  // "Copy as command": show's command line, then validate's.
  const command = await page.locator("#command-line").textContent();
  assert.equal(command, "kubecfg show app.jsonnet --features=offline-validate && kubecfg validate app.jsonnet --kubernetes-version 1.35 --features=offline-validate");
  await page.getByRole("button", { name: "Copy as command" }).click();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), command);

  // Fixing it clears it all.
  await afterRun(page, () => setSource(page, lib));
  assert.equal(await verdict(page, /^valid$/), "valid");
  assert.equal(await page.locator(".cm-lintRange-warning, .cm-lint-marker-warning").count(), 0);
  assert.equal(await errorsText(page), "");

  // Off: no verdict, and the command line is show's alone.
  await afterRun(page, () => page.getByRole("checkbox", { name: "Validate" }).uncheck());
  assert.equal(await page.locator("#validate-verdict").isVisible(), false);
  assert.equal(await page.locator("#command-line").textContent(), "kubecfg show app.jsonnet");
});

// A FlowSchema of flowcontrol.apiserver.k8s.io/v1beta3 (served up to
// Kubernetes 1.31) with a typo'd field.
const flowSchema = `{
  fs: {
    apiVersion: 'flowcontrol.apiserver.k8s.io/v1beta3',
    kind: 'FlowSchema',
    metadata: { name: 'probes' },
    spec: {
      priorityLevelConfiguration: { name: 'exempt' },
      matchingPrecedence: 1000,
      distinguisherMethod: { tpye: 'ByUser' },
    },
  },
}
`;

test("the version picker changes the verdict for a kind removed between minors; the switch and the minor ride in the link", async () => {
  const { page, context, url } = await browser();
  await page.goto(url);
  await waitStatus(page, /^Evaluated/);
  await afterRun(page, () => setSource(page, flowSchema));
  assert.equal(await turnOn(page, "1.31", /problem/), "2 problems", "1.31 has v1beta3's FlowSchema: its typo is found (and the type it lacks)");
  assert.match(await errorsText(page), new RegExp(`^app\\.jsonnet:${lineOf(flowSchema, "tpye")}(:\\d+)?: FlowSchema probes: spec\\.distinguisherMethod\\.tpye: unknown field "tpye"`, "m"));
  await afterRun(page, () => page.getByLabel("Kubernetes version").selectOption("1.32"));
  assert.equal(await verdict(page, /skipped/), "valid, 1 skipped", "1.32 has no v1beta3: the FlowSchema is skipped");
  assert.match(await errorsText(page), /FlowSchema.*flowcontrol\.apiserver\.k8s\.io\/v1beta3.*1\.32/);
  assert.equal(await page.locator(".cm-lintRange-warning").count(), 0);
  await afterRun(page, () => page.getByLabel("Kubernetes version").selectOption("1.31"));
  assert.equal(await verdict(page, /problem/), "2 problems");
  const fetched = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name).filter((n) => /schemas\/k8s-/.test(n)).map((n) => n.replace(/^.*\//, "")));
  assert.deepEqual(fetched, ["k8s-1.31.json", "k8s-1.32.json"], "each minor's schemas fetched once");

  // The link (#s=) carries the switch and the minor: a new tab on it validates against 1.31.
  await page.waitForFunction(() => location.hash.startsWith("#s="));
  await page.waitForTimeout(700); // the fragment follows an edit after 500 ms
  const link = await page.evaluate(() => location.href);
  const other = await context.newPage();
  await other.goto(link);
  await waitStatus(other, /^Evaluated/);
  assert.equal(await other.getByRole("checkbox", { name: "Validate" }).isChecked(), true);
  assert.equal(await other.getByLabel("Kubernetes version").inputValue(), "1.31");
  assert.equal(await verdict(other, /problem/), "2 problems");
  await other.close();
});

test("validation works offline after one visit: the service worker has the schemas and the full engine", async () => {
  const { page, context, url } = await browser();
  await page.goto(url);
  await waitStatus(page, /^Evaluated/);
  await waitOffline(page);
  await context.setOffline(true);
  await page.reload();
  await waitStatus(page, /^Evaluated/);
  await page.getByRole("tab", { name: /lib\.libsonnet/ }).click();
  await afterRun(page, () => setSource(page, lib.replace(good, typo)));
  assert.equal(await turnOn(page, "1.33", /problem/), "1 problem", "1.33's schemas, never fetched online, from the service worker's cache");
  assert.match(await errorsText(page), /imagePullPolcy/);
  await context.setOffline(false);
});

test("a docs embed's data-validate validates the snippet: its problem marked at its line and listed", async () => {
  const { page, url } = await browser({ viewport: { width: 1200, height: 1400 } });
  const snippet = `{
  deploy: {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'api' },
    spec: {
      replicas: 'two',
      selector: { matchLabels: { app: 'api' } },
      template: {
        metadata: { labels: { app: 'api' } },
        spec: { containers: [{ name: 'api', image: 'api:1' }] },
      },
    },
  },
}
`;
  const docs = http.createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><title>validate</title><pre data-kubecfg="api.jsonnet" data-validate="1.31">${snippet}</pre>\n<script src="${url}embed.js"></script>`);
  });
  await new Promise((r) => docs.listen(0, "127.0.0.1", r));
  try {
    await page.goto(`http://127.0.0.1:${docs.address().port}/`);
    const frame = page.frameLocator(".kubecfg-embed iframe");
    assert.match(await page.locator(".kubecfg-embed iframe").getAttribute("src"), /#s=[A-Za-z0-9_-]+&validate=1\.31$/);
    await frame.locator("#errors .schema-problems").waitFor({ timeout: 60000 });
    assert.match(await frame.locator("#errors").innerText(), new RegExp(`^api\\.jsonnet:${lineOf(snippet, "'two'")}(:\\d+)?: Deployment api: spec\\.replicas: expected integer, got string`, "m"));
    await frame.locator("#editor-panel .cm-lintRange-warning").waitFor();
    assert.equal(await lineOfMark(frame, "#editor-panel", ".cm-lintRange-warning"), lineOf(snippet, "'two'"));
  } finally {
    await new Promise((r) => { docs.closeAllConnections(); docs.close(r); });
  }
});
