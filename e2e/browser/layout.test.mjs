// The page as people meet it (issue 20): no layout shift on the first
// load, the output in view beside the settings on a wide screen, a phone's
// layout, and the help panel a first visit opens.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { open, closeLeaked } from "./browser.mjs";
import { waitStatus, outputText, errorsText, loadExample, afterRun, postSnippet } from "./helpers.mjs";

after(closeLeaked);

/** withPage opens the page and runs fn(page, b), closing the browser after. */
async function withPage(opts, fn) {
  const b = await open(opts);
  try {
    await fn(b.page, b);
    assert.deepEqual(b.errors.map(String), [], "the page threw");
  } finally {
    await b.close();
  }
}

// cumulativeShift loads the page and sums its layout shifts (not those
// after an input) until a second after its first result: the first load's
// CLS, with the elements that moved.
async function cumulativeShift(page, url) {
  await page.addInitScript(() => {
    globalThis.shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.hadRecentInput) continue;
        globalThis.shifts.push({ value: e.value, nodes: e.sources.map((s) => s.node?.id || s.node?.className || s.node?.nodeName) });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(url);
  await waitStatus(page, /^Evaluated/, 30000);
  await page.waitForTimeout(1000);
  const shifts = await page.evaluate(() => globalThis.shifts);
  return { cls: shifts.reduce((a, s) => a + s.value, 0), shifts };
}

for (const [name, viewport] of [["desktop", { width: 1400, height: 860 }], ["phone", { width: 390, height: 844 }]]) {
  test(`the first load does not shift the page (${name})`, () => withPage({ viewport }, async (page, b) => {
    const { cls, shifts } = await cumulativeShift(page, b.url);
    assert.ok(cls < 0.1, `CLS ${cls.toFixed(3)}: ${JSON.stringify(shifts)}`);
  }));
}

test("an example link's first load, painted from the build's answer before main.js, does not shift the page", () => withPage({}, async (page, b) => {
  const { cls, shifts } = await cumulativeShift(page, `${b.url}#example=yakl-pod`);
  assert.ok(cls < 0.1, `CLS ${cls.toFixed(3)}: ${JSON.stringify(shifts)}`);
  assert.equal(await page.evaluate(() => performance.getEntriesByName("kubecfg:early-paint")[0]?.detail.from), "example");
}));

test("a short link's first load, its snippet painted by the boot script before main.js, does not shift the page", () => withPage({}, async (page, b) => {
  const files = { "main.jsonnet": "local lib = import 'lib.libsonnet';\n{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data: lib } }\n", "lib.libsonnet": "{ a: '1' }\n" };
  const url = await postSnippet(b.url, { files, entry: "main.jsonnet", controls: { command: "show", output: "yaml" }, version: "" });
  const { cls, shifts } = await cumulativeShift(page, new URL(url, b.url).href);
  assert.ok(cls < 0.1, `CLS ${cls.toFixed(3)}: ${JSON.stringify(shifts)}`);
  assert.equal(await page.evaluate(() => performance.getEntriesByName("kubecfg:early-paint")[0]?.detail.from), "snippet");
}));

test("wide: the settings pane is under the output; narrower, the tabs show one pane", () => withPage({}, async (page, b) => {
  await page.goto(b.url);
  await waitStatus(page, /^Evaluated/, 30000);
  const output = page.getByRole("tabpanel", { name: "Output" });
  const features = page.getByRole("tabpanel", { name: "Features" });
  // Wide, the page starts on the Output tab, the output alone; the
  // Features tab puts its pane under the output.
  assert.equal(await page.getByRole("tab", { name: "Output", exact: true }).getAttribute("aria-selected"), "true");
  assert.ok(await output.isVisible() && await features.isHidden());
  await page.getByRole("tab", { name: "Features", exact: true }).click();
  assert.ok(await output.isVisible() && await features.isVisible());
  const [o, f] = [await output.boundingBox(), await features.boundingBox()];
  assert.ok(f.y >= o.y + o.height - 1, `the features pane (y ${f.y}) is under the output (y ${o.y}, height ${o.height})`);
  assert.ok(o.height > 200, `the output is ${o.height} px high`);
  // Toggling a feature: its effect is in view at once.
  await loadExample(page, "A YAKL Pod (RFC06)");
  await page.getByRole("tab", { name: "Features", exact: true }).click();
  await afterRun(page, () => features.getByRole("checkbox", { name: "yakl", exact: true }).uncheck());
  assert.ok(await output.isVisible());
  assert.match(await errorsText(page), /yakl is an alpha feature/);
  await afterRun(page, () => features.getByRole("checkbox", { name: "yakl", exact: true }).check());
  assert.match(await outputText(page), /kind: Pod/);
  // The Output tab shows the output alone; Variables puts its pane under it.
  await page.getByRole("tab", { name: "Output", exact: true }).click();
  assert.ok(await features.isHidden());
  await page.getByRole("tab", { name: "Variables", exact: true }).click();
  assert.ok(await output.isVisible() && await page.getByRole("tabpanel", { name: "Variables" }).isVisible());
  // Narrower, one pane at a time, and the output is the one shown.
  await page.setViewportSize({ width: 1000, height: 860 });
  await page.waitForFunction(() => document.querySelector("#tab-output").getAttribute("aria-selected") === "true");
  assert.ok(await output.isVisible());
  assert.ok(await page.getByRole("tabpanel", { name: "Variables" }).isHidden());
  await page.getByRole("tab", { name: "Features", exact: true }).click();
  assert.ok(await output.isHidden() && await features.isVisible());
  // In a column this narrow the table is one block per feature: nothing
  // to scroll sideways for.
  assert.ok(await features.evaluate((el) => el.scrollWidth <= el.clientWidth), "the features pane scrolls sideways at 1000 px");
  // Wide again: the output comes back above the pane chosen.
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.waitForFunction(() => !document.querySelector("#output-panel").hidden);
  assert.ok(await features.isVisible());
}));

test("phone: the output is on the first screen and the features table fits", () => withPage({ viewport: { width: 390, height: 844 } }, async (page, b) => {
  await page.goto(b.url);
  await waitStatus(page, /^Evaluated/, 30000);
  const view = await page.locator("#output-view").boundingBox();
  assert.ok(view.y < 700, `the output starts at ${view.y} px`);
  assert.ok(view.height >= 300, `the output is ${view.height} px high`);
  const editor = await page.locator("#editor-panel").boundingBox();
  assert.ok(editor.height >= 250, `the editor is ${editor.height} px high`);
  // Nothing is wider than the screen.
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), "the page scrolls sideways");
  // The controls are folded behind their button; the command line shows.
  assert.ok(await page.getByLabel("Command").isHidden());
  assert.ok(await page.locator("#command-line").isVisible());
  await page.getByRole("button", { name: "Controls" }).click();
  assert.equal(await page.getByRole("button", { name: "Controls" }).getAttribute("aria-expanded"), "true");
  assert.ok(await page.getByLabel("Command").isVisible());
  // Each feature's SOURCE and SINCE are on the screen, no sideways scroll.
  await page.getByRole("tab", { name: "Features", exact: true }).click();
  const panel = page.getByRole("tabpanel", { name: "Features" });
  assert.ok(await panel.evaluate((el) => el.scrollWidth <= el.clientWidth), "the features pane scrolls sideways");
  const row = page.locator("tr[data-name=yakl]");
  assert.match(await row.innerText(), /yakl\s+alpha\s+off\s+off\s+default\s+v/);
  assert.equal(await row.locator("td").nth(4).getAttribute("data-label"), "source", "the value's label, shown before it");
  for (const cell of [4, 5]) {
    const box = await row.locator("td").nth(cell).boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `cell ${cell} is at ${box.x}…${box.x + box.width}`);
  }
}));

