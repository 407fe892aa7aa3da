// Issue 20's rough edges, each as a user meets it in Debian's Chromium:
// typing keeps the last good output, a new edit does not wait behind a
// slow run, the Time limit and the Stop button, the share box's outdated
// link, eval turning its feature on, a quiet live region, the YAKL
// mapping's scrolling, the engine's download shown, and the Expression
// box as a one-line editor.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { staticRoot } from "./server.mjs";
import { browserPerTest } from "./browser.mjs";
import { encodeFragment } from "../../web/src/share.js";
import { settleMs } from "../../web/src/status.js";
import { waitStatus, waitOutput, outputText, errorsText, setSource, afterRun, openPane } from "./helpers.mjs";

const openPage = browserPerTest();
let b;

// Minutes of work in little memory: only the watchdog or Stop ends it.
const slow = "std.foldl(function(a, i) a + std.foldl(function(b, j) b + j, std.range(1, 1000), 0), std.range(1, 100000), 0)\n";

async function start() {
  b = await openPage();
  await b.page.goto(b.url);
  await waitStatus(b.page, /^Evaluated/, 30000);
  return b.page;
}

test("a line typed key by key keeps the last good output, dimmed and marked stale, beside the error", async () => {
  const page = await start();
  const good = await outputText(page);
  const ed = page.getByLabel("Editor", { exact: true });
  await ed.locator(".cm-line").nth(4).click();
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  let blanked = 0;
  for (const key of "local x = ") {
    await afterRun(page, () => page.keyboard.type(key));
    if ((await outputText(page)).trim() === "") blanked++;
  }
  assert.equal(blanked, 0, "no keystroke blanked the output");
  assert.equal(await outputText(page), good);
  assert.ok(await page.locator("#output-view").evaluate((el) => el.classList.contains("stale")));
  assert.ok(await page.locator("#stale-note").isVisible());
  assert.match(await errorsText(page), /Expected , or ; but got end of file/);
  await afterRun(page, () => page.keyboard.type("1;"));
  await waitStatus(page, /^Evaluated/);
  assert.ok(!(await page.locator("#output-view").evaluate((el) => el.classList.contains("stale"))));
  assert.ok(await page.locator("#stale-note").isHidden());
});

// Order, not wall time (the machine may be loaded): with a 5 min limit,
// an edit that waited behind the slow run would get its output only after
// the watchdog stopped that run, so the test asks that the new output come
// with no "ran past" or "Stopped" status before it.
test("a new edit does not wait behind a slow run of the program it replaced", async () => {
  const page = await start();
  await page.getByLabel("Time limit").selectOption("300");
  await page.evaluate(() => {
    window.statuses = [];
    new MutationObserver(() => window.statuses.push(document.getElementById("status").textContent))
      .observe(document.getElementById("status"), { childList: true, characterData: true, subtree: true });
  });
  await setSource(page, slow);
  await waitStatus(page, /^Evaluating/);
  await page.waitForTimeout(800);
  await setSource(page, "{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'quick' } } }\n");
  await waitOutput(page, /name: quick/, 60000);
  const status = await waitStatus(page, /^Evaluated/);
  const seen = await page.evaluate(() => window.statuses);
  assert.deepEqual(seen.filter((s) => /ran past|^Stopped/.test(s)), [], "the slow run was not waited out");
  assert.doesNotMatch(status, /ran past/);
  assert.equal(await errorsText(page), "");
});

test("a long run counts its seconds against the Time limit; Stop ends it; the watchdog says how to raise the limit", async () => {
  const page = await start();
  assert.equal(await page.getByLabel("Time limit").inputValue(), "0");
  assert.equal(await page.getByLabel("Time limit").locator("option").first().textContent(), "5 s");
  assert.ok(await page.getByRole("button", { name: "Stop", exact: true }).isHidden());
  await setSource(page, slow);
  await waitStatus(page, /^Evaluating… 1 s of the 5 s limit\.$/, 10000);
  const stop = page.getByRole("button", { name: "Stop", exact: true });
  await stop.waitFor();
  await stop.click();
  const said = await waitStatus(page, /^Stopped at your request after [\d.]+ s; started a fresh engine\.$/);
  assert.doesNotMatch(said, /Time limit/);
  assert.ok(await stop.isHidden());
  // A raised limit is kept with the workspace and used by the next run.
  await page.getByLabel("Time limit").selectOption("10");
  await afterRun(page, () => page.getByRole("button", { name: /^Run/ }).click(), 30000);
  const stopped = await waitStatus(page, /ran past/, 1000);
  assert.match(stopped, /^Stopped: the evaluation ran past 10 s; started a fresh engine\. A program that needs longer is not a runaway: raise the Time limit next to Run\.$/);
  assert.match(await errorsText(page), /raise the Time limit/);
  await page.reload();
  await waitStatus(page, /ran past 10 s|^Evaluating/, 30000);
  assert.equal(await page.getByLabel("Time limit").inputValue(), "10");
});

