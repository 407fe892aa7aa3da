// The runner's lanes (web/src/runner.js) against a stand-in worker: main
// runs go first and drop a waiting trace, each lane keeps only its newest
// request, and a main run ends a preemptible trace in flight by starting a
// fresh worker.
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { Runner, fastWanted } from "../src/runner.js";

// FakeWorker answers init at once and holds every run until the test
// answers it (answer), in the order they were posted.
let workers = [];
class FakeWorker {
  constructor(url, opts) {
    this.name = opts?.name;
    this.runs = [];
    this.schemaMsgs = []; // the schema messages, in order, each with the runs posted before it
    this.terminated = false;
    workers.push(this);
  }
  postMessage(m) {
    if (m.type === "init") {
      queueMicrotask(() => this.onmessage({ data: { type: "ready", version: "v0", features: [], module: m.module ? undefined : "module" } }));
    } else if (m.type === "run") {
      this.runs.push(m);
    } else if (m.type === "k8sSchema") {
      this.schemaMsgs.push({ version: m.version, data: m.data, runsBefore: this.runs.length });
    }
  }
  terminate() { this.terminated = true; }
  /** answer replies to the oldest unanswered run with response. */
  answer(response = { output: "", exitCode: 0 }) {
    const m = this.runs.shift();
    this.onmessage({ data: { type: "result", id: m.id, response: { ...response, echo: m.request }, wallMs: 1 } });
  }
}
globalThis.Worker = FakeWorker;
globalThis.location ??= { href: "http://127.0.0.1/", search: "" };

const tick = () => new Promise((r) => setTimeout(r, 0));
let runner;
beforeEach(async () => {
  workers = [];
  runner = new Runner({ wasmUrl: "core.wasm", wasmExecUrl: "wasm_exec.js", workerUrl: "worker.js" });
  await runner.start();
});

test("main runs go before a waiting trace, and a newer request replaces the one waiting in its lane", async () => {
  const w = workers[0];
  const first = runner.run({ n: 1 });
  await tick();
  const trace1 = runner.run({ n: "t1" }, { lane: "trace" });
  const exp = runner.run({ n: "x" }, { lane: "export" });
  const trace2 = runner.run({ n: "t2" }, { lane: "trace" });
  assert.equal(await trace1, null, "a newer trace replaces the waiting one");
  w.answer();
  assert.deepEqual((await first).echo, { n: 1 });
  await tick();
  assert.deepEqual(w.runs.map((m) => m.request.n), ["x"], "the export goes before the trace");
  w.answer();
  assert.deepEqual((await exp).echo, { n: "x" });
  await tick();
  w.answer();
  assert.deepEqual((await trace2).echo, { n: "t2" });
});

test("a main run drops the trace waiting, not the export", async () => {
  const w = workers[0];
  const first = runner.run({ n: 1 });
  await tick();
  const trace = runner.run({ n: "t" }, { lane: "trace" });
  const exp = runner.run({ n: "x" }, { lane: "export" });
  const second = runner.run({ n: 2 });
  assert.equal(await trace, null);
  assert.equal(await Promise.race([first.then(() => "answered"), tick().then(() => "in flight")]), "in flight", "a run in flight is not dropped");
  w.answer();
  await first;
  await tick();
  assert.deepEqual(w.runs.map((m) => m.request.n), [2]);
  w.answer();
  assert.deepEqual((await second).echo, { n: 2 });
  await tick();
  w.answer();
  assert.deepEqual((await exp).echo, { n: "x" });
});

test("a main run preempts a preemptible trace in flight: a fresh worker runs it", async () => {
  const w = workers[0];
  const trace = runner.run({ n: "all" }, { lane: "trace", preempt: true });
  await tick();
  assert.equal(w.runs.length, 1);
  const edit = runner.run({ n: 1 });
  assert.equal(await trace, null, "the preempted trace resolves to null");
  assert.ok(w.terminated, "its worker is ended");
  assert.equal(runner.preempted, 1);
  const fresh = workers[1];
  assert.ok(fresh && fresh !== w);
  await tick();
  assert.deepEqual(fresh.runs.map((m) => m.request.n), [1]);
  fresh.answer();
  assert.deepEqual((await edit).echo, { n: 1 });
});

