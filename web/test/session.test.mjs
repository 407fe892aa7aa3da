// The runner's side of the engine's session protocol (web/src/runner.js),
// against a stand-in worker that keeps sessions as the engine does: the
// first run sends the whole workspace, a keystroke sends the file it
// changed and no other, a fresh worker gets the whole workspace again, a
// stale answer is recovered from by sending it again, and the engine
// always evaluates the request's own files.
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { Runner } from "../src/runner.js";
import { delta } from "../src/session.js";
import { SharedEngine } from "../src/shared-engine.js";

// EngineWorker holds sessions as kubecfg.update does ({rev, files, links}),
// answers a run against a revision it does not hold with stale, and
// answers every other run with the files it evaluated (the session's, or
// the request's own for a stateless run).
let workers = [];
class EngineWorker {
  constructor() {
    this.messages = [];
    this.sessions = new Map();
    this.terminated = false;
    this.forget = false; // answer the next run stale, as an engine that lost its sessions
    workers.push(this);
  }
  postMessage(m) {
    this.messages.push(structuredClone(m));
    if (m.type === "init") {
      queueMicrotask(() => this.onmessage({ data: { type: "ready", version: "v0", features: [], module: "module" } }));
    } else if (m.type === "update") {
      const u = structuredClone(m.update);
      const held = this.sessions.get(m.session);
      if (!u.full && (!held || held.rev !== u.base)) {
        if (held) held.rev = 0;
        return;
      }
      const s = u.full ? { files: {}, links: {} } : held;
      for (const [p, t] of Object.entries(u.files)) {
        if (t === null) delete s.files[p];
        else s.files[p] = t;
      }
      if (u.links) s.links = u.links;
      s.rev = u.rev;
      this.sessions.set(m.session, s);
    } else if (m.type === "dispose") {
      this.sessions.delete(m.session);
    } else if (m.type === "run") {
      queueMicrotask(() => this.evaluate(m));
    }
  }
  evaluate(m) {
    if (m.session !== undefined) {
      if (this.forget) { this.forget = false; this.sessions.clear(); }
      const s = this.sessions.get(m.session);
      assert.equal(m.request.files, undefined, "a session's run carries no files");
      if (!s || s.rev !== m.rev) {
        this.onmessage({ data: { type: "stale", id: m.id, stale: { session: m.session, have: s?.rev || 0, want: m.rev } } });
        return;
      }
      this.onmessage({ data: { type: "result", id: m.id, response: { exitCode: 0, files: { ...s.files }, links: s.links, request: m.request }, wallMs: 1 } });
      return;
    }
    const { files, links, ...request } = m.request;
    this.onmessage({ data: { type: "result", id: m.id, response: { exitCode: 0, files, links: links || {}, request, stateless: true }, wallMs: 1 } });
  }
  terminate() { this.terminated = true; }
  /** sent are the messages of a type posted since the last call. */
  sent(type) {
    const out = this.messages.filter((m) => m.type === type);
    this.messages = this.messages.filter((m) => m.type !== type);
    return out;
  }
}
globalThis.Worker = EngineWorker;
globalThis.location ??= { href: "http://127.0.0.1/", search: "" };

const tick = () => new Promise((r) => setTimeout(r, 0));
let runner;
beforeEach(async () => {
  workers = [];
  runner = new Runner({ wasmUrl: "core.wasm", wasmExecUrl: "wasm_exec.js", workerUrl: "worker.js" });
  await runner.start();
});

// A small workspace: the page's state keeps each file's string, and an
// edit replaces the one it changed.
const workspace = () => ({
  "main.jsonnet": "local lib = import 'lib.libsonnet';\n{ a: lib.a }\n",
  "lib.libsonnet": "{ a: 1 }\n",
  "data.json": JSON.stringify({ big: "x".repeat(10000) }),
});
const request = (files, more = {}) => ({ files, entry: "main.jsonnet", command: "show", ...more });

test("a keystroke sends the file it changed and no other; the engine evaluates the request's files", async () => {
  const w = workers[0];
  let files = workspace();
  const first = await runner.run(request(files));
  assert.deepEqual(first.files, files, "the engine holds the whole workspace");
  const [full] = w.sent("update");
  assert.equal(full.update.full, true);
  assert.deepEqual(Object.keys(full.update.files).sort(), Object.keys(files).sort());
  assert.equal(w.sent("run")[0].request.entry, "main.jsonnet");

  for (const key of ["{ a: 2 }\n", "{ a: 23 }\n", "{ a: 234 }\n"]) {
    files = { ...files, "lib.libsonnet": key };
    const resp = await runner.run(request(files));
    const updates = w.sent("update");
    assert.equal(updates.length, 1);
    assert.deepEqual({ ...updates[0].update.files }, { "lib.libsonnet": key }, "only the edited file crosses");
    assert.equal(updates[0].update.full, undefined);
    assert.equal(updates[0].update.links, undefined, "unchanged links are not sent");
    assert.deepEqual(resp.files, files);
    const [run] = w.sent("run");
    assert.equal(run.rev, updates[0].update.rev);
    assert.equal(run.request.files, undefined);
  }

  // Another flag on the same files sends no update at all.
  const evalResp = await runner.run(request(files, { command: "eval", expr: "$.a" }));
  assert.equal(w.sent("update").length, 0);
  assert.equal(evalResp.request.expr, "$.a");
  assert.deepEqual(evalResp.files, files);

  // A removed file crosses as null, a new one with its text.
  const { "data.json": _, ...rest } = files;
  files = { ...rest, "new.libsonnet": "{}" };
  const after = await runner.run(request(files));
  assert.deepEqual({ ...w.sent("update")[0].update.files }, { "data.json": null, "new.libsonnet": "{}" });
  assert.deepEqual(after.files, files);

  // New links cross whole; the files did not change.
  const linked = await runner.run(request(files, { links: { "vendor/x": "../x" } }));
  const [lu] = w.sent("update");
  assert.deepEqual({ ...lu.update.files }, {});
  assert.deepEqual(lu.update.links, { "vendor/x": "../x" });
  assert.deepEqual(linked.links, { "vendor/x": "../x" });
  assert.equal(runner.stale, 0);
});

