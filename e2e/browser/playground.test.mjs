// The playground in a real browser: Debian's Chromium, headless, driven by
// playwright-core, each test with a fresh profile. The page is served from
// static/ (build it with make web).
import { test, beforeEach, afterEach, after } from "node:test";
import assert from "node:assert/strict";
import { cp, readFile, writeFile, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import http from "node:http";
import path from "node:path";
import { open, closeLeaked } from "./browser.mjs";
import { staticRoot } from "./server.mjs";
import { seal } from "../../scripts/seal.mjs";
import { encodeZip } from "../../web/src/zip.js";
import {
  waitStatus, waitOutput, outputText, errorsText, setSource, editorText, loadExample, openPane, afterRun, waitOffline,
} from "./helpers.mjs";

let b;
beforeEach(async () => {
  b = await open();
  await b.page.goto(b.url);
});
afterEach(async () => {
  const errors = b.errors;
  await b.close();
  assert.deepEqual(errors.map(String), [], "the page threw");
});
after(closeLeaked); // a test that failed before closing its own browser

const rfc06Compiled = `local kubecfg = import 'internal:///kubecfg.libsonnet',
      yakl__kubecfg = kubecfg;
{
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    name: 'web',
  },
  spec: {
    containers: [
      {
        name: 'web',
        image: kubecfg.resolveImage('nginx:1.27'),
      },
    ],
  },
}`;

test("the page starts on the core engine; validateJSONSchema loads the full one", async () => {
  const own = await open(); // no service worker: every fetch is seen
  const { page } = own;
  const wasm = [];
  // The evaluation engines (the language service's wasm, which loads after
  // the first result, is lang.test.mjs's).
  page.on("request", (r) => { if (/\.wasm(\?|$)/.test(r.url()) && !r.url().includes("kubecfg-lang")) wasm.push(new URL(r.url()).pathname); });
  await page.goto(own.url + "?nosw");
  await waitStatus(page, /^Evaluated/);
  assert.deepEqual(wasm, ["/kubecfg-core.wasm"], "the default example needs only the core engine");
  await setSource(page, "local kubecfg = import 'kubecfg.libsonnet';\n" +
    "{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'checked' },\n" +
    "  data: { valid: std.toString(kubecfg.validateJSONSchema({ a: 1 }, { type: 'object', required: ['a'] })) } } }\n");
  await waitOutput(page, /valid: "true"/);
  assert.match(await waitStatus(page, /^Evaluated/), /Evaluated/);
  assert.deepEqual(wasm, ["/kubecfg-core.wasm", "/kubecfg.wasm"]);
  // A failing validation is kubecfg's error, from the full engine.
  await setSource(page, "local kubecfg = import 'kubecfg.libsonnet';\nkubecfg.validateJSONSchema({ a: 'x' }, { properties: { a: { type: 'number' } } })\n");
  await waitStatus(page, /^Failed/);
  assert.match(await errorsText(page), /object is invalid against the schema/);
  assert.doesNotMatch(await errorsText(page), /not in this engine/);
  await own.close();
  assert.deepEqual(own.errors.map(String), []);
});

test("the default example evaluates on load", async () => {
  const { page } = b;
  assert.match(await waitStatus(page, /^Evaluated in [\d.]+ ms/), /Evaluated/);
  const out = await outputText(page);
  assert.match(out, /kind: Deployment/);
  assert.match(out, /kind: Service/);
  assert.equal(await errorsText(page), "");
  assert.match(await page.locator("#command-line").textContent(), /^kubecfg .*show .*app\.jsonnet/);
});

test("the page is usable before the engine has loaded", async () => {
  // A profile of its own: the shared one's service worker would answer
  // from its cache, which routes do not see.
  const own = await open();
  const { page } = own;
  await page.route(/\/kubecfg(-core)?\.wasm/, () => {}); // never answers
  await page.goto(own.url + "?nosw");
  await setSource(page, "{}\n");
  assert.equal((await editorText(page)).trim(), "{}");
  await page.waitForTimeout(1500); // long enough for the engine, had its fetch not been held
  assert.match(await page.getByRole("status").textContent(), /Loading the engine/);
  await own.close();
});

/**
 * holdMain holds the page's editor bundle (main.js) until the returned
 * release is called, so a test sees what the page paints before it runs.
 */
async function holdMain(page) {
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route(/\/dist\/main-[^/]*\.js$/, async (route) => { await held; await route.continue(); });
  return release;
}

/** gotoParsed opens url and returns once the document is parsed (main.js may be held). */
async function gotoParsed(page, url) {
  await page.goto(url, { waitUntil: "commit" });
  await page.waitForFunction(() => document.readyState !== "loading");
}

/**
 * earlyBlocks reads the page's .prerendered blocks (displayed, and their
 * text) and the file tabs (their text, the selected one marked with *).
 */
const earlyBlocks = (page) => page.evaluate(() => {
  const block = (sel) => {
    const el = document.querySelector(sel);
    return el && { shown: getComputedStyle(el).display !== "none", text: el.textContent };
  };
  const tabs = [...document.querySelectorAll("#file-tabs [role=tab]")].map((t) => (t.ariaSelected === "true" ? "*" : "") + t.textContent);
  return { source: block("#editor-panel > .prerendered"), output: block("#output-view > .prerendered"), tabs };
});

/** logStatus makes the page record its status lines from the first paint (globalThis.statusLog). */
const logStatus = (page) => page.addInitScript(() => {
  globalThis.statusLog = [];
  new MutationObserver(() => {
    const text = document.getElementById("status")?.textContent;
    if (text && text !== globalThis.statusLog.at(-1)) globalThis.statusLog.push(text);
  }).observe(document, { subtree: true, childList: true, characterData: true });
});

test("a first visit paints the build's answer to the first example, then the engine's", async () => {
  const own = await open();
  try {
    const { page } = own;
    await logStatus(page);
    const release = await holdMain(page);
    await gotoParsed(page, own.url + "?nosw");
    // Before main.js: the example's entry file and the build's answer, as text.
    const built = await page.evaluate(() => JSON.parse(document.getElementById("kubecfg-prerendered").textContent).response);
    assert.match(built.output, /kind: Deployment/);
    const early = await earlyBlocks(page);
    assert.deepEqual(early.output, { shown: true, text: built.output });
    assert.ok(early.source.shown);
    assert.match(early.source.text, /^\/\/ A web app: a Deployment and its Service\./);
    assert.deepEqual(early.tabs, ["*app.jsonnet(entry)", "lib.libsonnet"]);
    assert.equal(await page.evaluate(() => document.getElementById("examples").selectedOptions[0]?.text), "A Jsonnet app");
    const box = (sel) => page.evaluate((s) => { const r = document.querySelector(s).getBoundingClientRect(); return [r.x, r.y]; }, sel);
    const earlyAt = await box("#editor-panel");
    release();
    await waitStatus(page, /^Evaluated in/);
    const log = await page.evaluate(() => globalThis.statusLog);
    const builtAt = log.findIndex((t) => t.startsWith("Showing this example's result as computed when the playground was built; the engine is starting…"));
    assert.ok(builtAt >= 0 && builtAt < log.findIndex((t) => /^Evaluated in/.test(t)), `status lines: ${JSON.stringify(log)}`);
    // The engine's answer is the build's: the build ran the same engine on the same request.
    assert.equal((await outputText(page)).trimEnd(), built.output.trimEnd());
    assert.deepEqual(await earlyBlocks(page), { source: null, output: null, tabs: ["*app.jsonnet(entry)", "lib.libsonnet"] }, "main.js replaces the blocks");
    assert.deepEqual(await box("#editor-panel"), earlyAt, "the editor pane did not move");
    assert.equal(await page.evaluate(() => document.getElementById("examples").selectedOptions[0]?.text), "A Jsonnet app");
    // An example link paints the build's answer to that example, with its
    // file, its tabs and the menu on it, before main.js too.
    const other = await own.context.newPage();
    await logStatus(other);
    const release2 = await holdMain(other);
    await gotoParsed(other, own.url + "?nosw#example=yakl-pod");
    const blocks = await earlyBlocks(other);
    assert.equal(blocks.output.shown, true);
    assert.match(blocks.output.text, /kind: Pod/);
    assert.equal(blocks.source.shown, true);
    assert.match(blocks.source.text, /\$\{/, "the YAKL entry file");
    assert.deepEqual(blocks.tabs, ["*app.yakl(entry)"]);
    assert.equal(await other.evaluate(() => document.getElementById("examples").selectedOptions[0]?.value), "yakl-pod");
    assert.equal(await other.evaluate(() => performance.getEntriesByName("kubecfg:early-paint")[0]?.detail.from), "example");
    const otherBox = (sel) => other.evaluate((s) => { const r = document.querySelector(s).getBoundingClientRect(); return [r.x, r.y]; }, sel);
    const otherAt = [await otherBox("#editor-panel"), await otherBox("#output-view")];
    release2();
    await waitStatus(other, /^Evaluated in/);
    const otherLog = await other.evaluate(() => globalThis.statusLog);
    assert.ok(otherLog.some((t) => t.startsWith("Showing this example's result as computed when the playground was built")), `status lines: ${JSON.stringify(otherLog)}`);
    assert.equal((await outputText(other)).trimEnd(), blocks.output.text.trimEnd(), "the engine's answer is the build's");
    assert.deepEqual([await otherBox("#editor-panel"), await otherBox("#output-view")], otherAt, "the panes did not move when main.js took over");
    assert.match(await outputText(other), /kind: Pod/);
    // An example the build has no answer for paints nothing (main.js starts elsewhere).
    const third = await own.context.newPage();
    const release3 = await holdMain(third);
    await gotoParsed(third, own.url + "?nosw#example=no-such-example");
    const none = await earlyBlocks(third);
    assert.equal(none.output.shown, false);
    assert.equal(none.source.shown, false);
    release3();
    await waitStatus(third, /^Evaluated in/);
  } finally {
    await own.close();
  }
  assert.deepEqual(own.errors.map(String), []);
});

test("a later visit shows the saved result while the engine starts", async () => {
  // A profile of its own, with no service worker: the routes below must
  // see the engine's fetches.
  const own = await open();
  try {
    const first = own.page;
    await first.goto(own.url + "?nosw");
    await setSource(first, "{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'saved' } } }\n");
    await waitOutput(first, /name: saved/);
    const want = await outputText(first);
    // The engine's answer is saved a second after it arrived.
    await first.waitForFunction(() => (localStorage.getItem("kubecfg-playground/last-result") || "").includes("name: saved"));
    await first.close();
    // The next visit gets no engine at all, so what it shows is the saved answer.
    const later = await own.context.newPage();
    await later.route(/\/kubecfg(-core)?\.wasm/, (route) => route.abort());
    await later.goto(own.url + "?nosw");
    await waitStatus(later, /^Could not start the engine: .*The output is the result saved from your last visit\.$/);
    assert.equal(await outputText(later), want);
    // Another workspace has no saved answer: nothing is shown for it.
    // Markup in the source and the output is painted as text before main.js too.
    const otherSource = "// <img src=x onerror=\"globalThis.pwned = 1\">\n{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'other' }, data: { html: '<b>bold</b>' } } }\n";
    await setSource(later, otherSource);
    await later.reload();
    await waitStatus(later, /Could not start the engine/);
    assert.doesNotMatch(await outputText(later), /name: (saved|other)/);
    await later.close();
    // With the engine back, the same workspace is evaluated by it as usual.
    const again = await own.context.newPage();
    await again.goto(own.url + "?nosw");
    await waitStatus(again, /^Evaluated in/);
    const otherOut = await outputText(again);
    assert.match(otherOut, /name: other/);
    await again.waitForFunction(() => (localStorage.getItem("kubecfg-playground/last-result") || "").includes("name: other"));
    await again.close();
    // A normal later visit: the saved answer first, then the engine's own.
    const normal = await own.context.newPage();
    await logStatus(normal);
    const release = await holdMain(normal);
    await gotoParsed(normal, own.url + "?nosw");
    // Before main.js, the boot script paints the saved workspace's file
    // and the saved answer as text.
    const early = await earlyBlocks(normal);
    assert.ok(early.output.shown);
    assert.equal(early.output.text.trimEnd(), otherOut.trimEnd());
    assert.deepEqual(early.source, { shown: true, text: otherSource });
    assert.deepEqual(early.tabs, ["*app.jsonnet(entry)", "lib.libsonnet"]);
    assert.match(early.output.text, /html: <b>bold<\/b>/);
    assert.equal(await normal.evaluate(() => globalThis.pwned), undefined);
    release();
    await waitStatus(normal, /^Evaluated in/);
    const log = await normal.evaluate(() => globalThis.statusLog);
    const savedAt = log.findIndex((t) => /^Showing the result saved from your last visit \(evaluated in [\d.]+ ms\); the engine is starting…/.test(t));
    assert.ok(savedAt >= 0 && savedAt < log.findIndex((t) => /^Evaluated in/.test(t)), `status lines: ${JSON.stringify(log)}`);
    assert.equal(await outputText(normal), otherOut);
  } finally {
    await own.close();
  }
  assert.deepEqual(own.errors.map(String), []);
});

test("editing re-evaluates", async () => {
  const { page } = b;
  await waitStatus(page, /^Evaluated/);
  await setSource(page, `{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'edited' }, data: { n: std.toString(6 * 7) } } }\n`);
  await waitOutput(page, /name: edited/);
  assert.match(await outputText(page), /"n": "42"/);
});

test("the output pane keeps the reader's place when an edit changes little or nothing of it", async () => {
  const { page } = b;
  await waitStatus(page, /^Evaluated/);
  const src = "{ ['cm%d' % i]: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm%d' % i } } for i in std.range(10, 90) }\n";
  await setSource(page, src);
  await waitOutput(page, /name: cm10\n/);
  const scroller = page.locator("#output-view .cm-scroller");
  const top = await scroller.evaluate((el) => { el.scrollTop = Math.floor(el.scrollHeight / 2); return el.scrollTop; });
  assert.ok(top > 100, `the output scrolls (scrollTop ${top})`);
  // A comment changes the program, not its output: the reader keeps their
  // place in the output.
  const status = await afterRun(page, () => setSource(page, "// unchanged output\n" + src));
  assert.match(status, /^Evaluated/);
  assert.equal(await scroller.evaluate((el) => el.scrollTop), top);
  // A change below the visible part: only that part is replaced.
  const changed = src.replace("} for i", "} + (if i == 88 then { data: { added: 'here' } } else {}) for i");
  assert.notEqual(changed, src);
  assert.match(await afterRun(page, () => setSource(page, changed)), /^Evaluated/);
  assert.equal(await scroller.evaluate((el) => el.scrollTop), top);
  await scroller.evaluate((el) => { el.scrollTop = el.scrollHeight; });
  await waitOutput(page, /added: here/);
});

// A run that nothing else starts: no edit, one key. The run's count says
// it ran (no wall-time bound: a loaded machine, or the full engine still
// starting from the test before, may take seconds).
test("Ctrl-Enter runs at once", async () => {
  const { page } = b;
  await waitStatus(page, /^Evaluated/);
  const runs = () => page.locator("#status").evaluate((el) => Number(el.dataset.runs || 0));
  const before = await runs();
  await afterRun(page, async () => {
    await page.getByLabel("Editor", { exact: true }).click();
    await page.keyboard.press("Control+Enter");
  });
  assert.equal(await runs(), before + 1, "one run for one Ctrl-Enter");
});

test("toggling yakl off and on", async () => {
  const { page } = b;
  await waitStatus(page, /^Evaluated/);
  await loadExample(page, "A YAKL Pod (RFC06)");
  await waitOutput(page, /kind: Pod/);
  await openPane(page, "Features");
  const features = page.getByRole("tabpanel", { name: "Features" });
  const yakl = features.getByRole("checkbox", { name: "yakl", exact: true });
  assert.ok(await yakl.isChecked());
  assert.match(await features.locator("tr[data-name=yakl]").innerText(), /--features/);
  await afterRun(page, () => yakl.uncheck());
  await openPane(page, "Output");
  assert.match(await errorsText(page), /yakl is an alpha feature; turn it on with --features=yakl/);
  await openPane(page, "Features");
  await afterRun(page, () => yakl.check());
  await openPane(page, "Output");
  await waitOutput(page, /kind: Pod/);
  assert.equal(await errorsText(page), "");
});

test("the expression box has kubecfg predefined", async () => {
  const { page } = b;
  await waitStatus(page, /^Evaluated/);
  await afterRun(page, () => page.getByLabel("Command").selectOption("eval"));
  await openPane(page, "Features");
  assert.ok(await page.getByRole("checkbox", { name: "eval", exact: true }).isChecked(), "choosing eval turned its feature on");
  await afterRun(page, () => page.getByLabel("Expression").fill("kubecfg.fold(kubecfg.layouts.gvkNsName, $, {})"));
  await openPane(page, "Output");
  await waitOutput(page, /Deployment/);
  const out = await outputText(page);
  assert.doesNotMatch(out + (await errorsText(page)), /Unknown variable/);
  assert.match(out, /Service/);
  assert.match(await page.locator("#command-line").textContent(), /eval .*-e/);
});

test("the compiled view of the RFC06 Pod and its line mapping", async () => {
  const { page } = b;
  await waitStatus(page, /^Evaluated/);
  await loadExample(page, "A YAKL Pod (RFC06)");
  await afterRun(page, () => page.getByLabel("Output format").selectOption("jsonnet"));
  await waitOutput(page, /yakl__kubecfg/);
  assert.equal((await outputText(page)).trimEnd(), rfc06Compiled);
  assert.match(await page.locator("#command-line").textContent(), /eval app\.yakl .*-o jsonnet|eval .*-o jsonnet.*app\.yakl/);
  // Hover "kind: Pod" (line 2): the compiled "kind: 'Pod'," lights up.
  const line2 = page.getByLabel("Editor", { exact: true }).locator(".cm-line").nth(1);
  await line2.hover();
  const lit = page.locator("#output-view .cm-mapped-line");
  await lit.waitFor();
  assert.equal((await lit.innerText()).trim(), "kind: 'Pod',");
  // And back: hover the compiled image line, the YAKL image line lights up.
  await page.locator("#output-view .cm-line", { hasText: "image: kubecfg.resolveImage" }).hover();
  const src = page.locator("#editor-panel .cm-mapped-line");
  await src.waitFor();
  assert.match(await src.innerText(), /image: \$\{kubecfg\.resolveImage/);
  // Keyboard users get the same: the cursor's line maps too.
  await page.mouse.move(0, 0);
  await page.getByLabel("Editor", { exact: true }).locator(".cm-line").nth(3).click();
  await page.locator("#output-view .cm-mapped-line", { hasText: "name: 'web'" }).waitFor();
});

test("an error's location moves the editor", async () => {
  const { page } = b;
  await waitStatus(page, /^Evaluated/);
  await setSource(page, "{\n  a: 1,\n  b: undefinedVar,\n}\n");
  await waitStatus(page, /^Failed/);
  assert.match(await errorsText(page), /Unknown variable: undefinedVar/);
  await page.locator(".cm-lintRange-error").first().waitFor();
  // Put the cursor elsewhere, then follow the link.
  await page.getByLabel("Editor", { exact: true }).locator(".cm-line").first().click();
  await page.getByRole("button", { name: /^Go to app\.jsonnet:3:/ }).click();
  const active = page.locator("#editor-panel .cm-activeLine");
  assert.equal(await active.innerText(), "  b: undefinedVar,");
  assert.ok(await page.getByLabel("Editor", { exact: true }).evaluate((el) => el.contains(document.activeElement) || el === document.activeElement));
});

test("the watchdog stops a runaway evaluation and the next edit works", async () => {
  const { page } = b;
  await waitStatus(page, /^Evaluated/);
  // About 1e8 steps in little memory: minutes of work, so only the
  // watchdog ends it.
  await setSource(page, "std.foldl(function(a, i) a + std.foldl(function(b, j) b + j, std.range(1, 1000), 0), std.range(1, 100000), 0)\n");
  const status = await waitStatus(page, /ran past 5 s/, 30000);
  assert.match(status, /^Stopped: the evaluation ran past 5 s; started a fresh engine\. A program that needs longer is not a runaway: raise the Time limit next to Run\.$/);
  assert.match(await editorText(page), /^std\.foldl\(function\(a, i\)/, "the program that was stopped is still in the editor");
  await setSource(page, "{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'after' } } }\n");
  await waitOutput(page, /name: after/, 20000);
  await waitStatus(page, /^Evaluated/);
});

test("a program that kills the engine: the page says so, keeps what was typed, and the next edit works", async () => {
  const { page } = b;
  await waitStatus(page, /^Evaluated/);
  // A self-referential comparison: go-jsonnet's equality recurses until
  // Go's stack overflows, which no recover() catches; the worker dies.
  const deadly = "local o = { a: $ };\n{ r: o == o }\n";
  await setSource(page, deadly);
  // The same sentence as the CLI's (internal/fatal), from the runtime's report
  // the dying engine wrote.
  const said = "Evaluation overflowed the stack and was stopped: a recursion that Jsonnet's own limit does not catch, such as comparing objects that contain themselves ({a: $} == {a: $}); started a fresh engine.";
  assert.equal(await waitStatus(page, /^Evaluation overflowed/, 30000), said);
  assert.equal(await errorsText(page), said);
  assert.equal((await editorText(page)).trim(), deadly.trim(), "the program is still in the editor");
  await setSource(page, "{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'revived' } } }\n");
  await waitOutput(page, /name: revived/, 20000);
  await waitStatus(page, /^Evaluated/);
});

test("reload restores the workspace", async () => {
  const { page } = b;
  await waitStatus(page, /^Evaluated/);
  const text = "{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'kept' } } }\n";
  await setSource(page, text);
  await waitOutput(page, /name: kept/);
  await page.getByLabel("Command").selectOption("eval");
  await page.reload();
  await waitStatus(page, /Evaluated|Failed/);
  assert.equal((await editorText(page)).trim(), text.trim());
  assert.equal(await page.getByLabel("Command").inputValue(), "eval");
});

const listed = (page) => page.evaluate(() => [...document.querySelectorAll("#examples optgroup option")].map((o) => o.value));

test("two tabs keep their own workspaces", async () => {
  const cm = (name) => `{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: '${name}' } } }\n`;
  const a = b.page;
  await waitStatus(a, /^Evaluated/);
  await setSource(a, cm("from-a"));
  await waitOutput(a, /name: from-a/);
  // A second tab gets a copy of the workspace the first has open.
  const other = await b.context.newPage();
  await other.goto(b.url);
  await waitStatus(other, /Your workspace is open in another tab too: this tab has a copy of it, saved on its own\.$/);
  assert.equal((await editorText(other)).trim(), cm("from-a").trim());
  await setSource(other, cm("from-b"));
  await waitOutput(other, /name: from-b/);
  // The first tab's menu lists the second's workspace as soon as it is saved.
  await a.waitForFunction(() => document.querySelectorAll("#examples optgroup option").length === 1);
  await other.reload();
  // Not a copy: the reloaded page waits for the old one to let go.
  await waitStatus(other, /^Evaluated in [\d.]+ ms\. Restored your workspace\.$/);
  assert.equal((await editorText(other)).trim(), cm("from-b").trim(), "a reload keeps the tab's own workspace");
  // The first tab's edits do not touch the second's, and the reverse.
  await setSource(a, cm("from-a-again"));
  await waitOutput(a, /name: from-a-again/);
  await other.close();
  await a.close();
  // A new tab continues the most recently saved workspace; the other one
  // is in the Example menu.
  const next = await b.context.newPage();
  await next.goto(b.url);
  await waitStatus(next, /^Evaluated.*Restored your workspace\.$/);
  assert.equal((await editorText(next)).trim(), cm("from-a-again").trim());
  const kept = await next.evaluate(() => [...document.querySelectorAll("#examples optgroup option")].map((o) => [o.value, o.textContent]));
  assert.equal(kept.length, 1, JSON.stringify(kept));
  assert.match(kept[0][1], /^app\.jsonnet \+1, \d\d:\d\d/);
  const status = await afterRun(next, () => next.locator("#examples").selectOption(kept[0][0]));
  assert.match(status, /Switched to your workspace app\.jsonnet \+1, .*The one you left is kept in the Example menu\.$/);
  assert.equal((await editorText(next)).trim(), cm("from-b").trim());
  assert.match(await outputText(next), /name: from-b/);
  // An example is a workspace of its own; "Restore previous workspace" goes back.
  await loadExample(next, "knit: keyed-array merge");
  await waitStatus(next, /Loaded the example “knit: keyed-array merge”\. Your previous workspace is kept/);
  await afterRun(next, () => next.getByRole("button", { name: "Restore previous workspace" }).click());
  await waitStatus(next, /Restored the previous workspace\.$/);
  assert.equal((await editorText(next)).trim(), cm("from-b").trim());
  // A workspace open in another tab is not taken from it.
  const fourth = await b.context.newPage();
  await fourth.goto(b.url);
  await waitStatus(fourth, /open in another tab too/);
  const mine = await listed(next);
  const theirs = await listed(fourth);
  const open = theirs.find((v) => !mine.includes(v)); // next's own workspace, as fourth lists it
  await fourth.locator("#examples").selectOption(open);
  await waitStatus(fourth, /is open in another tab: switch to that tab to edit it\.$/);
  assert.equal((await editorText(fourth)).trim(), cm("from-b").trim(), "fourth keeps its copy");
  // A workspace left out of the list (two tabs saving at once) is listed
  // again, as a recent one, by the next page that starts: here the first
  // tab's, which no tab has open.
  const lost = await fourth.evaluate(async () => {
    // The workspaces' files are in IndexedDB (keep.js), their list in localStorage.
    const db = await new Promise((resolve, reject) => {
      const r = indexedDB.open("kubecfg-playground");
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    const files = await new Promise((resolve) => {
      const r = db.transaction("files").objectStore("files").getAll();
      r.onsuccess = () => resolve(r.result);
    });
    db.close();
    const id = files.find((f) => f.text.includes("from-a-again")).ws;
    const k = "kubecfg-playground/workspaces";
    const kept = JSON.parse(localStorage.getItem(k));
    localStorage.setItem(k, JSON.stringify(kept.filter((x) => x.id !== id)));
    return id;
  });
  const fifth = await b.context.newPage();
  await fifth.goto(b.url);
  await waitStatus(fifth, /^Evaluated.*Restored your workspace\.$/);
  assert.equal((await editorText(fifth)).trim(), cm("from-a-again").trim(), "it starts on the workspace listed again");
  assert.ok(await fifth.evaluate((id) => JSON.parse(localStorage.getItem("kubecfg-playground/workspaces")).some((x) => x.id === id), lost));
});

test("a fault of the page while it starts is reported, not left as Loading the engine", async () => {
  const own = await open();
  try {
    // The page's own bug, stood in for by a fault injected where a fresh
    // profile's start names its workspace.
    await own.page.addInitScript(() => { crypto.getRandomValues = () => { throw new Error("injected fault"); }; });
    await own.page.goto(own.url);
    await waitStatus(own.page, /^The playground could not start: injected fault\. Your saved workspaces are untouched\.$/);
  } finally {
    await own.close();
  }
});

test("files: add, rename, make entry, delete", async () => {
  const { page } = b;
  await waitStatus(page, /^Evaluated/);
  page.on("dialog", (d) => d.accept());
  await page.getByRole("button", { name: "+ File" }).click();
  await page.getByLabel("Path", { exact: true }).fill("extra.jsonnet");
  await page.getByRole("button", { name: "OK" }).click();
  const tab = page.getByRole("tab", { name: "extra.jsonnet" });
  assert.equal(await tab.getAttribute("aria-selected"), "true");
  await setSource(page, "{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'extra' } } }\n");
  await afterRun(page, () => page.getByRole("button", { name: "Make entry" }).click());
  await waitOutput(page, /name: extra/);
  await page.getByRole("button", { name: "Rename" }).click();
  await page.getByLabel("Path", { exact: true }).fill("renamed.jsonnet");
  await afterRun(page, () => page.getByRole("button", { name: "OK" }).click());
  await page.getByRole("tab", { name: /renamed\.jsonnet/ }).waitFor();
  assert.match(await page.locator("#command-line").textContent(), /renamed\.jsonnet/);
  await page.getByRole("button", { name: "Delete" }).click();
  assert.equal(await page.getByRole("tab", { name: /renamed\.jsonnet/ }).count(), 0);
  assert.equal(await page.getByRole("tablist", { name: "Files" }).getByRole("tab").count(), 2);
});

test("accessible names and keyboard use", async () => {
  const { page } = b;
  await waitStatus(page, /^Evaluated/);
  for (const name of ["Editor", "Expression"]) assert.equal(await page.getByLabel(name, { exact: true }).count(), 1, name);
  for (const name of ["Output", "Features"]) assert.equal(await page.getByRole("tabpanel", { name, exact: true, includeHidden: true }).count(), 1, name);
  for (const name of ["Share", "Copy as command"]) assert.equal(await page.getByRole("button", { name, exact: true }).count(), 1, name);
  assert.equal(await page.getByRole("status").getAttribute("aria-live"), "polite");
  // Escape, then Tab, leaves the editor (Tab alone indents).
  const ed = page.getByLabel("Editor", { exact: true });
  await ed.click();
  await page.keyboard.press("Tab");
  assert.ok(await ed.evaluate((el) => el.contains(document.activeElement)), "Tab indents in the editor");
  await page.keyboard.press("Escape");
  await page.keyboard.press("Tab");
  assert.ok(!(await ed.evaluate((el) => el.contains(document.activeElement))), "Escape, Tab leaves the editor");
  // Arrow keys move between the result panes.
  await page.getByRole("tab", { name: "Output", exact: true }).focus();
  await page.keyboard.press("ArrowRight");
  assert.equal(await page.getByRole("tab", { name: "Features", exact: true }).getAttribute("aria-selected"), "true");
  assert.ok(await page.getByRole("tabpanel", { name: "Features" }).isVisible());
});

test("an example can be linked", async () => {
  const page = await b.context.newPage();
  await page.goto(b.url + "#example=knit");
  await waitStatus(page, /Evaluated|Failed/);
  assert.match(await editorText(page), /knit\.overlay/);
  assert.equal(await page.getByLabel("Example").inputValue(), "knit");
  await page.close();
});

test("Share gives a link that opens the same workspace", async () => {
  const { page } = b;
  await waitStatus(page, /^Evaluated/);
  const text = "{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'shared' } } }\n";
  await setSource(page, text);
  await waitOutput(page, /name: shared/);
  await page.getByRole("button", { name: "Share", exact: true }).click();
  const link = page.getByLabel("Share link");
  await page.waitForFunction(() => document.getElementById("share-url").value !== "");
  const url = await link.inputValue();
  if (b.server === "kubecfg") assert.match(url, /\/s\/[A-Za-z0-9_-]{22}$/);
  else assert.match(url, /#s=[A-Za-z0-9_-]+$/);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), url);
  const other = await b.context.newPage();
  await other.goto(url);
  await waitStatus(other, /Evaluated/);
  assert.equal((await editorText(other)).trim(), text.trim());
  assert.match(await outputText(other), /name: shared/);
  await other.close();
});

test("Copy as command copies the command line", async () => {
  const { page } = b;
  await waitStatus(page, /^Evaluated/);
  await page.getByRole("button", { name: "Copy as command", exact: true }).click();
  await waitStatus(page, /Copied the command line/);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), "kubecfg show app.jsonnet");
});

test("after one visit the playground works offline", async () => {
  const { page, context } = b;
  await waitStatus(page, /^Evaluated/);
  await waitOffline(page);
  await context.setOffline(true);
  try {
    const other = await context.newPage();
    await other.goto(b.url + "#example=yakl-pod");
    await waitStatus(other, /^Evaluated/);
    await waitOutput(other, /kind: Pod/);
    await other.close();
  } finally {
    await context.setOffline(false);
  }
});

test("a new version is announced, never reloaded over the page", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "kubecfg-e2e-site-"));
  await cp(staticRoot, dir, { recursive: true });
  const own = await open({ root: dir });
  try {
    const { page } = own;
    await page.goto(own.url);
    await waitStatus(page, /^Evaluated/);
    await waitOffline(page);
    await page.reload();
    await waitStatus(page, /^Evaluated/);
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 10000 });
    // A new build: index.html changes, and the build's last step keys the
    // service worker's list to it.
    const index = path.join(dir, "index.html");
    await writeFile(index, (await readFile(index, "utf8")).replace("</body>", "<!-- new build -->\n</body>"));
    await seal(dir);
    const unsaved = "{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'unsaved' } } }\n";
    await setSource(page, unsaved);
    const other = await own.context.newPage(); // a navigation makes the worker look for an update
    await other.goto(own.url);
    await page.getByRole("button", { name: "Reload to update" }).waitFor({ timeout: 20000 });
    // The status line says it once; later runs may replace that text, so the
    // lasting notice is the button and its description.
    assert.match(await page.getByRole("button", { name: "Reload to update" }).getAttribute("title"), /new version/);
    assert.equal((await editorText(page)).trim(), unsaved.trim(), "the page was not reloaded");
    await other.close();
    assert.deepEqual(own.errors.map(String), []);
  } finally {
    await own.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test("the features table shows the rc file as SOURCE, live", async () => {
  const { page } = b;
  await waitStatus(page, /^Evaluated/);
  await loadExample(page, "An rc file");
  await waitOutput(page, /replicas: 2/);
  await openPane(page, "Features");
  const row = page.locator("tr[data-name=yakl]");
  assert.match(await row.innerText(), /alpha\s+off\s+on\s+\.kubecfgrc\.jsonnet/);
  await afterRun(page, () => page.getByRole("checkbox", { name: "yakl", exact: true }).uncheck());
  assert.match(await row.innerText(), /alpha\s+off\s+off\s+--features/);
  assert.match(await page.locator("#command-line").textContent(), /--features=yakl=false/);
  await afterRun(page, () => page.getByRole("button", { name: "reset yakl to its default" }).click());
  assert.match(await row.innerText(), /\.kubecfgrc\.jsonnet/);
});

test("embed.js turns a docs block into a live snippet", async (t) => {
  const after = (fn) => t.after(fn);
  const { page } = b;
  const code = "{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'embedded' } } }";
  // A docs page on another origin (another port of 127.0.0.1).
  const docs = http.createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><title>docs</title><h1>Docs</h1>
<pre data-kubecfg="app.jsonnet">${code}</pre>
<p>after</p>
<script src="${b.url}embed.js"></script>`);
  });
  await new Promise((r) => docs.listen(0, "127.0.0.1", r));
  after(() => new Promise((r) => { docs.closeAllConnections(); docs.close(r); }));
  await page.goto(`http://127.0.0.1:${docs.address().port}/docs.html`);
  const frameEl = page.locator(".kubecfg-embed iframe");
  await frameEl.waitFor();
  assert.equal(await page.locator("pre[data-kubecfg]").count(), 0);
  const frame = page.frameLocator(".kubecfg-embed iframe");
  await frame.getByRole("status").filter({ hasText: /Evaluated/ }).waitFor({ timeout: 30000 });
  assert.match(await frame.locator("#output-view .cm-content").innerText(), /name: embedded/);
  assert.match(await frame.getByLabel("Editor", { exact: true }).innerText(), /embedded/);
  // The frame is sized to its content.
  await page.waitForFunction(() => {
    const f = document.querySelector(".kubecfg-embed iframe");
    const inner = f.contentDocument; // cross-origin: null
    return inner === null && parseInt(f.style.height, 10) > 100;
  });
  // Editing in the snippet re-evaluates it.
  await frame.getByLabel("Editor", { exact: true }).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(code.replace("embedded", "edited"));
  await frame.locator("#output-view .cm-content").filter({ hasText: "name: edited" }).waitFor({ timeout: 20000 });
  // "Open in playground" carries the snippet as edited.
  const link = frame.getByRole("link", { name: "Open in playground" });
  let href = "";
  for (let i = 0; i < 50 && !(href = await link.getAttribute("href")).includes("#s="); i++) await new Promise((r) => setTimeout(r, 100));
  assert.ok(href.startsWith(b.url) && href.includes("#s="), href);
  const full = await b.context.newPage();
  await full.goto(href);
  await waitStatus(full, /Evaluated/);
  assert.match(await editorText(full), /name: 'edited'/);
  assert.match(await outputText(full), /name: edited/);
  await full.close();
  // A program that kills the engine: the snippet says why (internal/fatal's
  // sentence, as the CLI) and the next edit runs on a fresh engine.
  await frame.getByLabel("Editor", { exact: true }).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText("local o = { a: $ };\n{ r: o == o }\n");
  await frame.getByRole("status").filter({ hasText: /^Evaluation overflowed the stack and was stopped: .*; started a fresh engine\.$/ }).waitFor({ timeout: 30000 });
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(code.replace("embedded", "revived"));
  await frame.locator("#output-view .cm-content").filter({ hasText: "name: revived" }).waitFor({ timeout: 20000 });
});

test("what users type is text, never HTML", async () => {
  const { page } = b;
  await waitStatus(page, /^Evaluated/);
  const evil = "<img src=x onerror=\"window.__pwned=1\">";
  // A shared link with a hostile file name, content and error text.
  const state = {
    files: { [`${evil}.jsonnet`]: `error '${evil}'\n` },
    entry: `${evil}.jsonnet`,
    controls: { command: "show", expr: "", output: "yaml", features: {}, alpha: false, vars: {} },
  };
  const frag = await page.evaluate(async (s) => {
    const data = new TextEncoder().encode(JSON.stringify(s));
    const stream = new Blob([data]).stream().pipeThrough(new CompressionStream("deflate-raw"));
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
  }, state);
  const other = await b.context.newPage();
  await other.goto(`${b.url}#s=${frag}`);
  await waitStatus(other, /^Failed/);
  assert.match(await errorsText(other), /<img src=x/);
  assert.equal(await other.locator("img:not(.cm-widgetBuffer)").count(), 0); // (CodeMirror pads widgets, the Expression box's placeholder, with empty images)
  assert.equal(await other.evaluate(() => window.__pwned), undefined);
  assert.match(await other.getByRole("tablist", { name: "Files" }).innerText(), /<img src=x/);
  await other.close();
});

test("files dropped in are added; the workspace downloads as txtar and zip", async () => {
  const { page } = b;
  await waitStatus(page, /^Evaluated/);
  const archive = "dropped\n-- extra/a.libsonnet --\n{ a: 1 }\n-- extra/b.libsonnet --\n{ b: 2 }\n";
  await page.evaluate((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], "more.txtar", { type: "text/plain" }));
    dt.items.add(new File(["{}\n"], "plain.jsonnet", { type: "text/plain" }));
    const panel = document.getElementById("editor-panel");
    panel.dispatchEvent(new DragEvent("dragover", { dataTransfer: dt, bubbles: true, cancelable: true }));
    panel.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, archive);
  await waitStatus(page, /Added 3 files/);
  const tabs = await page.getByRole("tablist", { name: "Files" }).getByRole("tab").allInnerTexts();
  for (const want of ["extra/a.libsonnet", "extra/b.libsonnet", "plain.jsonnet"]) assert.ok(tabs.some((t) => t.includes(want)), `${want} in ${tabs}`);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download .txtar" }).click(),
  ]);
  assert.equal(download.suggestedFilename(), "workspace.txtar");
  const text = await readFile(await download.path(), "utf8");
  for (const want of ["-- app.jsonnet --", "-- lib.libsonnet --", "-- extra/a.libsonnet --\n{ a: 1 }\n", "-- plain.jsonnet --\n{}\n"]) assert.ok(text.includes(want), `${want} in\n${text}`);
  // The zip holds the same files (its format is checked in web/test).
  const [zipped] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download .zip" }).click(),
  ]);
  assert.equal(zipped.suggestedFilename(), "workspace.zip");
  const zip = await readFile(await zipped.path());
  assert.equal(zip.subarray(0, 4).toString("latin1"), "PK\x03\x04");
  for (const want of ["app.jsonnet", "lib.libsonnet", "extra/a.libsonnet", "{ a: 1 }\n", "plain.jsonnet"]) assert.ok(zip.includes(want), `${want} in the zip`);
});

