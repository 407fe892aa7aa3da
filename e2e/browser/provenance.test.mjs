// "Where does this line come from?" and kubecfg's provenance flags in a
// real browser (Debian's Chromium through playwright-core): a click on an
// output line marks the source lines that feed it, across files, and lists
// them; the reverse, from a line of the entry file; the export's zip
// against what bin/kubecfg show --export-dir writes; --show-provenance;
// the same click in a docs embed. Build the site first (make web).
import { test, beforeEach, afterEach, after } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { open, closeLeaked, kubecfgBin } from "./browser.mjs";
import { waitStatus, outputText, errorsText, setSource, openPane, afterRun } from "./helpers.mjs";
import { decodeZip } from "../../web/src/zip.js";
import { examples } from "../../web/src/examples.js";

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
after(closeLeaked);

const example = examples[0]; // jsonnet-app: app.jsonnet and lib.libsonnet

/** lineOf is the 1-based line of text that holds s. */
function lineOf(text, s, from = 0) {
  const i = text.split("\n").findIndex((l, n) => n >= from && l.includes(s));
  assert.ok(i >= 0, `no line holds ${JSON.stringify(s)} in\n${text}`);
  return i + 1;
}

/** outputLine is the locator of output line n (1-based) of a page or frame. */
const outputLine = (scope, n) => scope.locator("#output-view .cm-line").nth(n - 1);

/** marked is the text of the marked lines in a view ("#editor-panel" or "#output-view"). */
const marked = (scope, view) => scope.locator(`${view} .cm-traced-line`).allInnerTexts();

test("a click on the replicas: line marks the lines of app.jsonnet and lib.libsonnet that set it; the list moves the editor", async () => {
  const { page } = b;
  await waitStatus(page, /^Evaluated/);
  const out = await outputText(page);
  const n = lineOf(out, "replicas: 2");
  const appLine = lineOf(example.files["app.jsonnet"], "replicas=2");
  const libLine = lineOf(example.files["lib.libsonnet"], "replicas: replicas");
  const libFn = lineOf(example.files["lib.libsonnet"], "deployment(name, image, replicas=1)");
  const runsBefore = await page.locator("#status").getAttribute("data-runs");
  await outputLine(page, n).click();
  const bar = page.getByRole("region", { name: "Where this line comes from" });
  await bar.getByRole("button", { name: `Go to app.jsonnet:${appLine}` }).waitFor({ timeout: 10000 });
  const ms = await page.evaluate(() => performance.getEntriesByName("kubecfg:trace-line")[0].duration);
  // The list: kubecfg's order, the most recent evaluation first.
  assert.match(await bar.textContent(), new RegExp(`^Line ${n} from lib\\.libsonnet:${libLine}, app\\.jsonnet:${appLine}, lib\\.libsonnet:${libFn}`));
  // The editor (app.jsonnet, the entry) marks its line; the clicked line is the origin.
  assert.deepEqual(await marked(page, "#editor-panel"), [example.files["app.jsonnet"].split("\n")[appLine - 1]]);
  assert.equal((await page.locator("#output-view .cm-trace-origin").innerText()).trim(), "replicas: 2");
  // Both tabs hold marked lines, and say so.
  const tabs = page.getByRole("tablist", { name: "Files" });
  assert.equal(await tabs.locator(".traced").count(), 2);
  assert.ok(await tabs.getByRole("tab", { name: /lib\.libsonnet.*marked lines/ }).isVisible());
  // An entry of the list opens its file on that line.
  await bar.getByRole("button", { name: `Go to lib.libsonnet:${libLine}` }).click();
  assert.equal(await page.getByRole("tab", { name: /lib\.libsonnet/ }).getAttribute("aria-selected"), "true");
  assert.equal((await page.locator("#editor-panel .cm-activeLine").innerText()).trim(), "replicas: replicas,");
  assert.deepEqual((await marked(page, "#editor-panel")).map((s) => s.trim()).sort(), ["deployment(name, image, replicas=1):: {", "replicas: replicas,"]);
  // The bar still lists the places; the other entry goes back to app.jsonnet.
  await bar.getByRole("button", { name: `Go to app.jsonnet:${appLine}` }).click();
  assert.equal(await page.getByRole("tab", { name: /app\.jsonnet/ }).getAttribute("aria-selected"), "true");
  assert.match(await page.locator("#editor-panel .cm-activeLine").innerText(), /replicas=2/);
  // The key does it for the line under the output's cursor, from the editor too.
  await outputLine(page, lineOf(out, "kind: Service")).click();
  await bar.filter({ hasText: `Line ${lineOf(out, "kind: Service")} from` }).waitFor();
  await page.getByLabel("Editor", { exact: true }).click();
  await outputLine(page, n).evaluate(() => {}); // (the output's cursor stays on the Service's kind)
  await page.keyboard.press("ControlOrMeta+Shift+Enter");
  await bar.filter({ hasText: `Line ${lineOf(out, "kind: Service")} from` }).waitFor();
  assert.ok(await page.getByLabel("Editor", { exact: true }).evaluate((el) => el.contains(document.activeElement)), "the key leaves the focus where it was");
  assert.equal(await page.locator("#status").getAttribute("data-runs"), runsBefore, "a trace is not a run");
  // An edit clears the marks at once.
  await page.keyboard.press("End");
  await page.keyboard.insertText(" ");
  assert.equal(await page.locator(".cm-traced-line, .cm-trace-origin").count(), 0);
  assert.equal(await tabs.locator(".traced").count(), 0);
  console.log(`# a click's trace, default example: ${Math.round(ms)} ms from the click to the marks (the first trace of the engine)`);
});

