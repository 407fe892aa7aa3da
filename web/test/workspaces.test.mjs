// Unit tests of web/src/workspaces.js: the workspaces kept in localStorage,
// one per tab, and the Web Locks that tell which are open.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as st from "../src/state.js";
import { examples } from "../src/examples.js";
import { list, read, write, starting, maxKept, newId, claim, heldIds, tabWorkspace, setTabWorkspace, adoptOldBackup, adoptOrphans, indexKey } from "../src/workspaces.js";
import { memoryStorage } from "./memory-storage.mjs";

// File maps have no prototype (a file may be called __proto__): compared as JSON.
const plain = (x) => JSON.parse(JSON.stringify(x));

const workspace = (name, text = "{}\n") => st.normalize({ files: { [`${name}.jsonnet`]: text }, entry: `${name}.jsonnet`, controls: {} });

// fakeLocks is navigator.locks for one browser, shared by the "tabs" that
// use it: request with ifAvailable or with a signal (waiting until the
// lock is free or the signal aborts), and query.
function fakeLocks() {
  const held = new Map(); // name → the promise that holds it
  const waiting = []; // { name, grant }
  const take = (name, cb) => {
    const kept = Promise.resolve(cb({ name }));
    held.set(name, kept);
    kept.then(() => {
      held.delete(name);
      const i = waiting.findIndex((w) => w.name === name);
      if (i >= 0) waiting.splice(i, 1)[0].grant();
    });
  };
  return {
    async request(name, opts, cb) {
      if (!held.has(name)) return take(name, cb);
      if (opts.ifAvailable) return cb(null);
      return new Promise((resolve, reject) => {
        const w = { name, grant: () => resolve(take(name, cb)) };
        waiting.push(w);
        opts.signal.addEventListener("abort", () => {
          waiting.splice(waiting.indexOf(w), 1);
          reject(opts.signal.reason);
        });
      });
    },
    async query() { return { held: [...held.keys()].map((name) => ({ name })) }; },
  };
}

test("a workspace is saved, listed and read back", () => {
  const storage = memoryStorage();
  assert.deepEqual(list(storage), []);
  assert.equal(read("a", storage), null);
  const s = st.fromExample(examples[0]);
  s.files["app.jsonnet"] += "// edited\n";
  assert.ok(write("a", s, { storage, now: 5 }));
  assert.deepEqual(read("a", storage), st.normalize(s));
  assert.deepEqual(list(storage), [{ id: "a", at: 5, entry: s.entry, count: Object.keys(s.files).length }]);
});

test("the most recently saved comes first, and each keeps its own files", () => {
  const storage = memoryStorage();
  write("a", workspace("a"), { storage, now: 1 });
  write("b", workspace("b"), { storage, now: 2 });
  write("a", workspace("a", "{ again: true }\n"), { storage, now: 3 });
  assert.deepEqual(list(storage).map((x) => x.id), ["a", "b"]);
  assert.equal(read("a", storage).files["a.jsonnet"], "{ again: true }\n");
  assert.equal(read("b", storage).files["b.jsonnet"], "{}\n");
});

test("the oldest past maxKept are dropped, never one that is open", () => {
  const storage = memoryStorage();
  for (let i = 0; i < maxKept; i++) write(`w${i}`, workspace(`w${i}`), { storage, now: i });
  const held = new Set(["w0"]); // the oldest is open in a tab
  write("new", workspace("new"), { storage, now: 100, held });
  const ids = list(storage).map((x) => x.id);
  assert.equal(ids.length, maxKept);
  assert.ok(ids.includes("w0"), "the open one stays");
  assert.ok(!ids.includes("w1"), "the oldest free one goes");
  assert.equal(read("w1", storage), null, "with its files");
  assert.ok(read("w0", storage));
});

