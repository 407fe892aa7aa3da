// autosave.js: which files a save writes, how saves are coalesced, the
// journal written when the page goes away, and how a journal is laid over
// what was saved. The store here is a Map behind idb-store.js's save();
// IndexedDB itself is tested in Chromium (e2e/browser/autosave.test.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { diff, withJournal, journalRev, saver, emptyBase, journalKey, quietMs, maxWaitMs } from "../src/autosave.js";
import { normalize } from "../src/state.js";
import { memoryStorage } from "./memory-storage.mjs";

const state = (files, more = {}) => normalize({ files, entry: Object.keys(files)[0], controls: {}, ...more });

// fakeTimers runs timers when the test says: advance(ms).
function fakeTimers() {
  let t = 0;
  let queue = [];
  return {
    now: () => t,
    setTimer: (f, ms) => { const x = { f, at: t + ms }; queue.push(x); return x; },
    clearTimer: (x) => { queue = queue.filter((y) => y !== x); },
    async advance(ms) {
      const end = t + ms;
      for (;;) {
        queue.sort((a, b) => a.at - b.at);
        const x = queue[0];
        if (!x || x.at > end) break;
        queue.shift();
        t = x.at;
        x.f();
        await new Promise((r) => setImmediate(r));
      }
      t = end;
      await new Promise((r) => setImmediate(r));
    },
  };
}

// mapStore is a store whose saves land in a Map at once, or fail (fail()).
function mapStore() {
  const files = new Map();
  const meta = new Map();
  const saves = [];
  let failing = null;
  return {
    files, meta, saves,
    fail(err) { failing = err; },
    save(ws, { put, removed, meta: m }) {
      if (failing) return Promise.reject(failing);
      saves.push({ put: [...put.keys()], removed: [...removed], rev: m.rev });
      for (const [p, f] of put) files.set(`${ws}/${p}`, f);
      for (const p of removed) files.delete(`${ws}/${p}`);
      meta.set(ws, m);
      return Promise.resolve();
    },
  };
}

test("diff writes the files whose text changed, with their next version", () => {
  const s = state({ "a.jsonnet": "A2", "b.libsonnet": "B", "c.libsonnet": "C" });
  const texts = new Map([["a.jsonnet", "A"], ["b.libsonnet", "B"], ["gone.libsonnet", "G"]]);
  const versions = new Map([["a.jsonnet", 4], ["b.libsonnet", 2], ["gone.libsonnet", 1]]);
  const d = diff(s, texts, versions);
  assert.deepEqual([...d.put], [["a.jsonnet", { text: "A2", v: 5 }], ["c.libsonnet", { text: "C", v: 1 }]]);
  assert.deepEqual(d.removed, ["gone.libsonnet"]);
  assert.deepEqual([...d.versions], [["a.jsonnet", 5], ["b.libsonnet", 2], ["c.libsonnet", 1]]);
  // A file called __proto__ is a file like any other.
  const odd = state(JSON.parse('{"__proto__": "x"}'));
  assert.deepEqual([...diff(odd, new Map(), new Map()).put.keys()], ["__proto__"]);
});

test("saves are coalesced, write one file per edit, and get a new rev", async () => {
  const db = mapStore();
  const timers = fakeTimers();
  const s = state({ "main.jsonnet": "{}", ...Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`lib/f${i}.libsonnet`, `{ n: ${i} }`])) });
  const listed = [];
  const sv = saver(db, "w1", emptyBase(), { state: () => s, storage: memoryStorage(), listed: (r) => listed.push(r), ...timers });
  sv.touch();
  await timers.advance(quietMs);
  assert.equal(db.saves.length, 1);
  assert.equal(db.saves[0].put.length, 51, "the first save writes every file");
  assert.equal(db.saves[0].rev, 0, "the state it was made with is rev 0");
  // Typing: a key every 50 ms for a second and a half is one or two saves,
  // each of the one file typed in.
  for (let i = 0; i < 30; i++) {
    s.files["main.jsonnet"] += " ";
    sv.touch();
    await timers.advance(50);
  }
  await timers.advance(quietMs);
  const typed = db.saves.slice(1);
  assert.ok(typed.length >= 1 && typed.length <= Math.ceil(1500 / maxWaitMs) + 1, JSON.stringify(typed));
  for (const x of typed) assert.deepEqual(x.put, ["main.jsonnet"]);
  assert.equal(db.files.get("w1/main.jsonnet").v, 1 + typed.length);
  assert.equal(db.files.get("w1/lib/f3.libsonnet").v, 1);
  assert.equal(sv.rev, 30, "a rev per change");
  assert.equal(db.meta.get("w1").rev, 30);
  assert.equal(listed.at(-1), 30, "the list has the rev that was saved");
  // A removed file's record goes; a change of the open file alone saves
  // but is not a new rev (a run of the workspace is the same).
  delete s.files["lib/f0.libsonnet"];
  s.active = "lib/f1.libsonnet";
  sv.touch();
  await timers.advance(quietMs);
  assert.deepEqual(db.saves.at(-1).removed, ["lib/f0.libsonnet"]);
  assert.equal(db.files.has("w1/lib/f0.libsonnet"), false);
  s.active = "lib/f2.libsonnet";
  const rev = sv.rev;
  sv.touch();
  await timers.advance(quietMs);
  assert.equal(sv.rev, rev);
  assert.equal(db.meta.get("w1").state.active, "lib/f2.libsonnet");
});