test("the share box says when its link is to an earlier version", async () => {
  const page = await start();
  await page.getByRole("button", { name: "Share", exact: true }).click();
  const url = page.getByLabel("Share link");
  await url.waitFor();
  await page.waitForFunction(() => document.getElementById("share-url").value !== "");
  const note = page.locator("#share-note");
  assert.ok(await note.isHidden());
  await afterRun(page, () => setSource(page, "{}\n"));
  assert.ok(await note.isVisible());
  assert.match(await note.innerText(), /earlier version of the workspace: press Share again/);
  assert.match(await url.getAttribute("aria-describedby"), /share-note/);
  await page.getByRole("button", { name: "Share", exact: true }).click();
  await note.waitFor({ state: "hidden" });
});

test("choosing the eval command turns its feature on, and says so", async () => {
  const page = await start();
  await afterRun(page, () => page.getByLabel("Command").selectOption("eval"));
  const status = await waitStatus(page, /^Evaluated/);
  assert.match(status, /turned it on \(--features=eval/);
  assert.match(await page.locator("#command-line").textContent(), /--features=eval/);
  await openPane(page, "Features");
  const row = page.locator("#features-table tr", { has: page.locator("td", { hasText: /^eval$/ }) });
  assert.ok(await row.getByRole("checkbox").isChecked());
});

test("the live region is told a run's result once typing settles, not at every keystroke", async () => {
  const page = await start();
  const live = page.getByRole("status");
  assert.equal(await live.getAttribute("aria-live"), "polite");
  assert.equal(await page.locator("#status").getAttribute("role"), null, "the visible line is not live");
  await page.evaluate(() => {
    window.announced = [];
    new MutationObserver(() => window.announced.push(document.getElementById("announce").textContent))
      .observe(document.getElementById("announce"), { childList: true, characterData: true, subtree: true });
  });
  const ed = page.getByLabel("Editor", { exact: true });
  await ed.locator(".cm-line").nth(4).click();
  await page.keyboard.press("End");
  // Keys 60 ms apart; a loaded machine may leave longer gaps, and a gap of
  // settleMs is a pause the page may speak in, so the bound is one
  // announcement per such pause (not one per keystroke), plus the last.
  const typed = "  // a comment typed key by key";
  const at = [];
  for (const key of typed) {
    await page.keyboard.type(key, { delay: 60 });
    at.push(Date.now());
  }
  await page.waitForTimeout(1600);
  const said = await page.evaluate(() => window.announced);
  const pauses = at.slice(1).filter((t, i) => t - at[i] >= settleMs - 100).length;
  assert.ok(said.length <= pauses + 1, `announced ${said.length} times over ${typed.length} keys and ${pauses} pauses: ${JSON.stringify(said)}`);
  // A failure is news.
  await page.keyboard.press("Enter");
  await page.keyboard.type("}");
  await page.waitForFunction(() => /^Failed/.test(document.getElementById("announce").textContent), null, { timeout: 5000 });
});

test("the YAKL mapping scrolls the other pane to the mapped line", async () => {
  b = await openPage({ viewport: { width: 1400, height: 700 } });
  const { page } = b;
  const keys = Array.from({ length: 120 }, (_, i) => `  key${i}: value-${i}`).join("\n");
  const files = { "pod.yakl": `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: many\ndata:\n${keys}\n` };
  const snap = { files, entry: "pod.yakl", controls: { command: "eval", expr: "", output: "jsonnet", features: { eval: true, yakl: true }, alpha: false, vars: {} }, version: "" };
  await page.goto(`${b.url}#s=${await encodeFragment(snap)}`);
  await waitStatus(page, /^Evaluated/, 30000);
  const scroller = page.locator("#output-view .cm-scroller");
  assert.equal(await scroller.evaluate((el) => el.scrollTop), 0);
  const ed = page.getByLabel("Editor", { exact: true });
  await page.locator("#editor-panel .cm-scroller").evaluate((el) => { el.scrollTop = el.scrollHeight; });
  const last = ed.locator(".cm-line", { hasText: "key118: value-118" });
  await last.hover();
  await page.waitForFunction(() => document.querySelector("#output-view .cm-scroller").scrollTop > 0);
  const mapped = page.locator("#output-view .cm-mapped-line");
  await mapped.waitFor();
  assert.match(await mapped.innerText(), /key118/);
  assert.ok(await mapped.isVisible());
  const box = await mapped.boundingBox();
  const pane = await scroller.boundingBox();
  assert.ok(box.y >= pane.y && box.y + box.height <= pane.y + pane.height, "the mapped line is on screen");
});

test("on a slow network the page shows the engine's download", async () => {
  b = await openPage();
  const { page } = b;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 40, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 });
  // A link's workspace: the build has no answer to paint for it.
  const snap = { files: { "main.jsonnet": "{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'slow-net' } } }\n" }, entry: "main.jsonnet", controls: { command: "show", expr: "", output: "yaml", features: {}, alpha: false, vars: {} }, version: "" };
  await page.goto(`${b.url}?nosw#s=${await encodeFragment(snap)}`);
  const bar = page.locator("#engine-progress");
  await bar.waitFor({ timeout: 20000 });
  await page.waitForFunction(() => /^Downloading the engine: [\d.]+ of 1\d\.\d MB \(\d+%\)…/.test(document.getElementById("engine-progress").textContent.trim()), null, { timeout: 20000 });
  assert.match(await page.locator("#status").textContent(), /^Downloading the engine: /);
  const value = await bar.locator("progress").evaluate((el) => el.value);
  assert.ok(value > 0, "the progress bar moves");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await waitOutput(page, /name: slow-net/, 60000);
  assert.ok(await bar.isHidden());
});