// A first visit without a link (one on a link gets the "New here?" line
// instead: links.test.mjs); the help names the example on the page.
// marks reads the page's performance marks: name → { at, detail } (the first of each).
const marks = (page) => page.evaluate(() => Object.fromEntries(performance.getEntriesByType("mark").reverse().map((m) => [m.name, { at: m.startTime, detail: m.detail }])));

test("a first visit: the boot script opens the help panel, the engine's first run goes before main.js's editors, and its answer is the build's", () => withPage({ firstVisit: true }, async (page, b) => {
  await page.goto(b.url);
  await waitStatus(page, /^Evaluated/, 30000);
  const m = await marks(page);
  assert.ok(m["kubecfg:help-early"], "the boot script opened the help panel");
  assert.ok(m["kubecfg:help-early"].at <= m["kubecfg:main-start"].at, "before main.js ran");
  // main.js made its editors once the answer was in (or, on a machine
  // too busy for the engine to answer in 3 s, after those).
  assert.ok(["answer", "timeout"].includes(m["kubecfg:main-go"].detail), m["kubecfg:main-go"].detail);
  if (m["kubecfg:main-go"].detail === "answer") {
    assert.equal(m["kubecfg:first-engine-result"].detail.by, "boot", "the engine's answer came before main.js's editors");
    assert.ok(m["kubecfg:first-engine-result"].at <= m["kubecfg:first-result"].at);
  }
  assert.equal(m["kubecfg:update"].detail.full, true);
  assert.equal(await page.evaluate(() => performance.getEntriesByName("kubecfg:update").length), 1, "main.js's first run took the early run's answer: one update, no second run of it");
  const help = page.getByRole("dialog", { name: "The kubecfg playground" });
  assert.ok(await help.isVisible());
  assert.match(await help.innerText(), /This example, A Jsonnet app: A Deployment and a Service/);
  // The engine's answer is the build's, which the output pane shows.
  const built = await page.evaluate(() => JSON.parse(document.getElementById("kubecfg-prerendered").textContent).response.output);
  assert.equal((await outputText(page)).trimEnd(), built.trimEnd());
}));

