// One engine for the embeds of a page (web/src/shared-engine.js), over the
// real Runner and a stand-in worker: every embed's run is answered (a
// Runner of their own each dropped none, but one Runner shared as it is
// would replace one embed's waiting run by another's), a newer run of one
// embed replaces only that embed's waiting one, and the embeds of one
// parent find the first one's engine, of their build only.
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { Runner } from "../src/runner.js";
import { SharedEngine, siblingEngine, embedEngine } from "../src/shared-engine.js";

let workers = [];
class FakeWorker {
  constructor() {
    this.runs = [];
    workers.push(this);
  }
  postMessage(m) {
    if (m.type === "init") queueMicrotask(() => this.onmessage({ data: { type: "ready", version: "v0", features: [], module: "module" } }));
    else if (m.type === "run") this.runs.push(m);
    else if (m.type === "k8sSchema") (this.schemaMsgs ||= []).push(m.version);
  }
  terminate() {}
  answer() {
    const m = this.runs.shift();
    this.onmessage({ data: { type: "result", id: m.id, response: { output: "", exitCode: 0, echo: m.request }, wallMs: 1 } });
  }
}
globalThis.Worker = FakeWorker;
globalThis.location ??= { href: "http://127.0.0.1/", search: "" };

const tick = () => new Promise((r) => setTimeout(r, 0));
const make = (wasmUrl = "core.wasm") => new Runner({ wasmUrl, wasmExecUrl: "wasm_exec.js", workerUrl: "worker.js" });

beforeEach(() => { workers = []; });

test("the embeds' runs are answered one at a time, each embed's newest only", async () => {
  const engine = new SharedEngine(make());
  const [a, b, c] = [engine.client(), engine.client(), engine.client()];
  await a.start();
  const a1 = a.run({ n: "a1" });
  const b1 = b.run({ n: "b1" });
  const c1 = c.run({ n: "c1" });
  const b2 = b.run({ n: "b2" });
  assert.equal(await b1, null, "b's newer run replaces b's waiting one");
  const w = workers[0];
  const order = [];
  for (const p of [a1, c1, b2]) {
    await tick();
    assert.equal(w.runs.length, 1, "one run at a time");
    order.push(w.runs[0].request.n);
    w.answer();
    assert.deepEqual((await p).echo, { n: order.at(-1) });
  }
  assert.deepEqual(order, ["a1", "c1", "b2"], "in order of arrival");
  assert.equal(workers.length, 1, "one worker");
});

test("an embed's main run goes before the traces waiting, and drops its own", async () => {
  const engine = new SharedEngine(make());
  const [a, b] = [engine.client(), engine.client()];
  await a.start();
  const w = workers[0];
  const a1 = a.run({ n: "a1" });
  await tick();
  const at = a.run({ n: "at" }, { lane: "trace" });
  const bt = b.run({ n: "bt" }, { lane: "trace" });
  const b1 = b.run({ n: "b1" });
  assert.equal(await bt, null, "b's main run drops b's trace");
  w.answer();
  await a1;
  await tick();
  assert.equal(w.runs[0].request.n, "b1");
  w.answer();
  await b1;
  await tick();
  w.answer();
  assert.deepEqual((await at).echo, { n: "at" }, "a's trace still runs");
});

// A parent with frames, as the browser has them: a frame of another
// origin throws on any property.
function frames(...wins) {
  const parent = { frames: wins };
  for (const w of wins) if (w !== foreign) w.parent = parent;
  return parent;
}
function win() {
  const listeners = {};
  return { addEventListener: (t, f) => { listeners[t] = f; }, fire: (t) => listeners[t]?.() };
}
const foreign = new Proxy({}, { get() { throw new Error("SecurityError"); } });

test("the first embed publishes its engine and the others of its parent and build use it", async () => {
  const [w1, w2, w3] = [win(), win(), win()];
  frames(w1, foreign, w2, w3);
  const e1 = embedEngine(() => make(), w1);
  const e2 = embedEngine(() => make(), w2);
  const e3 = embedEngine(() => make("other-build.wasm"), w3);
  assert.ok(w1.kubecfgSharedEngine, "the first publishes");
  assert.equal(w2.kubecfgSharedEngine, undefined, "the second uses it");
  assert.equal(siblingEngine(make().build(), w2), w1.kubecfgSharedEngine);
  assert.ok(w3.kubecfgSharedEngine && w3.kubecfgSharedEngine !== w1.kubecfgSharedEngine, "another build has its own");
  await Promise.all([e1.start(), e2.start(), e3.start()]);
  assert.equal(workers.length, 2, "one worker per build");

  // The first embed's frame goes away: the second starts its own engine.
  w1.fire("pagehide");
  const r = e2.run({ n: "after" });
  await tick();
  await tick();
  assert.equal(workers.length, 3);
  workers[2].answer();
  assert.deepEqual((await r).echo, { n: "after" });
});

test("an embed's validation goes behind main runs with its schema, and its own main run drops it", async () => {
  const engine = new SharedEngine(make());
  const [a, b] = [engine.client(), engine.client()];
  await a.start();
  const w = workers[0];
  const a1 = a.run({ n: "a1" });
  const av = a.run({ n: "av" }, { lane: "validate", schema: { version: "1.31", data: "{}" } });
  const bv = b.run({ n: "bv" }, { lane: "validate", schema: { version: "1.35", data: "{}" } });
  const b1 = b.run({ n: "b1" });
  assert.equal(await bv, null, "b's edit dropped b's waiting validation");
  const order = [];
  for (const p of [a1, b1, av]) {
    await tick();
    order.push(w.runs[0].request.n);
    w.answer();
    await p;
  }
  assert.deepEqual(order, ["a1", "b1", "av"]);
  assert.deepEqual(w.schemaMsgs, ["1.31"], "the validation's schema reached the worker");
});