test("the Expression box is a one-line Jsonnet editor with completion", async () => {
  const page = await start();
  await afterRun(page, () => page.getByLabel("Command").selectOption("eval"));
  const expr = page.getByLabel("Expression", { exact: true });
  assert.equal(await expr.isDisabled(), false);
  await expr.click();
  await page.keyboard.type("kubecfg.fo");
  const option = page.locator(".cm-tooltip-autocomplete li", { hasText: "fold" });
  await option.waitFor({ timeout: 5000 });
  await page.keyboard.press("Escape");
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText("std.length(\n$)");
  assert.equal(await expr.innerText(), "std.length( $)", "a line break becomes a space");
  await afterRun(page, () => page.keyboard.press("Enter"));
  await waitOutput(page, /^2$/m);
  assert.ok(await page.locator("#expr .cm-editor span[class]").count() > 0, "the expression is highlighted");
});

test("a click whose code is a chunk still loading waits for it (web/src/lazy.js)", async () => {
  b = await openPage();
  const { page } = b;
  // The chunks split off the main bundle are held back until released:
  // the lazy ones, not a chunk main.js imports statically (code it shares
  // with a lazy module), which the page needs to start.
  const index = await readFile(path.join(staticRoot, "index.html"), "utf8");
  const main = /src="(dist\/main-[^"]+\.js)"/.exec(index)[1];
  const eager = new Set([...(await readFile(path.join(staticRoot, main), "utf8")).matchAll(/from\s*"\.\/([^"]+\.js)"/g)].map((m) => m[1]));
  const held = [];
  let release = null;
  const released = new Promise((resolve) => { release = resolve; });
  await page.route((url) => {
    const m = /\/dist\/((?:chunk|txtar|open|zip|inflate|export)-[^/]*\.js)$/.exec(url.pathname);
    return !!m && !eager.has(m[1]);
  }, async (route) => {
    held.push(route.request().url());
    await released;
    await route.continue();
  });
  await page.goto(`${b.url}?nosw`); // the service worker's own fetches pass no route
  await waitStatus(page, /^Evaluated/, 30000);
  for (let i = 0; i < 100 && !held.length; i++) await page.waitForTimeout(50);
  assert.ok(held.length > 0, "the page asks for its chunks after the first result");
  const downloaded = page.waitForEvent("download", { timeout: 20000 });
  await page.getByRole("button", { name: "Download .txtar" }).click();
  // Typing goes on meanwhile.
  await page.getByLabel("Editor", { exact: true }).locator(".cm-line").first().click();
  await page.keyboard.press("End");
  await page.keyboard.type(" // typed while the chunk loads");
  release();
  const download = await downloaded;
  assert.equal(download.suggestedFilename(), "workspace.txtar");
  const text = await readFile(await download.path(), "utf8");
  assert.match(text, /-- app\.jsonnet --/);
  assert.match(await page.getByLabel("Editor", { exact: true }).textContent(), /typed while the chunk loads/);
});