test("a first visit whose engine is slow: closing the help panel starts the editors, and it stays closed", () => withPage({ firstVisit: true }, async (page, b) => {
  // The engine's download is held until the panel is closed.
  let release = () => {};
  const held = new Promise((resolve) => { release = resolve; });
  await b.context.route(/kubecfg-core\.wasm/, async (route) => { await held; await route.continue(); });
  await page.goto(b.url);
  const help = page.getByRole("dialog", { name: "The kubecfg playground" });
  await help.waitFor();
  await page.keyboard.press("Escape");
  await help.waitFor({ state: "hidden" });
  await page.locator("#editor-panel .cm-content").waitFor();
  assert.equal((await marks(page))["kubecfg:main-go"].detail, "keydown");
  release();
  await waitStatus(page, /^Evaluated/, 30000);
  assert.equal((await marks(page))["kubecfg:first-engine-result"].detail.by, undefined, "main.js showed the answer");
  await page.reload();
  await waitStatus(page, /^Evaluated/, 30000);
  assert.ok(await help.isHidden(), "closed before main.js ran, and still remembered");
  assert.equal((await marks(page))["kubecfg:help-early"], undefined);
}));

test("a first visit whose engine does not answer: the editors start after a few seconds", () => withPage({ firstVisit: true }, async (page, b) => {
  await b.context.route(/kubecfg-core\.wasm/, () => {}); // never answered
  await page.goto(b.url);
  await page.locator("#editor-panel .cm-content").waitFor({ timeout: 15000 });
  assert.equal((await marks(page))["kubecfg:main-go"].detail, "timeout");
  assert.ok(await page.getByRole("dialog", { name: "The kubecfg playground" }).isVisible(), "the panel is still open");
}));

test("a first visit opens the help panel; once closed it stays closed; ? opens it", () => withPage({ firstVisit: true }, async (page, b) => {
  await page.goto(b.url);
  const help = page.getByRole("dialog", { name: "The kubecfg playground" });
  await help.waitFor();
  // The page runs behind it.
  await waitStatus(page, /^Evaluated/, 30000);
  assert.match(await help.innerText(), /Ctrl\/Cmd-Enter/);
  assert.match(await help.innerText(), /This example, A Jsonnet app:/);
  await page.keyboard.press("Escape");
  await help.waitFor({ state: "hidden" });
  // Another example's help: its description and its docs.
  await page.goto(`${b.url}#example=yakl-pod`);
  await page.locator("#example-about", { hasText: "YAML with Jsonnet expressions" }).waitFor();
  await page.getByRole("button", { name: "Help" }).click();
  await help.waitFor();
  assert.match(await help.innerText(), /This example, A YAKL Pod \(RFC06\): YAML with Jsonnet expressions/);
  for (const href of ["/docs/playground.html", "/docs/yakl.html", "/docs/show.html"]) {
    assert.equal(await help.locator(`a[href="${href}"]`).count(), 1, href);
    const res = await page.request.get(new URL(href, b.url).href);
    assert.equal(res.status(), 200, href);
  }
  await page.keyboard.press("Escape");
  await help.waitFor({ state: "hidden" });
  // The example's description is under the menu too.
  assert.match(await page.locator("#example-about").innerText(), /YAML with Jsonnet expressions/);
  await page.reload();
  await waitStatus(page, /^Evaluated/, 30000);
  assert.ok(await help.isHidden(), "the help came back on the second visit");
  await page.getByRole("button", { name: "Help" }).click();
  await help.waitFor();
  await help.getByRole("button", { name: "Close help" }).click();
  await help.waitFor({ state: "hidden" });
}));