test("a trace answered after an edit is dropped; a line without a value says so quietly", async () => {
  const { page } = b;
  await waitStatus(page, /^Evaluated/);
  // A program slow enough that its trace (a fresh evaluation) is still
  // running when the edit comes.
  const slow = (name) => "local n = std.foldl(function(a, i) a + i, std.makeArray(60000, function(i) i * i), 0);\n" +
    `{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: '${name}' }, data: { total: std.toString(n) } } }\n`;
  await afterRun(page, () => setSource(page, slow("before")));
  const out = await outputText(page);
  assert.match(out, /name: before/);
  // Count every mark the page ever draws from here on.
  await page.evaluate(() => {
    globalThis.marksSeen = 0;
    new MutationObserver(() => { globalThis.marksSeen += document.querySelectorAll(".cm-traced-line").length; })
      .observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  const t0 = Date.now();
  await outputLine(page, lineOf(out, "total:")).click();
  await page.getByLabel("Editor", { exact: true }).click();
  await page.keyboard.press("ControlOrMeta+End");
  await afterRun(page, () => page.keyboard.insertText("\n"));
  const waited = Date.now() - t0;
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => globalThis.marksSeen), 0, "the trace of the program before the edit marked nothing");
  assert.equal(await page.locator(".cm-traced-line, .cm-trace-origin").count(), 0);
  console.log(`# an edit during a click's trace of a slow program: its run shown ${waited} ms after the click`);
  // The whole output's trace (for the reverse marks) is ended by an edit:
  // a fresh engine runs the edit at once.
  await page.getByLabel("Editor", { exact: true }).locator(".cm-line").nth(1).click();
  await page.waitForTimeout(700); // the trace starts 250 ms after the cursor stops, and takes seconds here
  const t1 = Date.now();
  await afterRun(page, () => page.keyboard.insertText(" "));
  const preempted = await page.evaluate(() => performance.getEntriesByName("kubecfg:preempted").length);
  assert.equal(preempted, 1, "the edit ended the trace of the whole output");
  console.log(`# an edit during the whole output's trace: its run shown ${Date.now() - t1} ms after the key (a fresh engine)`);
  assert.equal(await page.locator(".cm-traced-line").count(), 0);
  // The document marker "---" holds no value: a quiet note, not an error.
  await outputLine(page, 1).click();
  const bar = page.getByRole("region", { name: "Where this line comes from" });
  await bar.filter({ hasText: /^Output line 1: line 1 holds no value\./ }).waitFor({ timeout: 15000 });
  assert.equal(await errorsText(page), "", "not an error of the program");
});