test("a full storage drops the oldest to make room, and says when it cannot", () => {
  const big = "x".repeat(3000);
  const storage = memoryStorage({ limit: 8000 });
  assert.ok(write("a", workspace("a", big), { storage, now: 1 }));
  assert.ok(write("b", workspace("b", big), { storage, now: 2 }));
  assert.ok(write("c", workspace("c", big), { storage, now: 3 }), "room made by dropping a");
  assert.deepEqual(list(storage).map((x) => x.id), ["c", "b"]);
  assert.equal(read("a", storage), null);
  assert.equal(write("d", workspace("d", "y".repeat(20000)), { storage, now: 4 }), false, "too large even alone");
  assert.deepEqual(list(storage).map((x) => x.id), ["c", "b"], "a failed save drops nothing");
  assert.ok(read("c", storage) && read("b", storage));
  const held = memoryStorage({ limit: 5000 });
  assert.ok(write("a", workspace("a", big), { storage: held, now: 1 }));
  assert.equal(write("b", workspace("b", big), { storage: held, now: 2, held: new Set(["a"]) }), false, "an open one is not dropped");
  assert.ok(read("a", held));
  assert.equal(write("x", workspace("x"), { storage: memoryStorage({ full: true }) }), false);
  assert.equal(write("x", workspace("x"), { storage: { getItem() { throw new Error("SecurityError"); } } }), false);
});

test("the single workspace of older builds is the workspace v1", () => {
  const storage = memoryStorage();
  const old = workspace("old");
  storage.setItem("kubecfg-playground/v1", JSON.stringify(old));
  assert.deepEqual(list(storage), [{ id: "v1", at: 0, entry: "old.jsonnet", count: 1 }]);
  assert.deepEqual(starting(storage, memoryStorage()), { id: "v1", state: old });
  write("n", workspace("n"), { storage, now: 9 });
  assert.deepEqual(list(storage).map((x) => x.id), ["n", "v1"], "it is listed until dropped");
  assert.deepEqual(read("v1", storage), old);
});

test("the backup of older builds becomes the oldest workspace", () => {
  const storage = memoryStorage();
  const current = workspace("current");
  const backup = workspace("backup");
  storage.setItem("kubecfg-playground/v1", JSON.stringify(current));
  storage.setItem("kubecfg-playground/previous", JSON.stringify(backup));
  adoptOldBackup(storage);
  const kept = list(storage);
  assert.deepEqual(kept.map((x) => [x.id === "v1" ? "v1" : "new", x.entry, x.at]), [["v1", "current.jsonnet", 0], ["new", "backup.jsonnet", 0]]);
  assert.deepEqual(read(kept[1].id, storage), backup);
  assert.equal(storage.getItem("kubecfg-playground/previous"), null);
  assert.equal(starting(storage, memoryStorage()).id, "v1", "a new tab still starts on the current one");
  adoptOldBackup(storage);
  assert.equal(list(storage).length, 2, "once");
  // A damaged backup is dropped; one that does not fit stays for later.
  const damaged = memoryStorage();
  damaged.setItem("kubecfg-playground/previous", "{");
  adoptOldBackup(damaged);
  assert.equal(damaged.getItem("kubecfg-playground/previous"), null);
  assert.deepEqual(list(damaged), []);
  const full = memoryStorage();
  full.setItem("kubecfg-playground/previous", JSON.stringify(backup));
  adoptOldBackup({ ...full, setItem() { throw new Error("QuotaExceededError"); } });
  assert.ok(full.getItem("kubecfg-playground/previous"));
});

test("a workspace the index lost to two tabs saving at once is listed again", () => {
  const storage = memoryStorage();
  write("old", workspace("old"), { storage, now: 1 });
  // Tab B read the index before tab A's save reached it, and writes it
  // after: A's workspace is saved but not listed.
  const stale = storage.getItem(indexKey);
  write("a", workspace("a"), { storage, now: 2 });
  storage.setItem(indexKey, stale);
  write("b", workspace("b"), { storage, now: 3 });
  assert.deepEqual(list(storage).map((x) => x.id), ["b", "old"]);
  adoptOrphans(storage);
  assert.deepEqual(list(storage).map((x) => [x.id, x.at]), [["a", 3], ["b", 3], ["old", 1]]);
  assert.deepEqual(read("a", storage), workspace("a"));
  adoptOrphans(storage);
  assert.equal(list(storage).length, 3, "once");
  // Damaged items and other keys are left alone; no storage is no error.
  storage.setItem("kubecfg-playground/workspace/bad", "{");
  storage.setItem("kubecfg-playground/workspace/../x", JSON.stringify(workspace("x")));
  storage.setItem("other-app/workspace/y", JSON.stringify(workspace("y")));
  adoptOrphans(storage);
  assert.deepEqual(list(storage).map((x) => x.id), ["a", "b", "old"]);
  adoptOrphans({ get length() { throw new Error("SecurityError"); } });
});

