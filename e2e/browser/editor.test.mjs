// The editor and the errors pane, in Debian's Chromium: an error in the
// Expression box is marked there, not in the entry file.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browserPerTest } from "./browser.mjs";
import { waitStatus, errorsText, setSource, afterRun, editorText } from "./helpers.mjs";

const openPage = browserPerTest();

async function start() {
  const b = await openPage();
  await b.page.goto(b.url + "?nosw");
  await waitStatus(b.page, /^Evaluated/, 30000);
  return b.page;
}

// lintMarks is the text each error mark covers in the editor in sel.
const lintMarks = (page, sel) => page.locator(`${sel} .cm-lintRange-error`).allInnerTexts();

test("an error in the Expression box is marked in the Expression box, and its place in the errors pane goes there", async () => {
  const page = await start();
  await afterRun(page, () => setSource(page, "{ deployment: { spec: { replicas: 2 } } }\n"));
  await afterRun(page, () => page.getByLabel("Command").selectOption("eval"));
  const expr = page.getByLabel("Expression", { exact: true });
  await expr.click();
  await afterRun(page, () => page.keyboard.insertText("$.deployment.spec.replicaz"));
  await waitStatus(page, /^Failed/);
  await page.locator("#errors:not([hidden])").waitFor();
  // kubecfg's text, unchanged: the place in eval's wrapper, under the entry's name.
  const text = await errorsText(page);
  assert.match(text, /RUNTIME ERROR: Field does not exist: replicaz\n\s+\S+\.jsonnet:1:\d+-\d+/);
  await page.waitForFunction(() => document.querySelectorAll("#expr .cm-lintRange-error").length > 0);
  assert.deepEqual(await lintMarks(page, "#expr"), ["$.deployment.spec.replicaz"], "the whole expression is marked");
  assert.deepEqual(await lintMarks(page, "#editor-panel"), [], "the entry file is not marked");
  // The place's button goes to the Expression box; the wrapper's other place is text.
  const place = page.locator("#errors button.loc");
  assert.equal(await place.count(), 1);
  assert.match(await place.getAttribute("aria-label"), /: the Expression, column 1$/);
  await page.getByLabel("Editor", { exact: true }).click();
  await place.click();
  assert.ok(await page.evaluate(() => document.activeElement?.closest("#expr") !== null), "the Expression box has the focus");
  // A parse error at the expression's end is marked there too.
  await page.keyboard.press("End");
  await afterRun(page, () => page.keyboard.insertText(" +"));
  await page.waitForFunction(() => /while parsing/.test(document.querySelector("#errors").textContent));
  assert.deepEqual(await lintMarks(page, "#editor-panel"), []);
  assert.equal((await lintMarks(page, "#expr")).length, 1);
  // Fixed, the marks go.
  await page.keyboard.press("ControlOrMeta+a");
  await afterRun(page, () => page.keyboard.insertText("$.deployment.spec.replicas"));
  await waitStatus(page, /^Evaluated/);
  assert.deepEqual(await lintMarks(page, "#expr"), []);
});

// lines is the editor's text, line by line.
const lines = (page) => page.evaluate(() => [...document.querySelectorAll("#editor-panel .cm-line")].map((l) => l.textContent));

