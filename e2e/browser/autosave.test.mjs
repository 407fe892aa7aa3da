// Autosave in IndexedDB, file by file (issue 22), in Debian's Chromium:
// a 300-file, 8 MB workspace opened from a folder is saved, an edit writes
// only the file it changed, a reload (even right after typing) and a
// browser restart give back exactly the workspace, and workspaces an
// earlier build kept in localStorage move into IndexedDB.
import { test } from "node:test";
import assert from "node:assert/strict";
import { rm } from "node:fs/promises";
import { browserPerTest } from "./browser.mjs";
import { waitStatus, waitOutput, setSource, editorText, afterRun } from "./helpers.mjs";
import { makeBigFolder, savedRecords, bigFiles } from "./bigws.mjs";

const openPage = browserPerTest();
let b;

// saves counts the page's finished autosaves (its kubecfg:autosave measures).
const saves = (page) => page.evaluate(() => performance.getEntriesByName("kubecfg:autosave").length);
const waitSaves = (page, n) => page.waitForFunction((k) => performance.getEntriesByName("kubecfg:autosave").length >= k, n, { timeout: 20000 });

// mine is the records of the workspace the page has open (the one whose
// entry is main.jsonnet and which has the big files).
async function mine(page) {
  const { meta, files } = await savedRecords(page);
  const m = meta.filter((x) => x.paths.length === bigFiles);
  assert.equal(m.length, 1, `one workspace of ${bigFiles} files: ${JSON.stringify(meta.map((x) => [x.ws, x.paths.length]))}`);
  const own = files.filter((f) => f[0] === m[0].ws);
  return { meta: m[0], files: new Map(own.map((f) => [f[1], { v: f[2], length: f[3] }])) };
}

test("a 300-file, 8 MB workspace is saved file by file; an edit writes one file; a reload and a restart restore it", async () => {
  const { root, dir } = await makeBigFolder();
  try {
    b = await openPage();
    const { page } = b;
    await page.goto(b.url + "?nosw");
    await waitStatus(page, /^Evaluated/, 30000);
    const before = await saves(page);
    await afterRun(page, () => page.locator("#folder-input").setInputFiles(dir));
    await waitStatus(page, /Opened the folder big: 300 files/);
    await waitOutput(page, /name: big/);
    // Like an example or a link, the opened folder is saved once it is
    // changed: the first edit's save writes every file.
    const edited = "local l = import 'lib/f000.libsonnet';\n{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'edited' }, data: { n: std.toString(l.n) } } }\n";
    await setSource(page, edited);
    await waitOutput(page, /name: edited/);
    await waitSaves(page, before + 1);
    await page.waitForTimeout(800); // any save still to come
    let saved = await mine(page);
    assert.equal(saved.files.size, bigFiles);
    assert.ok([...saved.files.values()].every((f) => f.v === 1), "each file written once");
    let bytes = 0;
    for (const f of saved.files.values()) bytes += f.length;
    assert.ok(bytes > 7_500_000, `${bytes} characters saved`);
    // Nothing of it is in localStorage, which could not hold it.
    const local = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("kubecfg-playground/workspace/")));
    assert.deepEqual(local, []);

    // Typing: a save a moment after the last key, of the one file typed in.
    const n0 = await saves(page);
    await page.keyboard.type("// typed\n", { delay: 20 });
    await waitSaves(page, n0 + 1);
    await page.waitForTimeout(800); // any save still to come
    const writes = await page.evaluate((k) => performance.getEntriesByName("kubecfg:autosave").slice(k).map((e) => e.detail), n0);
    assert.ok(writes.length <= 2, `typing 9 characters saved ${writes.length} times: ${JSON.stringify(writes)}`);
    assert.ok(writes.every((w) => w.files <= 1 && w.removed === 0), JSON.stringify(writes));
    saved = await mine(page);
    const changed = [...saved.files].filter(([, f]) => f.v > 1).map(([p]) => p);
    assert.deepEqual(changed, ["main.jsonnet"], "only the edited file's record was written again");
    const want = edited + "// typed\n";

    // A reload gives back the workspace as it was, files, entry and all.
    await page.reload();
    await waitStatus(page, /^Evaluated.*Restored your workspace\.$/, 30000);
    assert.equal((await editorText(page)).trim(), want.trim());
    await waitOutput(page, /name: edited/);
    assert.equal(await page.locator("#command-line").textContent(), "kubecfg show main.jsonnet");

    // A reload right after typing, before the save's quiet moment: the
    // page going away writes what it has not saved.
    await page.getByLabel("Editor", { exact: true }).click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type("// last\n");
    await page.reload();
    await waitStatus(page, /^Evaluated.*Restored your workspace\.$/, 30000);
    assert.equal((await editorText(page)).trim(), (want + "// last\n").trim());

    // Another edit, and the browser closed right after: the next start has it.
    await page.getByLabel("Editor", { exact: true }).click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type("// closed\n");
    await b.restart();
    await b.page.goto(b.url + "?nosw");
    await waitStatus(b.page, /^Evaluated.*Restored your workspace\.$/, 30000);
    assert.equal((await editorText(b.page)).trim(), (want + "// last\n// closed\n").trim());
    saved = await mine(b.page);
    assert.equal(saved.files.size, bigFiles, "every file is still there");
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test("a workspace an earlier build kept in localStorage moves into IndexedDB", async () => {
  b = await openPage();
  const { page } = b;
  // The earlier build's storage: the list and the workspace, whole, made
  // from a document of the site that is not the playground (which would
  // save its own workspace when it goes away).
  await page.goto(b.url + "wasm_exec.js");
  const state = {
    files: { "app.jsonnet": "import 'lib.libsonnet'\n", "lib.libsonnet": "{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'from-local' } } }\n" },
    entry: "app.jsonnet", active: "lib.libsonnet", controls: { command: "show", output: "json", jpath: "" }, links: {},
  };
  await page.evaluate((s) => {
    indexedDB.deleteDatabase("kubecfg-playground");
    sessionStorage.clear();
    localStorage.clear();
    localStorage.setItem("kubecfg:help-seen", "1");
    localStorage.setItem("kubecfg-playground/workspaces", JSON.stringify([{ id: "oldone", at: Date.now(), entry: s.entry, count: 2 }]));
    localStorage.setItem("kubecfg-playground/workspace/oldone", JSON.stringify(s));
  }, state);
  await page.goto(b.url + "?nosw"); // no fragment: it would be a link to the old state
  await waitStatus(page, /^Evaluated.*Restored your workspace\.$/, 30000);
  assert.equal((await editorText(page)).trim(), state.files["lib.libsonnet"].trim());
  await waitOutput(page, /"name": "from-local"/);
  const { meta, files } = await savedRecords(page);
  assert.deepEqual(meta.map((m) => m.ws), ["oldone"]);
  assert.deepEqual(files.map((f) => f[1]).sort(), ["app.jsonnet", "lib.libsonnet"]);
  assert.equal(await page.evaluate(() => localStorage.getItem("kubecfg-playground/workspace/oldone")), null, "moved, not copied");
});
