// The page's links, start-up and status line in Debian's Chromium: a link
// pasted into a tab where the playground is open, links on a first visit
// (no help modal over them), a dead short link's banner and 404, the
// status line's slots, and what a shared state may carry.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browserPerTest } from "./browser.mjs";
import { mkdtemp, mkdir, writeFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { encodeFragment } from "../../web/src/share.js";
import { toBase64url } from "../../web/src/base64url.js";
import { examples } from "../../web/src/examples.js";
import { waitStatus, waitOutput, outputText, setSource, afterRun, waitOffline, waitMark, postSnippet } from "./helpers.mjs";

const openPage = browserPerTest();

const cm = (name) => `{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: '${name}' } } }\n`;
const snap = (name, controls = { command: "show", output: "yaml" }) =>
  ({ files: { "main.jsonnet": cm(name) }, entry: "main.jsonnet", controls, version: "" });

test("a #s= or #example= link pasted into an open tab loads, keeping the workspace under Restore previous workspace", async () => {
  const b = await openPage();
  const { page } = b;
  await page.goto(b.url);
  await waitStatus(page, /^Evaluated/, 30000);
  await afterRun(page, () => setSource(page, cm("mine")));
  await page.waitForTimeout(800); // the autosave
  // The address bar gets a link, as a paste there does: same document.
  const frag = await encodeFragment(snap("linked"));
  await afterRun(page, () => page.evaluate((f) => { location.hash = `s=${f}`; }, frag));
  await waitOutput(page, /name: linked/);
  await waitStatus(page, /Loaded the shared workspace\. Your previous workspace is kept/);
  assert.equal(await page.locator("#restore").isVisible(), true);
  await afterRun(page, () => page.evaluate(() => { location.hash = "example=yakl-pod"; }));
  await waitOutput(page, /kind: Pod/);
  assert.equal(await page.getByLabel("Example").inputValue(), "yakl-pod");
  // Restore goes back to the one before the link (the link's was never changed, so not kept).
  await afterRun(page, () => page.locator("#restore").click());
  await waitOutput(page, /name: mine/);
});

test("an open embed follows a pasted link", async () => {
  const b = await openPage();
  const { page } = b;
  await page.goto(`${b.url}embed#s=${await encodeFragment(snap("first"))}`);
  await page.waitForFunction(() => /name: first/.test(document.querySelector("#output-view .cm-content")?.innerText || ""), null, { timeout: 30000 });
  const frag = await encodeFragment(snap("second"));
  await page.evaluate((f) => { location.hash = `s=${f}`; }, frag);
  await page.waitForFunction(() => /name: second/.test(document.querySelector("#output-view .cm-content").innerText), null, { timeout: 30000 });
  // One opened on a broken link starts on the next.
  await page.goto("about:blank");
  await page.goto(`${b.url}embed#s=broken!`);
  await page.waitForFunction(() => document.querySelector("#status").classList.contains("bad"), null, { timeout: 30000 });
  await page.evaluate((f) => { location.hash = `s=${f}`; }, frag);
  await page.waitForFunction(() => /name: second/.test(document.querySelector("#output-view .cm-content")?.innerText || ""), null, { timeout: 30000 });
  assert.equal(await page.locator("#errors").isVisible(), false);
});

test("a short link keeps /s/ID in the address until an edit", async () => {
  const b = await openPage();
  const { page } = b;
  const url = await postSnippet(b.url, snap("short"));
  await page.goto(new URL(url, b.url).href);
  await waitOutput(page, /name: short/);
  await page.waitForTimeout(800); // past the address's update after a change
  assert.equal(new URL(page.url()).pathname, url);
  await afterRun(page, () => setSource(page, cm("edited")));
  await page.waitForFunction(() => location.hash.startsWith("#s="), null, { timeout: 5000 });
  assert.equal(new URL(page.url()).pathname, "/");
});

test("a short link: the boot script paints the snippet's file and tabs, and the engine's answer before main.js's editors", async () => {
  const b = await openPage();
  const { page } = b;
  const two = { files: { "main.jsonnet": `(import 'lib.libsonnet') + ${cm("painted")}`, "lib.libsonnet": "{}\n" }, entry: "main.jsonnet", controls: { command: "show", output: "yaml" }, version: "" };
  const url = await postSnippet(b.url, two);
  // What the blocks held when the boot script marked the engine's answer.
  await page.addInitScript(() => {
    const mark = performance.mark.bind(performance);
    performance.mark = (name, opts) => {
      if (name === "kubecfg:first-engine-result" && opts?.detail?.by === "boot") {
        globalThis.bootSaw = {
          source: document.querySelector("#editor-panel > .prerendered")?.textContent,
          output: document.querySelector("#output-view > .prerendered")?.textContent,
          tabs: [...document.querySelectorAll("#file-tabs [role=tab]")].map((t) => t.textContent),
          editors: !!document.querySelector("#editor-panel .cm-content"),
        };
      }
      return mark(name, opts);
    };
  });
  await page.goto(new URL(url, b.url).href);
  await waitOutput(page, /name: painted/);
  const m = await page.evaluate(() => Object.fromEntries(["kubecfg:early-paint", "kubecfg:main-go", "kubecfg:first-engine-result"].map((n) => [n, performance.getEntriesByName(n)[0]?.detail])));
  assert.equal(m["kubecfg:early-paint"].from, "snippet");
  // On a machine too busy for the engine to answer in 3 s, main.js goes on (and shows it).
  assert.ok(["answer", "timeout"].includes(m["kubecfg:main-go"]), m["kubecfg:main-go"]);
  if (m["kubecfg:main-go"] === "answer") {
    const saw = await page.evaluate(() => globalThis.bootSaw);
    assert.equal(saw.editors, false, "before main.js's editors");
    assert.equal(saw.source, two.files["main.jsonnet"]);
    assert.match(saw.output, /name: painted/);
    assert.equal((await outputText(page)).trimEnd(), saw.output.trimEnd(), "main.js shows the same answer");
    assert.equal(saw.tabs.length, 2, JSON.stringify(saw.tabs));
  }
  assert.equal(await page.evaluate(() => performance.getEntriesByName("kubecfg:update").length), 1, "main.js's first run took the early run's answer");
});

test("the boot script opens the saved workspaces' database and fetches a short link's snippet, each once, before main.js runs", async () => {
  const b = await openPage();
  const { page } = b;
  const url = await postSnippet(b.url, snap("early"));
  // Each indexedDB.open and each fetch of a snippet, with when it was made.
  await page.addInitScript(() => {
    globalThis.earlyCalls = [];
    const open = IDBFactory.prototype.open;
    IDBFactory.prototype.open = function (...args) {
      earlyCalls.push({ what: "open", at: performance.now() });
      return open.apply(this, args);
    };
    const f = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      if (/api\/snippets\//.test(String(input))) earlyCalls.push({ what: "snippet", at: performance.now() });
      return f(input, init);
    };
  });
  await page.goto(new URL(url, b.url).href);
  await waitOutput(page, /name: early/);
  const { calls, mainStart } = await page.evaluate(() => ({ calls: earlyCalls, mainStart: performance.getEntriesByName("kubecfg:main-start")[0]?.startTime }));
  assert.ok(mainStart > 0, "no kubecfg:main-start mark");
  for (const what of ["open", "snippet"]) {
    const made = calls.filter((c) => c.what === what);
    assert.equal(made.length, 1, `${what}: ${JSON.stringify(calls)}`);
    assert.ok(made[0].at < mainStart, `${what} at ${made[0].at} ms, main.js at ${mainStart} ms`);
  }
});

test("a first visit on a link gets a dismissible New here? line, not the help modal; a plain first visit gets the modal", async () => {
  const b = await openPage({ firstVisit: true });
  const { page } = b;
  // When the line came, and the page's layout shifts.
  await page.addInitScript(() => {
    globalThis.shifts = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) shifts.push(e.sources.map((x) => x.node?.id || x.node?.className || "?").join(",")); }).observe({ type: "layout-shift", buffered: true });
    new MutationObserver((_, w) => {
      if (!document.querySelector(".new-here")) return;
      globalThis.lineAt = performance.now();
      w.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${b.url}#example=yakl-pod`);
  await waitStatus(page, /^Evaluated/, 30000);
  assert.equal(await page.locator("#help-dialog").evaluate((d) => d.open), false, "no modal over the link");
  const line = page.getByRole("note").filter({ hasText: "New here?" });
  assert.equal(await line.isVisible(), true);
  assert.equal(await page.locator(".new-here").count(), 1, "one line (the boot script's; main.js adds none)");
  const early = await page.evaluate(() => ({ lineAt: globalThis.lineAt, mainStart: performance.getEntriesByName("kubecfg:main-start")[0].startTime, shifts: globalThis.shifts }));
  assert.ok(early.lineAt < early.mainStart, `the line at ${early.lineAt} ms, main.js at ${early.mainStart} ms`);
  assert.deepEqual(early.shifts.filter((x) => /controls|panes/.test(x)), [], "the line moved nothing when it came");
  await line.getByRole("button", { name: "What is this playground?" }).click();
  assert.equal(await page.locator("#help-dialog").evaluate((d) => d.open), true);
  assert.equal(await line.count(), 0);
  await page.keyboard.press("Escape");
  // Seen: the next visit (to /) opens nothing.
  await page.goto(b.url);
  await waitStatus(page, /^Evaluated/, 30000);
  assert.equal(await page.locator("#help-dialog").evaluate((d) => d.open), false);
  assert.equal(await page.getByRole("note").filter({ hasText: "New here?" }).count(), 0);

  const c = await openPage({ firstVisit: true });
  await c.page.goto(c.url);
  await c.page.waitForFunction(() => document.querySelector("#help-dialog").open, null, { timeout: 30000 });
});

test("a dead short link is a banner and a 404, on a first visit with no modal", async () => {
  const b = await openPage({ firstVisit: true });
  const { page } = b;
  const resp = await page.goto(`${b.url}s/RBNvo1WzZ4oRRq0W9-hkng`);
  assert.equal(resp.status(), 404);
  const alert = page.locator(".page-banner[role=alert]");
  await alert.waitFor({ timeout: 30000 });
  assert.match(await alert.innerText(), /The shared snippet was not found\. Showing the first example/);
  assert.equal(await page.locator("#help-dialog").evaluate((d) => d.open), false);
  await waitStatus(page, /^Evaluated/, 30000);
  await alert.getByRole("button", { name: "Dismiss" }).click();
  assert.equal(await alert.count(), 0);
});

test("the status line: a notice in its own slot, good news not red, Share's offline long link said", async () => {
  const b = await openPage();
  const { page } = b;
  await page.goto(b.url);
  await waitStatus(page, /^Evaluated/, 30000);
  await afterRun(page, () => page.getByLabel("Example").selectOption({ label: "A YAKL Pod (RFC06)" }));
  const run = page.locator("#status .status-run");
  const notice = page.locator("#status .status-notice");
  assert.match(await run.textContent(), /^Evaluated in [\d.]+ ms\.$/);
  assert.match(await notice.textContent(), /^Loaded the example/);
  assert.notEqual(await run.evaluate((e) => getComputedStyle(e).color), await page.evaluate(() => getComputedStyle(document.body).getPropertyValue("--error")));
  assert.doesNotMatch(await notice.getAttribute("class"), /bad/);
  assert.doesNotMatch(await run.getAttribute("class"), /bad/);
  // Share with the share service unreachable: a long link, and it says so.
  await page.route("**/api/snippets", (route) => route.abort());
  await page.locator("#share").click();
  await waitStatus(page, /Copied a long link: the share service could not be reached/);
  assert.match(await page.locator("#share-url").inputValue(), /#s=/);
  assert.match(await page.locator("#share-size").innerText(), /No short link/);
});

test("the status line says the full engine started, with no size that reads as the download's", async () => {
  const b = await openPage();
  const { page } = b;
  await page.goto(b.url);
  await waitStatus(page, /^Evaluated/, 30000);
  const said = [];
  await page.exposeFunction("saw", (t) => said.push(t));
  await page.evaluate(() => new MutationObserver(() => globalThis.saw(document.querySelector("#status").textContent))
    .observe(document.querySelector("#status"), { subtree: true, childList: true, characterData: true }));
  // A trace needs the full engine: click an output line.
  await page.getByRole("tabpanel", { name: "Output" }).locator(".cm-line").nth(1).click();
  await page.keyboard.press("ControlOrMeta+Shift+Enter");
  await waitStatus(page, /Started the full engine\./, 60000);
  assert.ok(said.some((t) => /Loading the full engine \(where a line comes from is traced by it\)/.test(t)), said.join("\n"));
  assert.ok(!said.some((t) => /Downloaded the full engine \([\d.]+ MB\)/.test(t)), said.join("\n"));
});

// rawFragment makes a #s= fragment of JSON text as it is (one that
// JSON.stringify could not have written).
async function rawFragment(json) {
  const stream = new Blob([new TextEncoder().encode(json)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return toBase64url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

test("a shared link whose controls carry an unknown key 200,000 deep loads, and the address and Share work (issue 34)", async () => {
  const b = await openPage();
  const { page } = b;
  const n = 200000;
  const json = `{"files":{"main.jsonnet":${JSON.stringify(cm("deep"))}},"entry":"main.jsonnet","controls":{"command":"show","output":"yaml","timeLimit":3000000,"bomb":${"[".repeat(n)}${"]".repeat(n)}}}`;
  const frag = await rawFragment(json);
  assert.ok(frag.length < 2000, `the link is small (${frag.length} characters)`);
  await page.goto(`${b.url}#s=${frag}`);
  await waitOutput(page, /name: deep/);
  assert.equal(await page.getByLabel("Time limit").inputValue(), "300", "a shared limit is clamped to the menu's");
  await afterRun(page, () => setSource(page, cm("edited")));
  await page.waitForFunction((f) => location.hash.startsWith("#s=") && location.hash !== `#s=${f}`, frag, { timeout: 5000 });
  await page.locator("#share").click();
  await waitStatus(page, /Copied the link\./);
  assert.match(await page.locator("#share-url").inputValue(), /\/s\/[A-Za-z0-9_-]{22}$/);
  // A reload keeps the (healed) workspace.
  await page.waitForTimeout(800);
  await page.reload();
  await waitOutput(page, /name: edited/);
});

test("an error whose message names 100,000 places starts the page and the embed, its trace's place a link and the message text", async () => {
  const b = await openPage();
  const { page } = b;
  const src = "error std.repeat('main.jsonnet:1:1\\n', 100000)\n"; // as e2e/hostile's error-100k-places
  const s = { files: { "main.jsonnet": src }, entry: "main.jsonnet", controls: { command: "show", output: "yaml" }, version: "" };
  const frag = await encodeFragment(s);
  await page.goto(`${b.url}#s=${frag}`);
  await waitStatus(page, /^Failed/, 60000);
  // The places are the engine's frames (issue 28), not what the message
  // says: the trace's one place is a link, the message's 100,000 are text.
  await page.locator("#errors button.loc").first().waitFor();
  assert.deepEqual(await page.locator("#errors button.loc").allTextContents(), ["main.jsonnet:1:1-47"]);
  assert.equal(await page.locator("#errors .more-places").count(), 0);
  assert.match(await page.locator("#errors pre.stderr").innerText(), /^error reading main\.jsonnet: RUNTIME ERROR: main\.jsonnet:1:1\nmain\.jsonnet:1:1\n/);
  await page.goto(`${b.url}embed#s=${frag}`);
  // The embed answers (on a loaded machine its 5 s limit may stop the run first: that is an answer too, not a hang).
  await page.waitForFunction(() => /Failed|Stopped/.test(document.querySelector("#status").textContent), null, { timeout: 90000 });
  if (/Failed/.test(await page.locator("#status").textContent())) assert.match(await page.locator("#errors").innerText(), /main\.jsonnet:1:1/);
});

test("a folder whose first run fails shows no output of the workspace before it", async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), "kubecfg-links-"));
  try {
    const dir = path.join(root, "broken");
    await mkdir(dir);
    await writeFile(path.join(dir, "main.jsonnet"), "{ a: \n");
    const b = await openPage();
    const { page } = b;
    await page.goto(b.url);
    await waitStatus(page, /^Evaluated/, 30000);
    assert.ok((await outputText(page)).trim() !== "", "the first example has output");
    await afterRun(page, () => page.locator("#folder-input").setInputFiles(dir));
    await waitStatus(page, /^Failed/);
    assert.equal((await outputText(page)).trim(), "", "no output shown as this project's");
    assert.equal(await page.locator("#stale-note").isVisible(), false);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test("arrowing through the closed Example menu loads nothing until Enter", async () => {
  const b = await openPage();
  const { page } = b;
  await page.goto(b.url);
  await waitStatus(page, /^Evaluated/, 30000);
  const menu = page.getByLabel("Example");
  const before = await menu.inputValue();
  const runs0 = Number(await page.locator("#status").getAttribute("data-runs"));
  await menu.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.waitForTimeout(500);
  const stepped = await menu.inputValue();
  assert.notEqual(stepped, before, "the arrows moved the menu");
  assert.equal(Number(await page.locator("#status").getAttribute("data-runs")), runs0, "no run at each step");
  assert.equal(await page.locator("#restore").isVisible(), false, "no workspace replaced");
  await afterRun(page, () => page.keyboard.press("Enter"));
  await waitStatus(page, /Loaded the example/);
  assert.equal(await menu.inputValue(), stepped);
});

test("the page starts on the Output tab, wide too", async () => {
  const b = await openPage({ viewport: { width: 1400, height: 860 } });
  const { page } = b;
  await page.goto(b.url);
  await waitStatus(page, /^Evaluated/, 30000);
  assert.equal(await page.getByRole("tab", { name: "Output", exact: true }).getAttribute("aria-selected"), "true");
  assert.equal(await page.getByRole("tabpanel", { name: "Features" }).isHidden(), true);
});

test("on a repeat visit the full engine is started in idle time, before the first trace click", async () => {
  const b = await openPage();
  const { page } = b;
  await page.goto(b.url);
  await waitStatus(page, /^Evaluated/, 30000);
  await waitOffline(page, 60000);
  // The first visit does not fetch it: the core engine is what it saves.
  assert.equal(await page.evaluate(() => performance.getEntriesByName("kubecfg:full-engine-prepared").length), 0);
  await page.reload();
  await waitStatus(page, /^Evaluated/, 30000);
  await waitMark(page, "kubecfg:full-engine-prepared", 60000);
  // It waited for the first result and the language service.
  const marks = await page.evaluate(() => Object.fromEntries(["kubecfg:first-engine-result", "kubecfg:lang-ready", "kubecfg:full-engine-preparing"]
    .map((n) => [n, performance.getEntriesByName(n)[0]?.startTime ?? -1])));
  assert.ok(marks["kubecfg:first-engine-result"] >= 0 && marks["kubecfg:lang-ready"] >= 0, JSON.stringify(marks));
  assert.ok(marks["kubecfg:full-engine-preparing"] > marks["kubecfg:first-engine-result"], JSON.stringify(marks));
  assert.ok(marks["kubecfg:full-engine-preparing"] > marks["kubecfg:lang-ready"], JSON.stringify(marks));
  const said = [];
  await page.exposeFunction("saw", (t) => said.push(t));
  await page.evaluate(() => new MutationObserver(() => globalThis.saw(document.querySelector("#status").textContent))
    .observe(document.querySelector("#status"), { subtree: true, childList: true, characterData: true }));
  const before = await page.evaluate(() => performance.getEntriesByName("kubecfg:trace-line").length);
  await page.locator("#output-view .cm-line").nth(1).click();
  await page.waitForFunction((k) => performance.getEntriesByName("kubecfg:trace-line").length > k, before, { timeout: 30000 });
  assert.ok(!said.some((t) => /full engine/.test(t)), `the trace did not wait for the full engine: ${said.join(" | ")}`);
  // Edits still run, on the full engine now.
  await afterRun(page, () => setSource(page, cm("after")));
  await waitOutput(page, /name: after/);
});

test("a new workspace's first run gets a longer limit, and one past the default raises the workspace's Time limit to fit, saying so", async () => {
  const b = await openPage();
  const { page } = b;
  // ?timeout=300: a 0.3 s default, which this program's first run is past.
  const slow = "std.foldl(function(a, i) a + std.foldl(function(b, j) b + j, std.range(1, 1000), 0), std.range(1, 2000), 0)\n";
  const s = { files: { "main.jsonnet": slow }, entry: "main.jsonnet", controls: { command: "show", output: "json" }, version: "" };
  await page.goto(`${b.url}?timeout=300#s=${await encodeFragment(s)}`);
  const said = await waitStatus(page, /^(Evaluated|Failed|Stopped)/, 90000);
  assert.doesNotMatch(said, /ran past/);
  await waitStatus(page, /The first run took [\d.]+ s, past the 0\.3 s default: this workspace's Time limit is now (10 s|30 s|1 min|5 min)/); // which one depends on the machine's load
  assert.match(await page.getByLabel("Time limit").inputValue(), /^(10|30|60|300)$/);
  // Once: a later run of a workspace entered afterwards at the default is held to it.
  await afterRun(page, () => page.getByLabel("Example").selectOption({ label: examples[0].title }));
  assert.equal(await page.getByLabel("Time limit").inputValue(), "0");
  await setSource(page, slow.replace("2000", "200000"));
  await waitStatus(page, /ran past 0\.3 s/, 30000);
});