test("Enter indents by brackets and a closing bracket dedents; the editor shows a focus ring and its keys' hint while focused", async () => {
  const page = await start();
  const ed = page.getByLabel("Editor", { exact: true });
  const hint = page.locator("#editor-panel .keys-hint");
  await page.locator("#run").focus();
  assert.equal(await hint.isVisible(), false, "no hint while the editor does not have the focus");
  const ring = () => page.locator("#editor-panel .cm-editor").evaluate((el) => { const s = getComputedStyle(el); return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) }; });
  assert.equal((await ring()).style, "none", "no ring without the focus");
  await ed.click();
  await hint.waitFor({ state: "visible", timeout: 5000 }); // CodeMirror marks the focus a moment after it moves
  assert.equal(await hint.innerText(), "Tab indents · Escape then Tab leaves");
  const r = await ring();
  assert.ok(r.style === "solid" && r.width >= 2, `a focus ring: ${JSON.stringify(r)}`);

  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.type("{");
  await page.keyboard.press("Enter");
  assert.deepEqual(await lines(page), ["{", "  ", "}"], "Enter between { and } indents the new line, the } on its own");
  await page.keyboard.type("a: [");
  await page.keyboard.press("Enter");
  await page.keyboard.type("1,");
  await page.keyboard.press("Enter");
  assert.deepEqual(await lines(page), ["{", "  a: [", "    1,", "    ", "  ]", "}"]);
  await page.keyboard.type("f(");
  await page.keyboard.press("Enter");
  assert.deepEqual((await lines(page)).slice(3, 6), ["    f(", "      ", "    )"], "inside ( one more level");
  // A closing bracket typed first on a line goes back to its opener's indentation.
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText("{\n  a: [\n    1,\n");
  await page.keyboard.press("Enter");
  assert.equal((await lines(page))[4], "    ");
  await page.keyboard.type("]");
  assert.equal((await lines(page))[4], "  ]", "] dedents to the [ line's indentation");
  await page.keyboard.press("Enter");
  await page.keyboard.type("}");
  assert.deepEqual(await lines(page), ["{", "  a: [", "    1,", "", "  ]", "}"]);
  // Tab indents, Escape then Tab leaves.
  await page.keyboard.press("Tab");
  assert.ok(await page.evaluate(() => document.activeElement?.closest("#editor-panel") !== null), "Tab stays in the editor");
  await page.keyboard.press("Escape");
  await page.keyboard.press("Tab");
  assert.ok(await page.evaluate(() => document.activeElement?.closest("#editor-panel") === null), "Escape then Tab leaves");
  await hint.waitFor({ state: "hidden", timeout: 5000 }); // the hint goes with the focus
});