test("a saved workspace with controls of the wrong type still makes a request", () => {
  // Found by the kept workspaces fuzz target: vars that were not strings
  // made toRequest throw, so the page could not start.
  const storage = memoryStorage();
  const s = { files: { "a.jsonnet": "{}\n" }, entry: "a.jsonnet", active: 7, example: {},
    controls: { command: 1, expr: null, output: [], alpha: "yes", features: { a: true, b: "x", c: false }, vars: { extStr: 5, tlaCode: ["x"], other: "y" },
      showProvenance: "yes", exportNames: 5, exportExt: { x: 1 } } };
  storage.setItem("kubecfg-playground/workspace/a", JSON.stringify(s));
  const got = read("a", storage);
  assert.deepEqual(got.controls, { ...st.blankControls(), features: { a: true, c: false } });
  assert.equal(got.active, "a.jsonnet");
  assert.equal(got.example, "");
  assert.deepEqual(plain(st.toRequest(got, "v0")), { version: "v0", files: plain(s.files), entry: "a.jsonnet", command: "show", output: "yaml", features: ["a", "c=false"], alpha: false });
});

test("show's provenance and export controls are kept with the workspace", () => {
  const storage = memoryStorage();
  const s = st.normalize({ files: { "a.jsonnet": "{}\n" }, entry: "a.jsonnet", controls: { showProvenance: true, exportNames: "{{.kind}}", exportExt: "yml" } });
  write("a", s, { storage });
  const got = read("a", storage);
  assert.equal(got.controls.showProvenance, true);
  assert.equal(got.controls.exportNames, "{{.kind}}");
  assert.equal(got.controls.exportExt, "yml");
  assert.deepEqual(plain(st.toRequest(got, "v0")), { version: "v0", files: plain(s.files), entry: "a.jsonnet", command: "show", output: "yaml", features: [], alpha: false, showProvenance: true, exportNames: "{{.kind}}", exportExt: "yml" });
});

test("damaged storage is no workspace, not an error", () => {
  for (const junk of ["{", "null", "42", "{}", JSON.stringify([{ id: "../x", at: 1, entry: "a", count: 1 }, null, 7, { id: "a" }])]) {
    const storage = memoryStorage();
    storage.setItem("kubecfg-playground/workspaces", junk);
    assert.deepEqual(list(storage), [], junk);
    assert.equal(starting(storage, memoryStorage()), null, junk);
  }
  const storage = memoryStorage();
  write("a", workspace("a"), { storage, now: 1 });
  write("b", workspace("b"), { storage, now: 2 });
  storage.setItem("kubecfg-playground/workspace/b", JSON.stringify({ files: {}, entry: "x", controls: {} }));
  assert.equal(read("b", storage), null, "an entry that is not a file");
  assert.equal(starting(storage, memoryStorage()).id, "a", "the newest readable one");
  assert.equal(read("../../v1", storage), null, "ids are checked");
  assert.deepEqual(list({ getItem() { throw new Error("SecurityError"); } }), []);
});

test("a tab starts on its own workspace, else the most recent", () => {
  const storage = memoryStorage();
  const session = memoryStorage();
  assert.equal(starting(storage, session), null);
  write("mine", workspace("mine"), { storage, now: 1 });
  write("newer", workspace("newer"), { storage, now: 2 });
  assert.equal(starting(storage, session).id, "newer");
  setTabWorkspace("mine", session);
  assert.equal(tabWorkspace(session), "mine");
  assert.equal(starting(storage, session).id, "mine");
  setTabWorkspace("gone", session);
  assert.equal(starting(storage, session).id, "newer", "a tab whose workspace was dropped starts on the most recent");
  assert.equal(tabWorkspace({ getItem() { throw new Error("SecurityError"); } }), null);
});

