// The engine's session protocol on the real page (web/src/runner.js,
// ARCHITECTURE.md "The session protocol"): the first run sends the engine
// the whole workspace, and a keystroke sends it the file it changed and
// no other (the runner marks each update it posts, kubecfg:update).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { open, closeLeaked } from "./browser.mjs";
import { waitStatus, waitOutput, afterRun } from "./helpers.mjs";

let b;
before(async () => {
  b = await open();
  await b.page.goto(b.url + "?nosw");
});
after(async () => {
  const errors = b.errors;
  await b.close();
  await closeLeaked();
  assert.deepEqual(errors.map(String), [], "the page threw");
});

const updates = (page) => page.evaluate(() => performance.getEntriesByName("kubecfg:update").map((e) => e.detail));

test("a keystroke sends the engine the file it changed, and no file that did not change", async () => {
  const { page } = b;
  await waitStatus(page, /^Evaluated/, 30000);
  const first = await updates(page);
  assert.ok(first.length >= 1, "the first run sent an update");
  assert.equal(first[0].full, true, "the first update is the whole workspace");
  const workspace = first[0].files;
  assert.ok(workspace.length >= 2, `the default example's workspace: ${workspace}`);
  const active = await page.evaluate(() => document.querySelector("#file-tabs [aria-selected=true]")?.textContent?.trim() || "");

  const ed = page.getByLabel("Editor", { exact: true });
  await ed.click();
  await page.keyboard.press("ControlOrMeta+End");
  const n0 = (await updates(page)).length;
  for (const key of ["\n", "/", "/"]) {
    await afterRun(page, () => page.keyboard.type(key));
  }
  await waitOutput(page, /kind: Service/);
  const typed = (await updates(page)).slice(n0);
  const deltas = typed.filter((u) => !u.full);
  assert.ok(deltas.length >= 1, `no delta among ${JSON.stringify(typed)}`);
  for (const u of deltas) {
    assert.equal(u.files.length, 1, `a keystroke's update carries ${JSON.stringify(u.files)}`);
    assert.ok(workspace.includes(u.files[0]), `${u.files[0]} is a file of the workspace`);
    if (active) assert.ok(active.includes(u.files[0]) || u.files[0].endsWith(active), `${u.files[0]} is the open file, ${active}`);
  }
});