test("a zip opens: its files and entry come back, an edit is replaced only when asked, binary files are refused", async () => {
  const { page } = b;
  await waitStatus(page, /^Evaluated/);
  const cm = (name) => `{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: '${name}' } } }\n`;
  const zip = (files) => Buffer.from(encodeZip(files, new Date(), "kubecfg playground workspace; entry: main.jsonnet\n"));
  const pick = (name, buffer) => afterRun(page, () => page.locator("#file-input").setInputFiles({ name, mimeType: "application/zip", buffer }));
  await pick("workspace.zip", zip({ "main.jsonnet": "import 'cm/one.libsonnet'\n", "cm/one.libsonnet": cm("from-zip") }));
  assert.match(await waitStatus(page, /Added 2 files; the entry is now main\.jsonnet\./), /^Evaluated/);
  await waitOutput(page, /name: from-zip/);
  const tabs = await page.getByRole("tablist", { name: "Files" }).getByRole("tab").allInnerTexts();
  assert.ok(tabs.some((t) => t.includes("main.jsonnet")) && tabs.some((t) => t.includes("cm/one.libsonnet")), String(tabs));

  // The same file with other text: the user is asked, and No keeps the edit.
  let asked = "";
  page.once("dialog", (d) => { asked = d.message(); d.dismiss(); });
  await page.locator("#file-input").setInputFiles({ name: "newer.zip", mimeType: "application/zip", buffer: zip({ "cm/one.libsonnet": cm("newer") }) });
  await waitStatus(page, /Kept your version of cm\/one\.libsonnet\./);
  assert.equal(asked, "Replace cm/one.libsonnet with the opened version?");
  assert.match(await outputText(page), /name: from-zip/);
  page.once("dialog", (d) => d.accept());
  await pick("newer.zip", zip({ "cm/one.libsonnet": cm("newer") }));
  await waitStatus(page, /Replaced cm\/one\.libsonnet\./);
  await waitOutput(page, /name: newer/);

  // The page's own download opens again as the same workspace.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download .zip" }).click()]);
  await page.locator("#file-input").setInputFiles({ name: "workspace.zip", mimeType: "application/zip", buffer: await readFile(await download.path()) });
  await waitStatus(page, /The workspace already has these files as opened\./);

  // A binary file and a hostile path are left out, and nothing changes.
  const before = await editorText(page);
  await page.locator("#file-input").setInputFiles([
    { name: "logo.png", mimeType: "image/png", buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff]) },
    { name: "evil.zip", mimeType: "application/zip", buffer: zip({ "../escape.jsonnet": "{}" }) },
  ]);
  await waitStatus(page, /Opened nothing\. Not opened: logo\.png \(it is not UTF-8 text\); evil\.zip: \.\.\/escape\.jsonnet \(its path is absolute or has \.\.\)/);
  assert.equal(await editorText(page), before);
  assert.deepEqual(b.errors, []);
});