test("the cursor on a line of the entry file marks the output lines it feeds", async () => {
  const { page } = b;
  await waitStatus(page, /^Evaluated/);
  const out = await outputText(page);
  const editorLine = (n) => page.getByLabel("Editor", { exact: true }).locator(".cm-line").nth(n - 1);
  const bar = page.getByRole("region", { name: "Where this line comes from" });
  // The Deployment's line: the Deployment's lines (traced first: the
  // output is traced in order within a time budget).
  const deploy = lineOf(example.files["app.jsonnet"], "deployment: lib.deployment");
  await editorLine(deploy).click();
  await bar.filter({ hasText: `app.jsonnet:${deploy} feeds output lines 2–` }).waitFor({ timeout: 15000 });
  let lines = await marked(page, "#output-view");
  assert.ok(lines.some((l) => l.includes("replicas: 2")), `marked: ${lines}`);
  assert.ok(!lines.some((l) => l.includes("kind: Service")), `marked: ${lines}`);
  const all = await page.evaluate(() => {
    const e = performance.getEntriesByName("kubecfg:trace-all")[0];
    return { duration: e.duration, detail: e.detail };
  });
  console.log(`# the whole output traced (${all.detail.traces} lines${all.detail.cut ? ", cut" : ""}): ${Math.round(all.duration)} ms`);
  // The Service's line, from the traces already there: the Service's
  // lines, or the part of them traced before the time ran out, which the
  // bar says.
  const service = lineOf(example.files["app.jsonnet"], "service: lib.service");
  await editorLine(service).click();
  await bar.filter({ hasText: `app.jsonnet:${service} feeds` }).waitFor();
  lines = await marked(page, "#output-view");
  if (all.detail.cut) assert.match(await bar.textContent(), /traced in part: its time ran out/);
  else {
    const from = lineOf(out, "kind: Service") - 1;
    assert.match(await bar.textContent(), new RegExp(`^app\\.jsonnet:${service} feeds output lines ${from}–${out.trimEnd().split("\n").length}\\.`));
    assert.ok(lines.some((l) => l.includes("port: 80")), `marked: ${lines}`);
  }
  assert.ok(!lines.some((l) => l.includes("replicas")), `marked: ${lines}`);
  // A comment feeds nothing.
  await editorLine(1).click();
  await bar.filter({ hasText: "app.jsonnet:1 feeds no line of the output" }).waitFor();
  assert.equal((await marked(page, "#output-view")).length, 0);
  // A click in the output goes the other way again.
  await outputLine(page, lineOf(out, "replicas: 2")).click();
  await bar.filter({ hasText: /^Line \d+ from / }).waitFor();
  // An edit clears the marks, and its run is not held up by a trace.
  await editorLine(deploy).click();
  await bar.filter({ hasText: `app.jsonnet:${deploy} feeds` }).waitFor();
  await page.keyboard.press("End");
  await afterRun(page, () => page.keyboard.insertText(" "));
  assert.equal((await marked(page, "#output-view")).length, 0);
  // An edit right after the cursor stopped, before the trace was asked
  // for: nothing is asked for the program that is gone (the page throws
  // nothing, afterEach checks).
  await editorLine(service).click();
  await afterRun(page, () => page.keyboard.insertText(" "));
  await page.waitForTimeout(400);
  assert.equal((await marked(page, "#output-view")).length, 0);
});

function sh(command, cwd) {
  return new Promise((resolve, reject) => {
    execFile("sh", ["-c", command], { cwd, env: { ...process.env, KUBECFG_ALPHA: "", KUBECFG_FEATURES: "", KUBECFG_JPATH: "" } }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${command}: ${err.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

/** tree reads a directory's files: relative path → text. */
async function tree(dir, prefix = "") {
  const out = {};
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) Object.assign(out, await tree(p, `${prefix}${e.name}/`));
    else out[`${prefix}${e.name}`] = await readFile(p, "utf8");
  }
  return out;
}

async function downloadExport(page) {
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: 30000 }),
    page.getByRole("button", { name: "Download objects as files" }).click(),
  ]);
  assert.equal(download.suggestedFilename(), "out.zip");
  const { files, skipped } = await decodeZip(new Uint8Array(await readFile(await download.path())));
  assert.deepEqual(skipped, []);
  return Object.fromEntries(files.map((f) => [f.name, new TextDecoder().decode(f.data)]));
}