test("a newer edit ends a main run in flight once it has run staleAfterMs, and the newest edit runs on a fresh worker", async () => {
  runner = new Runner({ wasmUrl: "core.wasm", wasmExecUrl: "wasm_exec.js", workerUrl: "worker.js", staleAfterMs: 30 });
  await runner.start();
  const w = workers.at(-1);
  const slow = runner.run({ n: "slow" });
  await tick();
  const edit1 = runner.run({ n: 1 });
  const edit2 = runner.run({ n: 2 });
  assert.equal(await edit1, null, "the newer edit replaces the waiting one");
  assert.equal(w.terminated, false, "not before staleAfterMs");
  assert.equal(await slow, null, "the slow run is ended: its program is no longer the editor's");
  assert.ok(w.terminated);
  assert.equal(runner.preempted, 1);
  const fresh = workers.at(-1);
  await tick();
  assert.deepEqual(fresh.runs.map((m) => m.request.n), [2]);
  fresh.answer();
  assert.deepEqual((await edit2).echo, { n: 2 });
});

test("a main run that answers before staleAfterMs is not ended by a newer edit", async () => {
  runner = new Runner({ wasmUrl: "core.wasm", wasmExecUrl: "wasm_exec.js", workerUrl: "worker.js", staleAfterMs: 50 });
  await runner.start();
  const w = workers.at(-1);
  const first = runner.run({ n: 1 });
  await tick();
  const second = runner.run({ n: 2 });
  w.answer();
  assert.deepEqual((await first).echo, { n: 1 });
  await tick();
  w.answer();
  assert.deepEqual((await second).echo, { n: 2 });
  await new Promise((r) => setTimeout(r, 80));
  assert.equal(w.terminated, false);
  assert.equal(runner.preempted, 0);
});

test("a main run waits for a trace in flight that is not preemptible; a trace waits behind main runs", async () => {
  const w = workers[0];
  const trace = runner.run({ n: "line" }, { lane: "trace" });
  await tick();
  const edit = runner.run({ n: 1 });
  const other = runner.run({ n: "all" }, { lane: "trace", preempt: true });
  assert.equal(w.terminated, false);
  w.answer();
  assert.deepEqual((await trace).echo, { n: "line" });
  await tick();
  w.answer();
  assert.deepEqual((await edit).echo, { n: 1 });
  await tick();
  w.answer();
  assert.deepEqual((await other).echo, { n: "all" });
  assert.equal(runner.preempted, 0);
});

test("a run that needs the full engine is run again there, in its lane", async () => {
  runner = new Runner({ wasmUrl: "core.wasm", fullWasmUrl: "full.wasm", wasmExecUrl: "wasm_exec.js", workerUrl: "worker.js" });
  const restarts = [];
  runner.opts.onRestart = (why, req) => restarts.push([why, req?.n]);
  await runner.start();
  const core = workers.at(-1);
  const exp = runner.run({ n: "x" }, { lane: "export" });
  await tick();
  core.answer({ output: "", exitCode: 1, needsFullEngine: true });
  assert.ok(core.terminated);
  assert.deepEqual(restarts, [["full", "x"]]);
  const full = workers.at(-1);
  assert.notEqual(full, core);
  assert.match(full.name, /full\.wasm/);
  await tick();
  full.answer({ output: "", exitCode: 0, exportFiles: [] });
  const resp = await exp;
  assert.deepEqual(resp.echo, { n: "x" });
  assert.equal(resp.exitCode, 0);
});

test("fastWanted reads fast-eval from --features and --alpha, the last item winning", () => {
  const cases = [
    [{}, false],
    [{ features: ["eval"] }, false],
    [{ features: ["fast-eval"] }, true],
    [{ features: ["eval,fast-eval"] }, true],
    [{ features: ["fast-eval=true"] }, true],
    [{ features: ["fast-eval=false"] }, false],
    [{ features: ["fast-eval", "fast-eval=false"] }, false],
    [{ features: ["fast-eval=false", "fast-eval"] }, true],
    [{ alpha: true }, true],
    [{ alpha: true, features: ["fast-eval=false"] }, false],
    [{ features: ["fast-evaluation"] }, false],
  ];
  for (const [req, want] of cases) assert.equal(fastWanted(req), want, JSON.stringify(req));
});

