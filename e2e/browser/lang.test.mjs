// Issue 21, "The editor understands Jsonnet", in Debian's Chromium: the
// language service's worker (static/kubecfg-lang.wasm) answers the
// editor's completion, hover, F12, Format and lint, and starts only after
// the page's first result.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browserPerTest } from "./browser.mjs";
import { waitStatus, setSource, editorText } from "./helpers.mjs";

const openPage = browserPerTest();
let b;

const editor = (page) => page.getByLabel("Editor", { exact: true });

// start opens the page on the default example and waits for its result
// and for the language worker.
async function start() {
  b = await openPage();
  const { page } = b;
  const wasm = [];
  page.on("request", (r) => { if (r.url().endsWith(".wasm") || r.url().includes(".wasm?")) wasm.push({ url: new URL(r.url()).pathname, at: Date.now() }); });
  await page.goto(b.url);
  const evaluated = await page.waitForFunction(() => /^Evaluated/.test(document.getElementById("status").textContent), null, { timeout: 30000 })
    .then(() => Date.now());
  await waitLang(page);
  return { page, wasm, evaluated };
}

// waitLang waits until the language worker answers.
async function waitLang(page) {
  await page.waitForFunction(() => performance.getEntriesByName("kubecfg:lang-ready").length > 0, null, { timeout: 30000 });
}

// typeAtLine puts the cursor at the end of line n and types text.
async function typeAtLine(page, n, text) {
  await editor(page).click();
  await page.keyboard.press("ControlOrMeta+Home");
  for (let i = 1; i < n; i++) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("End");
  await page.keyboard.type(text, { delay: 20 });
}

// options are the labels of the completion list, once it shows.
async function options(page, want = []) {
  const list = page.locator(".cm-tooltip-autocomplete");
  await list.waitFor({ timeout: 10000 });
  // A list opened a keystroke early (at "kubecfg" before the ".") is
  // replaced when the answer for the whole text comes: wait for that one.
  await page.waitForFunction((want) => {
    const labels = [...document.querySelectorAll(".cm-tooltip-autocomplete .cm-completionLabel")].map((l) => l.textContent);
    return want.every((w) => labels.includes(w));
  }, want, { timeout: 10000 }).catch(() => {});
  return list.locator(".cm-completionLabel").allInnerTexts();
}

test("the language worker starts after the first result", async () => {
  const { wasm, evaluated } = await start();
  const lang = wasm.filter((w) => w.url === "/kubecfg-lang.wasm");
  assert.equal(lang.length, 1, `wasm requests: ${JSON.stringify(wasm)}`);
  assert.ok(lang[0].at >= evaluated - 50, "kubecfg-lang.wasm was requested before the first result");
});

test("typing lib. offers deployment and service; kubecfg. offers fold", async () => {
  const { page } = await start();
  // Line 9 of the default example is "  service: lib.service(name, port=80),".
  await typeAtLine(page, 9, "\n  x: lib.");
  const libs = await options(page, ["deployment", "service"]);
  assert.ok(libs.includes("deployment") && libs.includes("service"), `offered: ${libs}`);
  await page.keyboard.press("Escape");
  await page.keyboard.type("deployment('a', 'b'),\n  y: kubecfg.", { delay: 20 });
  const kc = await options(page, ["fold", "resolveImage"]);
  assert.ok(kc.includes("fold") && kc.includes("resolveImage"), `offered: ${kc}`);
});

test("no completion pops up inside a comment", async () => {
  const { page } = await start();
  // Line 1 is the comment "// A web app: a Deployment and its Service."
  await typeAtLine(page, 1, " see lib.");
  await page.waitForTimeout(1000);
  assert.equal(await page.locator(".cm-tooltip-autocomplete").count(), 0, "a completion list opened in a comment");
  // Ctrl-Space there offers nothing either.
  await page.keyboard.press("Control+Space");
  await page.waitForTimeout(700);
  assert.equal(await page.locator(".cm-tooltip-autocomplete").count(), 0);
});