test("a fresh worker (after a preemption) is sent the whole workspace before its first run", async () => {
  const files = workspace();
  await runner.run(request(files));
  const trace = runner.run(request(files, { traceAll: true }), { lane: "trace", preempt: true });
  const edit = runner.run(request({ ...files, "lib.libsonnet": "{ a: 9 }\n" }));
  assert.equal(await trace, null);
  const resp = await edit;
  const fresh = workers.at(-1);
  assert.notEqual(fresh, workers[0]);
  const [u] = fresh.sent("update");
  assert.equal(u.update.full, true, "the fresh worker gets the whole workspace");
  assert.deepEqual(resp.files, { ...files, "lib.libsonnet": "{ a: 9 }\n" });
});

test("a stale answer is recovered from by sending the whole workspace again, and never answers wrong", async () => {
  const w = workers[0];
  let files = workspace();
  await runner.run(request(files));
  w.sent("update");
  w.forget = true; // the engine lost the session
  files = { ...files, "main.jsonnet": "{}\n" };
  const resp = await runner.run(request(files));
  assert.equal(runner.stale, 1);
  assert.deepEqual(resp.files, files, "the answer is the request's files");
  const updates = w.sent("update");
  assert.equal(updates.length, 2);
  assert.equal(updates[1].update.full, true, "the recovery sends the whole workspace");
});

test("an engine that refuses the whole workspace too runs the request stateless", async () => {
  const w = workers[0];
  w.postMessage = ((post) => (m) => (m.type === "update" ? w.messages.push(m) : post.call(w, m)))(w.postMessage);
  const files = workspace();
  const resp = await runner.run(request(files));
  assert.equal(resp.stateless, true);
  assert.deepEqual(resp.files, files);
  assert.equal(runner.stale, 2);
});

test("a request whose files are not all texts runs stateless, as before", async () => {
  const resp = await runner.run(request({ "main.jsonnet": 7 }));
  assert.equal(resp.stateless, true);
  assert.deepEqual(resp.files, { "main.jsonnet": 7 });
  assert.equal(workers[0].sent("update").length, 0);
});

test("embeds keep a session each in one engine, and dispose of it", async () => {
  const engine = new SharedEngine(runner);
  const [a, b] = [engine.client(), engine.client()];
  const fa = { "main.jsonnet": "{ a: 1 }" };
  const fb = { "main.jsonnet": "{ b: 2 }", "lib.libsonnet": "{}" };
  assert.deepEqual((await a.run(request(fa))).files, fa);
  assert.deepEqual((await b.run(request(fb))).files, fb);
  const fa2 = { "main.jsonnet": "{ a: 11 }" };
  assert.deepEqual((await a.run(request(fa2))).files, fa2);
  const w = workers[0];
  const updates = w.sent("update");
  assert.deepEqual(updates.map((u) => [u.session, !!u.update.full]), [["embed-1", true], ["embed-2", true], ["embed-1", false]]);
  assert.equal(w.sessions.size, 2);
  b.dispose();
  assert.equal(w.sessions.size, 1);
  assert.deepEqual(w.sent("dispose").map((m) => m.session), ["embed-2"]);
});

test("delta: nothing, a change, a removal, a name of Object.prototype's", () => {
  const held = { files: { a: "1", b: "2" }, linksKey: "{}", rev: 3 };
  assert.equal(delta(held, { a: "1", b: "2" }, "{}"), null);
  assert.deepEqual({ ...delta(held, { a: "1", b: "2" }, "{\"x\":\"y\"}").files }, {});
  assert.deepEqual({ ...delta(held, { a: "1", b: "3" }, "{}").files }, { b: "3" });
  assert.deepEqual({ ...delta(held, { a: "1" }, "{}").files }, { b: null });
  assert.deepEqual({ ...delta(held, { a: "1", b: "2", toString: "t", __proto__: null }, "{}").files }, { toString: "t" });
  assert.deepEqual(delta(null, { a: "1" }, "{}"), { full: true, files: { a: "1" } });
});