test("a run that turns fast-eval on goes to the full engine before it runs; later runs stay there", async () => {
  runner = new Runner({ wasmUrl: "core.wasm", fullWasmUrl: "full.wasm", wasmExecUrl: "wasm_exec.js", workerUrl: "worker.js" });
  const restarts = [];
  runner.opts.onRestart = (why, req) => restarts.push([why, req?.n]);
  await runner.start();
  const core = workers.at(-1);
  const plain = runner.run({ n: 1 });
  await tick();
  assert.equal(core.runs.length, 1, "without fast-eval the core engine runs it");
  core.answer();
  await plain;
  const fast = runner.run({ n: 2, features: ["fast-eval"] });
  await tick();
  assert.ok(core.terminated, "the core engine's worker is ended");
  assert.equal(core.runs.length, 0, "the core engine never sees the run");
  assert.deepEqual(restarts, [["full", 2]]);
  const full = workers.at(-1);
  assert.match(full.name, /full\.wasm/);
  assert.equal(full.runs.length, 1);
  full.answer({ output: "x", exitCode: 0 });
  assert.equal((await fast).output, "x");
  assert.equal(runner.full, true);
  const off = runner.run({ n: 3, features: ["fast-eval=false"] });
  await tick();
  assert.equal(workers.at(-1), full, "the full engine stays");
  full.answer();
  await off;
});

test("a core engine's answer with fast-eval on in its features table prepares the full engine, which takes over after it", async () => {
  runner = new Runner({ wasmUrl: "core.wasm", fullWasmUrl: "full.wasm", wasmExecUrl: "wasm_exec.js", workerUrl: "worker.js" });
  await runner.start();
  const core = workers.at(-1);
  const first = runner.run({ n: 1 });
  await tick();
  core.answer({ output: "same", exitCode: 0, features: [{ name: "fast-eval", enabled: true }] });
  assert.equal((await first).output, "same", "the core engine's answer stands (the outputs are equal)");
  await tick();
  await runner.preparing;
  assert.equal(runner.full, true);
  assert.equal(runner.prepared, 1);
  assert.ok(core.terminated);
  const full = workers.at(-1);
  assert.match(full.name, /full\.wasm/);
  const next = runner.run({ n: 2 });
  await tick();
  assert.equal(full.runs.length, 1);
  full.answer();
  await next;
});

test("a validation waits behind main runs, goes before an export, and a main run drops the one waiting", async () => {
  const w = workers[0];
  const first = runner.run({ n: 1 });
  await tick();
  const exp = runner.run({ n: "x" }, { lane: "export" });
  const v1 = runner.run({ n: "v1" }, { lane: "validate" });
  const second = runner.run({ n: 2 });
  assert.equal(await v1, null, "the edit after it dropped the validation of the show before it");
  const v2 = runner.run({ n: "v2" }, { lane: "validate" });
  w.answer();
  await first;
  await tick();
  assert.deepEqual(w.runs.map((m) => m.request.n), [2], "the main run first");
  w.answer();
  await second;
  await tick();
  assert.deepEqual(w.runs.map((m) => m.request.n), ["v2"], "then the validation, before the export");
  w.answer();
  assert.deepEqual((await v2).echo, { n: "v2" });
  await tick();
  w.answer();
  assert.deepEqual((await exp).echo, { n: "x" });
});

test("a run's schema goes to a worker once, before the run; a fresh worker gets it again", async () => {
  runner = new Runner({ wasmUrl: "core.wasm", fullWasmUrl: "full.wasm", wasmExecUrl: "wasm_exec.js", workerUrl: "worker.js" });
  await runner.start();
  const core = workers.at(-1);
  const schema = { version: "1.35", data: '{"k":1}' };
  const v1 = runner.run({ n: "v1", files: { "a.jsonnet": "{}" } }, { lane: "validate", schema });
  await tick();
  assert.deepEqual(core.schemaMsgs, [{ version: "1.35", data: '{"k":1}', runsBefore: 0 }], "the schema before the run");
  // The core engine has no validator: the run goes again on the full
  // engine, a new worker, which is given the schema first too.
  core.answer({ output: "", exitCode: 1, needsFullEngine: true });
  const full = workers.at(-1);
  assert.notEqual(full, core);
  await tick();
  assert.deepEqual(full.schemaMsgs, [{ version: "1.35", data: '{"k":1}', runsBefore: 0 }]);
  assert.equal(full.runs.length, 1);
  full.answer({ output: "", exitCode: 0 });
  assert.deepEqual((await v1).echo.n, "v1");
  // The same minor again: not sent again; another minor: sent.
  const v2 = runner.run({ n: "v2", files: { "a.jsonnet": "{}" } }, { lane: "validate", schema });
  await tick();
  assert.equal(full.schemaMsgs.length, 1, "a worker that has a minor's schemas is not sent them again");
  full.answer();
  await v2;
  const v3 = runner.run({ n: "v3", files: { "a.jsonnet": "{}" } }, { lane: "validate", schema: { version: "1.31", data: "{}" } });
  await tick();
  assert.deepEqual(full.schemaMsgs.map((s) => s.version), ["1.35", "1.31"]);
  full.answer();
  await v3;
  // A run without a schema sends none.
  const plain = runner.run({ n: 4, files: { "a.jsonnet": "{}" } });
  await tick();
  assert.equal(full.schemaMsgs.length, 2);
  full.answer();
  await plain;
});