test("a failed save is reported and kept for the next; making room retries at once", async () => {
  const db = mapStore();
  const timers = fakeTimers();
  const s = state({ "a.jsonnet": "1" });
  const reports = [];
  let room = 1;
  const sv = saver(db, "w", emptyBase(), {
    state: () => s, storage: memoryStorage(), ...timers,
    report: (ok) => reports.push(ok), makeRoom: async () => room-- > 0,
  });
  db.fail(new DOMException("full", "QuotaExceededError"));
  sv.touch();
  await timers.advance(quietMs);
  assert.deepEqual(reports, [false], "one retry after making room, then the failure is told");
  db.fail(null);
  s.files["a.jsonnet"] = "2";
  sv.touch();
  assert.equal(await sv.flush(), true);
  assert.equal(db.files.get("w/a.jsonnet").text, "2");
  assert.equal(reports.at(-1), true);
});

test("the journal holds what is not on disk, and is dropped once it is", async () => {
  const db = mapStore();
  const timers = fakeTimers();
  const storage = memoryStorage();
  const s = state({ "a.jsonnet": "A", "b.libsonnet": "B" });
  const sv = saver(db, "w", emptyBase(), { state: () => s, storage, ...timers });
  sv.touch();
  await sv.flush();
  // The page goes away right after an edit: the journal has the one file.
  s.files["b.libsonnet"] = "B2";
  sv.touch();
  // A small change is in the journal at once (a crash does not lose it).
  assert.equal(JSON.parse(storage.getItem(journalKey("w"))).put["b.libsonnet"], "B2");
  db.fail(new Error("the page is gone")); // the save does not get to disk
  sv.journal();
  const j = JSON.parse(storage.getItem(journalKey("w")));
  assert.deepEqual(Object.keys(j.put), ["b.libsonnet"]);
  assert.equal(j.rev, 1);
  // The next page reads the store and lays the journal over it.
  const loaded = { rev: 0, state: state({ "a.jsonnet": "A", "b.libsonnet": "B" }) };
  const got = withJournal(loaded, storage.getItem(journalKey("w")));
  assert.equal(got.rev, 1);
  assert.deepEqual({ ...got.state.files }, { "a.jsonnet": "A", "b.libsonnet": "B2" });
  // An older journal, a damaged one, or one naming a file neither has: the store's.
  assert.equal(withJournal({ ...loaded, rev: 1 }, storage.getItem(journalKey("w"))).state, loaded.state);
  for (const junk of ["{", "null", JSON.stringify({ rev: 9, meta: { paths: [["x", 1]] }, put: {} })]) {
    assert.equal(withJournal(loaded, junk), loaded, junk);
  }
  assert.equal(journalRev("{"), -1);
  // Once a save of that rev is on disk, the journal goes.
  db.fail(null);
  await sv.flush();
  s.files["a.jsonnet"] = "A2";
  sv.touch();
  await sv.flush();
  assert.equal(storage.getItem(journalKey("w")), null);
});

test("a touch without a change keeps the rev (the page's save at start-up)", async () => {
  const db = mapStore();
  const timers = fakeTimers();
  const s = state({ "a.jsonnet": "A2" });
  // What the store holds is older than the state (a journal was laid over it).
  const base = { rev: 4, versions: new Map([["a.jsonnet", 3]]), texts: new Map([["a.jsonnet", "A"]]), rest: null };
  const sv = saver(db, "w", { ...base, rev: 5 }, { state: () => s, storage: memoryStorage(), ...timers });
  sv.touch();
  await sv.flush();
  assert.equal(sv.rev, 5, "the state is the journal's rev");
  assert.deepEqual(db.saves.at(-1), { put: ["a.jsonnet"], removed: [], rev: 5 });
  assert.equal(db.files.get("w/a.jsonnet").v, 4);
});

test("without IndexedDB, workspaces are kept whole in localStorage, as before", async () => {
  const { openKeep } = await import("../src/keep.js");
  const ws = await import("../src/workspaces.js");
  const storage = memoryStorage();
  const keep = await openKeep({ storage, idb: undefined });
  assert.equal(keep.kind, "localStorage");
  const s = state({ "a.jsonnet": "{}" });
  const reports = [];
  const sv = keep.saverFor("w1", () => s, null, { report: (ok) => reports.push(ok) });
  sv.touch();
  assert.deepEqual(reports, [true], "saved at once");
  s.files["a.jsonnet"] = "{ a: 1 }";
  sv.touch();
  assert.equal(sv.rev, 1);
  const back = await keep.read("w1");
  assert.equal(back.state.files["a.jsonnet"], "{ a: 1 }");
  assert.equal(back.base.rev, 1);
  assert.equal(ws.list(storage)[0].rev, 1, "the list has the rev, for the boot script");
  const session = memoryStorage();
  assert.equal((await keep.starting(session)).id, "w1");
  // A full storage is reported, not thrown.
  const full = await openKeep({ storage: memoryStorage({ full: true }), idb: undefined });
  const failed = [];
  full.saverFor("w2", () => s, null, { report: (ok) => failed.push(ok) }).touch();
  assert.deepEqual(failed, [false]);
});