test("Download objects as files: the zip holds what kubecfg show --export-dir writes", async () => {
  const { page } = b;
  await waitStatus(page, /^Evaluated/);
  const dir = await mkdtemp(path.join(os.tmpdir(), "kubecfg-export-"));
  try {
    for (const [name, text] of Object.entries(example.files)) await writeFile(path.join(dir, name), text);
    await openPane(page, "Export");
    // kubecfg's default names.
    let zip = await downloadExport(page);
    await sh(`${kubecfgBin} show app.jsonnet --export-dir out`, dir);
    const want = Object.fromEntries(Object.entries(await tree(path.join(dir, "out"))).map(([p, t]) => [`out/${p}`, t]));
    assert.deepEqual(zip, want);
    assert.ok(Object.keys(want).length === 2, Object.keys(want).join(", "));
    assert.match(await page.getByRole("status").textContent(), /Exported 2 objects as out\.zip/);
    // A template of its own (sprig: the full engine) and an extension, in
    // the command line too.
    const names = "{{.kind | lower}}/{{resourceIndex .}}-{{.metadata.name}}";
    await afterRun(page, () => page.getByLabel("--export-filename-format").fill(names));
    await afterRun(page, () => page.getByLabel("--export-filename-extension").fill("yml"));
    await waitStatus(page, /^Evaluated/);
    assert.match(await page.locator("#command-line").textContent(), /--export-filename-format '\{\{\.kind \| lower\}\}\/\{\{resourceIndex \.\}\}-\{\{\.metadata\.name\}\}' --export-filename-extension yml/);
    zip = await downloadExport(page);
    await rm(path.join(dir, "out"), { recursive: true });
    await sh(`${kubecfgBin} show app.jsonnet --export-dir out --export-filename-format '${names}' --export-filename-extension yml`, dir);
    const want2 = Object.fromEntries(Object.entries(await tree(path.join(dir, "out"))).map(([p, t]) => [`out/${p}`, t]));
    assert.deepEqual(zip, want2);
    assert.deepEqual(Object.keys(want2).sort(), ["out/deployment/0-web.yml", "out/service/1-web.yml"]);
    // A template that does not parse: kubecfg's error, in the errors pane
    // (the Output pane is shown for it).
    await afterRun(page, () => page.getByLabel("--export-filename-format").fill("{{.kind"));
    await waitStatus(page, /^Failed/);
    await page.getByRole("button", { name: "Download objects as files" }).click();
    await waitStatus(page, /Could not export the objects: template: :1: unclosed action/);
    assert.equal(await page.getByRole("tab", { name: "Output", exact: true }).getAttribute("aria-selected"), "true");
    assert.match(await errorsText(page), /unclosed action/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("--show-provenance shows the annotations and is in the command line; the trace works on its output", async () => {
  const { page } = b;
  await waitStatus(page, /^Evaluated/);
  await afterRun(page, () => page.getByLabel("--show-provenance").check());
  const out = await outputText(page);
  assert.match(out, /kubecfg\.github\.com\/provenance-file: app\.jsonnet/);
  assert.match(out, /kubecfg\.github\.com\/provenance-path: \$\.deployment/);
  assert.match(await page.locator("#command-line").textContent(), /^kubecfg show app\.jsonnet --show-provenance$/);
  await page.getByRole("button", { name: "Copy as command" }).click();
  assert.match(await page.evaluate(() => navigator.clipboard.readText()), /--show-provenance/);
  await outputLine(page, lineOf(out, "replicas: 2")).click();
  await page.getByRole("region", { name: "Where this line comes from" }).getByRole("button", { name: /^Go to app\.jsonnet:/ }).waitFor();
  // eval has no such flag: the box is off and the request leaves it out.
  await afterRun(page, () => page.getByLabel("Command").selectOption("eval"));
  assert.ok(await page.getByLabel("--show-provenance").isDisabled());
  assert.doesNotMatch(await page.locator("#command-line").textContent(), /provenance/);
  // It is kept with the workspace: a reload has it.
  await afterRun(page, () => page.getByLabel("Command").selectOption("show"));
  await page.reload();
  await waitStatus(page, /^Evaluated/);
  assert.ok(await page.getByLabel("--show-provenance").isChecked());
  assert.match(await outputText(page), /provenance-file/);
});

test("in a docs embed, a click on an output line marks the snippet's lines", async (t) => {
  const { page } = b;
  const code = "local name = 'embedded';\n{\n  cm: {\n    apiVersion: 'v1',\n    kind: 'ConfigMap',\n    metadata: { name: name },\n  },\n}";
  const docs = http.createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><title>docs</title><pre data-kubecfg="app.jsonnet">${code}</pre><script src="${b.url}embed.js"></script>`);
  });
  await new Promise((r) => docs.listen(0, "127.0.0.1", r));
  t.after(() => new Promise((r) => { docs.closeAllConnections(); docs.close(r); }));
  await page.goto(`http://127.0.0.1:${docs.address().port}/docs.html`);
  const frame = page.frameLocator(".kubecfg-embed iframe");
  await frame.getByRole("status").filter({ hasText: /Evaluated/ }).waitFor({ timeout: 30000 });
  const out = await frame.locator("#output-view .cm-content").innerText();
  await outputLine(frame, lineOf(out, "name: embedded")).click();
  const bar = frame.getByRole("region", { name: "Where this line comes from" });
  await bar.getByRole("button", { name: "Go to app.jsonnet:6" }).waitFor({ timeout: 15000 });
  assert.equal(await bar.textContent(), `Line ${lineOf(out, "name: embedded")} from app.jsonnet:6×`);
  assert.deepEqual((await marked(frame, "#editor-panel")).map((s) => s.trim()), ["metadata: { name: name },"]);
  await frame.getByLabel("Editor", { exact: true }).locator(".cm-line").first().click();
  await bar.getByRole("button", { name: "Go to app.jsonnet:6" }).click();
  assert.equal((await frame.locator("#editor-panel .cm-activeLine").innerText()).trim(), "metadata: { name: name },");
  // An edit right after a click in the snippet (its run waits 300 ms, the
  // trace of the whole output 250 ms): the trace is not asked for a
  // program that is gone (the page throws nothing, afterEach checks).
  await frame.getByLabel("Editor", { exact: true }).locator(".cm-line").first().click();
  await page.keyboard.insertText(" ");
  await frame.locator("#output-view .cm-content").filter({ hasText: "name: embedded" }).waitFor();
  await page.waitForTimeout(800);
  assert.equal(await frame.locator(".cm-traced-line").count(), 0);
});