test("an edit ends a validation in flight once it has run staleAfterMs (a fresh worker, the schema again); a quick one is left to finish", async () => {
  runner = new Runner({ wasmUrl: "core.wasm", wasmExecUrl: "wasm_exec.js", workerUrl: "worker.js", staleAfterMs: 30 });
  await runner.start();
  const w = workers.at(-1);
  const schema = { version: "1.35", data: "{}" };
  const quick = runner.run({ n: "v1", files: { "a.jsonnet": "{}" } }, { lane: "validate", schema });
  await tick();
  const edit1 = runner.run({ n: 1, files: { "a.jsonnet": "{}" } });
  w.answer();
  assert.deepEqual((await quick).echo.n, "v1", "answered before staleAfterMs: not ended");
  await tick();
  w.answer();
  await edit1;
  assert.equal(w.terminated, false);
  const slow = runner.run({ n: "v2", files: { "a.jsonnet": "{}" } }, { lane: "validate", schema });
  await tick();
  const edit2 = runner.run({ n: 2, files: { "a.jsonnet": "{}" } });
  assert.equal(await slow, null, "the validation of the program before the edit is ended");
  assert.ok(w.terminated);
  const fresh = workers.at(-1);
  await tick();
  assert.deepEqual(fresh.runs.map((m) => m.request.n), [2]);
  fresh.answer();
  await edit2;
  const v3 = runner.run({ n: "v3", files: { "a.jsonnet": "{}" } }, { lane: "validate", schema });
  await tick();
  assert.deepEqual(fresh.schemaMsgs.map((m) => m.version), ["1.35"], "the fresh worker is given the schema");
  fresh.answer();
  await v3;
});

test("the boot script's early run is the page's first run when the request is the same, version aside", async () => {
  const w = workers[0];
  const req = { files: { "a.jsonnet": "{}" }, entry: "a.jsonnet", version: "" };
  const early = runner.early(req, 60000);
  assert.equal(runner.opts.timeoutMs, 60000, "a first run's limit until the page sets its own");
  await tick();
  assert.equal(w.runs.length, 1, "posted at once");
  const page = runner.run({ ...req, version: "v0" });
  await tick();
  assert.equal(w.runs.length, 1, "not posted again");
  w.answer({ output: "x", exitCode: 0 });
  assert.equal((await page).output, "x");
  assert.equal(await early, await page);
  // Only the first main run takes it: the next one is run (in the same
  // session: the early run sent the files, so this run carries none).
  const again = runner.run(req);
  await tick();
  assert.equal(w.runs.length, 1);
  assert.equal(w.runs[0].session, "page");
  w.answer();
  assert.deepEqual((await again).echo, { entry: "a.jsonnet", version: "" });
});

test("the page's first run of another request supersedes the early run", async () => {
  const w = workers[0];
  const early = runner.early({ n: 1, version: "" });
  await tick();
  const page = runner.run({ n: 2, version: "" });
  w.answer();
  assert.deepEqual((await early).echo, { n: 1, version: "" }, "a run in flight finishes (staleAfterMs)");
  await tick();
  w.answer();
  assert.deepEqual((await page).echo, { n: 2, version: "" });
  // An early run still queued is dropped for the page's.
  const queued = new Runner({ wasmUrl: "core.wasm", wasmExecUrl: "wasm_exec.js", workerUrl: "worker.js" });
  await queued.start();
  const w2 = workers.at(-1);
  const busy = queued.run({ n: "t" }, { lane: "trace" });
  await tick();
  const dropped = queued.early({ n: 3, version: "" });
  const mine = queued.run({ n: 4, version: "" });
  assert.equal(await dropped, null);
  w2.answer();
  await busy;
  await tick();
  w2.answer();
  assert.deepEqual((await mine).echo, { n: 4, version: "" });
});

test("early after the page's first run does nothing", async () => {
  const w = workers[0];
  const first = runner.run({ n: 1 });
  await tick();
  const late = runner.early({ n: 2, version: "" });
  assert.equal(await late, null);
  await tick();
  assert.equal(w.runs.length, 1, "not posted");
  w.answer();
  await first;
  const next = runner.run({ n: 2, version: "v0" });
  await tick();
  assert.equal(w.runs.length, 1, "the next run is run, not taken from an early one");
  w.answer();
  assert.deepEqual((await next).echo, { n: 2, version: "v0" });
});