test("hovering std.length shows its doc", async () => {
  const { page } = await start();
  await setSource(page, "local s = 'abc';\n{ n: std.length(s) }\n");
  await page.waitForTimeout(300);
  const at = await page.evaluate(() => {
    const view = document.querySelector("#editor-panel .cm-editor");
    const line = [...view.querySelectorAll(".cm-line")].find((l) => l.textContent.includes("std.length"));
    const range = document.createRange();
    const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
    let n, off = 0;
    const target = line.textContent.indexOf("length") + 2;
    while ((n = walker.nextNode())) {
      if (off + n.length > target) { range.setStart(n, target - off); range.setEnd(n, target - off + 1); break; }
      off += n.length;
    }
    const r = range.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
  await page.mouse.move(at.x, at.y);
  const tip = page.locator(".cm-lang-hover");
  await tip.waitFor({ timeout: 10000 });
  const text = await tip.innerText();
  assert.match(text, /std\.length\(x\)/);
  assert.match(text, /number of elements/);
});

test("F12 on lib opens lib.libsonnet; on kubecfg shows the library read-only", async () => {
  const { page } = await start();
  // Line 2: "local lib = import 'lib.libsonnet';": the cursor on "lib".
  await editor(page).click();
  await page.keyboard.press("ControlOrMeta+Home");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Home");
  for (let i = 0; i < 7; i++) await page.keyboard.press("ArrowRight");
  await page.keyboard.press("F12");
  await page.waitForFunction(() => document.querySelector("#file-tabs [aria-selected=true]")?.dataset.path === "lib.libsonnet", null, { timeout: 10000 });
  assert.match(await editorText(page), /labels\(name\)::/);
  // Back to app.jsonnet; Ctrl-click on kubecfg (line 3) shows kubecfg.libsonnet.
  await page.locator("#file-tabs [role=tab]", { hasText: "app.jsonnet" }).click();
  const line3 = page.locator(".cm-line", { hasText: "local kubecfg" }).first();
  const box = await line3.boundingBox();
  await page.keyboard.down("Control");
  await page.mouse.click(box.x + 60, box.y + box.height / 2);
  await page.keyboard.up("Control");
  const lib = page.getByRole("dialog", { name: "kubecfg.libsonnet (read-only)" });
  await lib.waitFor({ timeout: 10000 });
  assert.match(await lib.innerText(), /kubecfg's built-in library/);
  await lib.getByRole("button", { name: "Close" }).click();
  assert.equal(await lib.count(), 0);
});

test("the Format button formats a badly indented file; a file that does not parse is left as it is", async () => {
  const { page } = await start();
  await setSource(page, "{\n      a: 1,\n  b: [1,2],\n        c: { d: 'x' }\n}\n");
  await page.getByRole("button", { name: "Format" }).click();
  await page.waitForFunction(() => document.querySelector("#editor-panel .cm-content").innerText.includes("b: [1, 2],"), null, { timeout: 10000 });
  assert.equal((await editorText(page)).trim(), "{\n  a: 1,\n  b: [1, 2],\n  c: { d: 'x' },\n}");
  // The shortcut, on a file that does not parse.
  await setSource(page, "{ a: 1,\n");
  await editor(page).click();
  await page.keyboard.press("Shift+Alt+F");
  await waitStatus(page, /does not parse, so it is not formatted/);
  assert.equal((await editorText(page)).trim(), "{ a: 1,");
});

test("an unused local gets a warning squiggle that names it", async () => {
  const { page } = await start();
  await setSource(page, "local unusedThing = 1;\nlocal lib = import 'lib.libsonnet';\n{ svc: lib.service('a', 80) }\n");
  const warn = page.locator(".cm-lintRange-warning");
  await warn.first().waitFor({ timeout: 10000 });
  await warn.first().hover();
  const tip = page.locator(".cm-tooltip-lint");
  await tip.waitFor({ timeout: 10000 });
  assert.match(await tip.innerText(), /Unused variable: unusedThing/);
  // The evaluation's own errors stay errors.
  assert.equal(await page.locator(".cm-lintRange-error").count(), 0);
});