test("claim: one tab has a workspace until it gives it up", async () => {
  const locks = fakeLocks();
  const release = await claim("a", { locks });
  assert.equal(typeof release, "function");
  assert.equal(await claim("a", { locks }), null, "another tab cannot have it");
  assert.ok(await claim("b", { locks }));
  assert.deepEqual(await heldIds(locks), new Set(["a", "b"]));
  release();
  await new Promise((r) => setTimeout(r));
  const again = await claim("a", { locks });
  assert.ok(again, "free again");
  // A reload waits for its old page to let go, but not forever.
  const waited = claim("a", { locks, wait: 2000 });
  setTimeout(again, 20);
  assert.equal(typeof (await waited), "function");
  const alive = setTimeout(() => {}, 5000); // Node's AbortSignal.timeout alone does not keep it running
  assert.equal(await claim("a", { locks, wait: 30 }), null, "held on: given up after the wait");
  clearTimeout(alive);
  // Without Web Locks every claim succeeds, and none is known to be open.
  assert.equal(typeof (await claim("a", { locks: undefined })), "function");
  assert.deepEqual(await heldIds(undefined), new Set());
  const refusing = { request: () => Promise.reject(new Error("SecurityError")), query: () => Promise.reject(new Error("SecurityError")) };
  assert.equal(typeof (await claim("a", { locks: refusing })), "function");
  assert.deepEqual(await heldIds(refusing), new Set());
});

test("new ids are fresh and valid", () => {
  const ids = new Set(Array.from({ length: 100 }, newId));
  assert.equal(ids.size, 100);
  for (const id of ids) assert.match(id, /^[A-Za-z0-9_-]{12}$/);
});

test("files named __proto__, constructor and toString are files like any other (issue 19)", async () => {
  const { encodeTxtar, decodeTxtar } = await import("../src/txtar.js");
  const { encodeFragment, decodeFragment } = await import("../src/share.js");
  const names = ["__proto__", "constructor", "toString", "main.jsonnet"];
  const files = st.fileMap();
  for (const n of names) files[n] = `// ${n}\n`;
  assert.deepEqual(Object.keys(files), names);
  const s = st.normalize({ files, entry: "main.jsonnet", controls: {} });
  assert.deepEqual(Object.keys(s.files), names);
  s.files["__proto__"] = "changed\n"; // an edit
  assert.equal(Object.getPrototypeOf(s.files), null);
  assert.deepEqual(Object.keys(st.toRequest(s).files), names);
  // A link, a saved workspace, a txtar download.
  const back = await decodeFragment(await encodeFragment(s));
  assert.ok(st.validState(back));
  assert.deepEqual(Object.keys(st.normalize(back).files), names);
  assert.equal(st.normalize(back).files["__proto__"], "changed\n");
  const storage = memoryStorage();
  write("p", s, { storage });
  assert.deepEqual(Object.keys(read("p", storage).files), names);
  assert.deepEqual(Object.keys(decodeTxtar(encodeTxtar(s.files)).files), names);
  assert.equal(decodeTxtar("-- __proto__ --\nx\n").files["__proto__"], "x\n");
  assert.throws(() => decodeTxtar("-- toString --\nx\n-- toString --\ny\n"), /appears twice/);
  // A variable may be called so too.
  assert.deepEqual(Object.entries(st.parseVars("__proto__=1\nconstructor=2")), [["__proto__", "1"], ["constructor", "2"]]);
});

test("linesWithoutValue", () => {
  assert.deepEqual(st.linesWithoutValue("A=1\n\nB\n  C  \nD=\n"), [{ line: 3, name: "B" }, { line: 4, name: "C" }]);
  assert.deepEqual(st.linesWithoutValue(""), []);
  assert.deepEqual(st.linesWithoutValue(undefined), []);
});