test("every state of the page is a URL", async () => {
  const { page } = b;
  await waitStatus(page, /^Evaluated/);
  const text = "{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'in-url' } } }\n";
  await setSource(page, text);
  await page.getByLabel("Output format").selectOption("json");
  await page.waitForFunction(() => location.hash.startsWith("#s="));
  await page.waitForTimeout(800); // past the URL debounce
  const url = page.url();
  assert.match(url, /#s=[A-Za-z0-9_-]+$/);
  const elsewhere = await open(); // another profile: no saved workspace
  try {
    await elsewhere.page.goto(url.replace(/^http:\/\/127\.0\.0\.1:\d+\//, elsewhere.url));
    await waitStatus(elsewhere.page, /Evaluated/);
    assert.equal((await editorText(elsewhere.page)).trim(), text.trim());
    assert.equal(await elsewhere.page.getByLabel("Output format").inputValue(), "json");
    assert.match(await outputText(elsewhere.page), /"name": "in-url"/);
  } finally {
    await elsewhere.close();
  }
});

test("variables and --alpha are flags too", async () => {
  const { page } = b;
  await waitStatus(page, /^Evaluated/);
  await loadExample(page, "An rc file");
  await waitOutput(page, /replicas: 2/);
  await openPane(page, "Variables");
  await afterRun(page, () => page.getByLabel("--ext-code").fill("replicas=1 + 2"));
  assert.match(await page.locator("#command-line").textContent(), /--ext-code 'replicas=1 \+ 2'|--ext-code=?'?replicas=1 \+ 2/);
  await openPane(page, "Output");
  await waitOutput(page, /replicas: 3/);
  await openPane(page, "Features");
  await afterRun(page, () => page.getByLabel("--alpha").check());
  assert.match(await page.locator("tr[data-name=knit]").innerText(), /alpha\s+off\s+on\s+--alpha/);
  assert.match(await page.locator("tr[data-name=yakl]").innerText(), /\.kubecfgrc\.jsonnet/, "the rc file beats --alpha");
  assert.match(await page.locator("#command-line").textContent(), /--alpha/);
});

test("the editor completes the library's names", async () => {
  // A debounced run can redraw the editor while the list is open; the
  // interaction is tried up to three times before it counts as failed.
  await waitStatus(b.page, /^Evaluated/);
  for (let attempt = 1; ; attempt++) {
    try {
      await completeOnce();
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
});

async function completeOnce() {
  const { page } = b;
  await setSource(page, "local kubecfg = import 'kubecfg.libsonnet';\n");
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type("kubecfg.layouts.gvkN");
  const list = page.locator(".cm-tooltip-autocomplete");
  await list.waitFor();
  assert.deepEqual(await list.locator("li .cm-completionLabel").allInnerTexts(), ["gvkName", "gvkNsName"]);
  // Pick it with the keyboard; if a re-run redrew the list meanwhile,
  // pick it again from the list that is showing. CodeMirror ignores the
  // list's keys for its interactionDelay (75 ms) after the list (re)opens,
  // so that a key meant for the text is not taken by a list that just
  // appeared: on a loaded machine the ArrowDown came sooner, moved the
  // cursor and closed the list.
  await page.waitForTimeout(150);
  await page.keyboard.press("ArrowDown");
  await list.locator("li[aria-selected=true]", { hasText: "gvkNsName" }).waitFor();
  await page.keyboard.press("Enter");
  const done = () => page.waitForFunction(() => document.querySelector("[aria-label=Editor]").textContent.includes("kubecfg.layouts.gvkNsName"), null, { timeout: 3000 });
  if (!(await done().then(() => true, () => false)) && await list.isVisible()) {
    await list.locator("li", { hasText: "gvkNsName" }).click();
    await done().catch(() => {});
  }
  assert.match(await editorText(page), /kubecfg\.layouts\.gvkNsName/);
}