test("typing a program key by key: the output never moves, and a mid-word error waits for a pause before the errors pane shows it", async () => {
  const page = await start();
  await afterRun(page, () => setSource(page, "{ a: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } } }\n"));
  await waitStatus(page, /^Evaluated/);
  // Every change of the output's box and every time the errors pane is
  // shown, recorded in the page as they happen.
  await page.evaluate(() => {
    const view = document.querySelector("#output-view");
    const errors = document.querySelector("#errors");
    const rec = (globalThis.__rec = { boxes: new Set(), errorsShown: 0, frames: 0, shown: [], failedStatus: [] });
    const box = () => { const r = view.getBoundingClientRect(); rec.boxes.add(`${r.x},${r.y},${r.width},${r.height}`); };
    box();
    new MutationObserver(() => { if (!errors.hidden) { rec.errorsShown++; rec.shown.push(errors.textContent.slice(0, 80)); } box(); }).observe(errors, { attributes: true, childList: true });
    const status = document.querySelector("#status");
    new MutationObserver(() => { if (/Failed/.test(status.textContent)) rec.failedStatus.push(status.textContent.slice(0, 80)); })
      .observe(status, { childList: true, characterData: true, subtree: true });
    const frame = () => { box(); rec.frames++; rec.raf = requestAnimationFrame(frame); };
    frame();
  });
  const before = await page.evaluate(() => document.querySelector("#status").dataset.runs);
  // Put the cursor before the last }, then type a local, key by key.
  const ed = page.getByLabel("Editor", { exact: true });
  await ed.click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("End");
  await page.keyboard.press("ArrowLeft");
  // Typed in the page, a character every 20 ms of its own clock (as the
  // browser's input: CodeMirror takes it as typing), so that a slow test
  // process makes no pause of its own between two keys.
  await page.evaluate(async (text) => {
    for (const ch of text) {
      document.execCommand("insertText", false, ch);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }, ", b: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: std.toString(location) } }");
  const typed = await page.evaluate(() => ({ ...globalThis.__rec, boxes: [...globalThis.__rec.boxes] }));
  const runsWhileTyping = Number(await page.evaluate(() => document.querySelector("#status").dataset.runs)) - Number(before);
  assert.ok(runsWhileTyping > 10, `the page ran while typing (${runsWhileTyping} runs)`);
  assert.equal(typed.errorsShown, 0, `no error shown in the pane while typing: ${typed.shown.join(" | ")}`);
  assert.deepEqual(typed.failedStatus, [], "no red Failed on the status line while typing");
  // The pause: the program's error (location is unknown) shows, in the pane
  // and on the status line, and the output has not moved.
  await page.locator("#errors:not([hidden])").waitFor();
  assert.match(await errorsText(page), /Unknown variable: location/);
  assert.match(await waitStatus(page, /Failed/), /Failed \(exit 1\) in [\d.]+ ms: .*Unknown variable: location/);
  const after = await page.evaluate(() => [...globalThis.__rec.boxes]);
  assert.equal(after.length, 1, `the output's box never changed: ${after.join(" | ")}`);
  assert.ok(await page.locator("#expr .cm-lintRange-error, #editor-panel .cm-lintRange-error").count() > 0, "the squiggle is drawn");
  // Fixed, the pane goes at once, and the box has still not moved.
  await page.keyboard.press("ControlOrMeta+a");
  await afterRun(page, () => page.keyboard.insertText("{ a: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'y' } } }\n"));
  await waitStatus(page, /^Evaluated/);
  assert.equal(await page.locator("#errors").isHidden(), true);
  assert.equal((await page.evaluate(() => [...globalThis.__rec.boxes])).length, 1);
});

test("under show the Expression box offers eval when you type in it; back to show, the eval feature the page turned on goes", async () => {
  const page = await start();
  const command = () => page.locator("#command-line").textContent();
  assert.doesNotMatch(await command(), /--features/);
  const expr = page.getByLabel("Expression", { exact: true });
  const offer = page.locator(".expr-offer");
  assert.equal(await offer.isVisible(), false);
  await expr.click({ force: true }); // disabled, as Playwright sees it: a click still lands
  await page.keyboard.type("x");
  await offer.waitFor({ state: "visible", timeout: 5000 });
  assert.match(await offer.innerText(), /The Expression is eval's -e: show takes none\./);
  await afterRun(page, () => offer.getByRole("button", { name: "Switch to eval" }).click());
  assert.equal(await page.getByLabel("Command").inputValue(), "eval");
  assert.equal(await offer.isVisible(), false);
  assert.match(await command(), /^kubecfg eval \S+ --features=eval$/);
  // Back to show: the feature the choice of eval turned on goes with it.
  await afterRun(page, () => page.getByLabel("Command").selectOption("show"));
  assert.doesNotMatch(await command(), /--features/);
  assert.match(await waitStatus(page, /^Evaluated/), /^Evaluated/);
});

test("one-click fixes in the errors pane: a gate's error turns its feature on, show's non-object value switches to eval", async () => {
  const page = await start();
  // A .yakl entry with yakl off (as a link with --features=-yakl would have it).
  await page.getByRole("tab", { name: "Features", exact: true }).click();
  const yakl = page.getByRole("checkbox", { name: "yakl", exact: true });
  if (await yakl.isChecked()) await afterRun(page, () => yakl.uncheck());
  await page.getByRole("tab", { name: "Output", exact: true }).click();
  await afterRun(page, () => page.getByRole("button", { name: "+ File" }).click().then(async () => {
    await page.locator("#name-input").fill("pod.yakl");
    await page.keyboard.press("Enter");
  }));
  await afterRun(page, () => setSource(page, "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: from-yakl\n"));
  await afterRun(page, () => page.locator("#entry-file").click());
  assert.match(await errorsText(page), /yakl is an alpha feature; turn it on with --features=yakl/);
  await afterRun(page, () => page.locator("#errors").getByRole("button", { name: "Turn on yakl" }).click());
  await waitStatus(page, /^Evaluated/);
  assert.match(await page.locator("#command-line").textContent(), /--features=yakl/);
  assert.equal(await errorsText(page), "");
  // show of a number: eval shows it.
  await afterRun(page, () => page.getByRole("button", { name: "+ File" }).click().then(async () => {
    await page.locator("#name-input").fill("n.jsonnet");
    await page.keyboard.press("Enter");
  }));
  await afterRun(page, () => setSource(page, "{ replicas: 42 }\n"));
  await afterRun(page, () => page.locator("#entry-file").click());
  assert.match(await errorsText(page), /Looking for kubernetes object at "\$\.replicas", but instead found float64/);
  await afterRun(page, () => page.locator("#errors").getByRole("button", { name: "Switch to eval" }).click());
  assert.equal(await page.getByLabel("Command").inputValue(), "eval");
  await waitStatus(page, /^Evaluated/);
  assert.match(await page.locator("#output-view .cm-content").innerText(), /^replicas: 42$/m);
});

test("an empty file shows a calm hint, not 'Unexpected end of file'", async () => {
  const page = await start();
  await afterRun(page, () => page.getByRole("button", { name: "+ File" }).click().then(async () => {
    await page.locator("#name-input").fill("new.jsonnet");
    await page.keyboard.press("Enter");
  }));
  // The new file, empty, open: its hint, no error mark.
  const ed = page.locator("#editor-panel");
  assert.match(await ed.locator(".cm-placeholder").innerText(), /An empty file: write Jsonnet here/);
  await page.waitForTimeout(1500); // the language service's lint of the new file has had its chance
  assert.equal(await ed.locator(".cm-lintRange-error, .cm-lint-marker-error").count(), 0);
  // As the entry, empty: a hint in the errors pane and the status line, no error.
  await afterRun(page, () => page.locator("#entry-file").click());
  const text = await errorsText(page);
  assert.match(text, /^new\.jsonnet is empty: write the program there/);
  assert.doesNotMatch(text, /Unexpected end of file/);
  assert.match(await page.locator("#status").textContent(), /^new\.jsonnet is empty\.$/);
  assert.equal(await page.locator("#errors pre.empty").count(), 1);
});

test("the reverse trace's marks go when another file is opened", async () => {
  const page = await start(); // the first example: app.jsonnet and lib.libsonnet
  const bar = page.getByRole("region", { name: "Where this line comes from" });
  // A small program, so that the whole output is traced in its time.
  await afterRun(page, () => setSource(page, "{\n  cm: {\n    apiVersion: 'v1',\n    kind: 'ConfigMap',\n    metadata: { name: 'x' },\n  },\n}\n"));
  await waitStatus(page, /^Evaluated/);
  const deploy = 4;
  await page.getByLabel("Editor", { exact: true }).locator(".cm-line").nth(deploy - 1).click();
  await bar.filter({ hasText: `app.jsonnet:${deploy} feeds output line` }).waitFor({ timeout: 20000 })
    .catch(async (err) => { throw new Error(`the bar says ${JSON.stringify(await bar.textContent())}; line ${deploy}: ${err.message.split("\n")[0]}`); });
  assert.ok(await page.locator("#output-view .cm-traced-line").count() > 0);
  await page.getByRole("tablist", { name: "Files" }).getByRole("tab", { name: /lib\.libsonnet/ }).click();
  await page.waitForFunction(() => document.querySelectorAll("#output-view .cm-traced-line, #editor-panel .cm-traced-line").length === 0, null, { timeout: 5000 });
  assert.doesNotMatch(await bar.textContent(), /feeds output line/);
});

// Completion and closed brackets are a late chunk (web/src/completion.js):
// held back here, what is typed gets no closing bracket, and Ctrl-Space
// waits for the chunk and then opens the list; once it has come the
// brackets close. The chunk is the one with the completion list's class.
test("completion's late chunk: Ctrl-Space before it has loaded opens the list once it comes, and brackets close from then on", async () => {
  const b = await openPage();
  const { page } = b;
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  let requests = 0;
  await page.route(/\/dist\/chunk-[^/]*\.js$/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes("cm-completionLabel")) { requests++; await held; }
    await route.fulfill({ response, body });
  });
  await b.page.goto(b.url + "?nosw");
  await waitStatus(page, /^Evaluated/, 30000);
  await afterRun(page, () => setSource(page, "local kubecfg = import 'kubecfg.libsonnet';\n"));
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type("[");
  assert.equal(await editorText(page), "local kubecfg = import 'kubecfg.libsonnet';\n[", "a bracket closed before the chunk came");
  await page.keyboard.press("Backspace");
  await page.keyboard.type("kubecfg.layouts.gvkN");
  await page.keyboard.press("Escape"); // a list would close; there is none yet
  await page.keyboard.press("Control+Space");
  await page.waitForTimeout(300);
  assert.equal(await page.locator(".cm-tooltip-autocomplete").count(), 0, "a completion list without its chunk");
  release();
  const list = page.locator(".cm-tooltip-autocomplete");
  await list.waitFor({ timeout: 10000 });
  await page.waitForFunction(() => [...document.querySelectorAll(".cm-tooltip-autocomplete .cm-completionLabel")].some((l) => l.textContent === "gvkNsName"), null, { timeout: 10000 });
  assert.equal(requests, 1, "the chunk was asked for once");
  await page.keyboard.press("Escape");
  await list.waitFor({ state: "detached" });
  await page.keyboard.type(" + (");
  assert.equal(await editorText(page), "local kubecfg = import 'kubecfg.libsonnet';\nkubecfg.layouts.gvkN + ()", "the bracket is closed once the chunk is there");
  // The Expression box got it too.
  await afterRun(page, () => page.getByLabel("Command").selectOption("eval"));
  await page.getByLabel("Expression", { exact: true }).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Backspace");
  await page.keyboard.type("[");
  assert.equal(await page.getByLabel("Expression", { exact: true }).innerText(), "[]");
});
