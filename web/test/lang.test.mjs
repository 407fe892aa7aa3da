// The language service's client (web/src/lang.js) against a stand-in
// worker: answers overtaken by a newer question of the same kind are
// dropped, a stuck worker is replaced, positions convert both ways, and
// hover Markdown is inserted as text.
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { Text } from "@codemirror/state";
import { LangClient, offset, position, markdownDOM } from "../src/lang.js";

let workers = [];
class FakeWorker {
  constructor(url, opts) {
    this.name = opts?.name;
    this.asked = [];
    this.terminated = false;
    workers.push(this);
    queueMicrotask(() => this.onmessage({ data: { type: "ready", version: "go-jsonnet v0", startMs: 1 } }));
  }
  postMessage(m) { this.asked.push(m); }
  terminate() { this.terminated = true; }
  answer(i, response) {
    const m = this.asked[i];
    this.onmessage({ data: { type: "answer", id: m.id, response: { op: m.request.op, ...response }, ms: 1 } });
  }
}
globalThis.Worker = FakeWorker;
globalThis.location ??= { href: "http://127.0.0.1/", search: "" };

let client;
beforeEach(async () => {
  workers = [];
  client = new LangClient({ workerUrl: "lang-worker.js", wasmUrl: "http://x/lang.wasm", wasmExecUrl: "http://x/wasm_exec.js", timeoutMs: 50, stuckMs: 120 });
  await client.start();
});

test("the worker is named with the wasm's URLs and asked nothing before it is ready", async () => {
  assert.deepEqual(JSON.parse(workers[0].name), { wasmUrl: "http://x/lang.wasm", wasmExecUrl: "http://x/wasm_exec.js" });
  const early = new LangClient({ workerUrl: "w.js", wasmUrl: "a", wasmExecUrl: "b" });
  assert.equal(await early.ask({ op: "complete" }), null);
});

test("an answer a newer question of the same op overtook is dropped; other ops are not", async () => {
  const w = workers[0];
  const first = client.ask({ op: "complete", path: "a" });
  const hover = client.ask({ op: "hover", path: "a" });
  const second = client.ask({ op: "complete", path: "b" });
  w.answer(0, { completions: { items: [{ label: "old" }] } });
  w.answer(1, { hover: { markdown: "h" } });
  w.answer(2, { completions: { items: [{ label: "new" }] } });
  assert.equal(await first, null);
  assert.equal((await hover).hover.markdown, "h");
  assert.equal((await second).completions.items[0].label, "new");
});

test("a question left unanswered is given up; a worker silent for long is replaced", async () => {
  const stuck = await client.ask({ op: "hover" });
  assert.equal(stuck, null);
  assert.equal(workers[0].terminated, false, "a slow answer is not a stuck worker yet");
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(workers[0].terminated, true);
  assert.equal(workers.length, 2, "a fresh worker");
  await client.ready;
  const p = client.ask({ op: "hover" });
  workers[1].answer(0, { hover: { markdown: "again" } });
  assert.equal((await p).hover.markdown, "again");
});

test("positions: 1-based line and UTF-16 column, both ways, clamped to the line", () => {
  const doc = Text.of(["local x = 1;", "{ a: '\u{1F600}', b: x }"]);
  assert.deepEqual(position(doc, doc.line(2).from + 12), { line: 2, column: 13 });
  assert.equal(offset(doc, { line: 2, column: 13 }), doc.line(2).from + 12);
  assert.equal(offset(doc, { line: 1, column: 99 }), doc.line(1).to);
  assert.equal(offset(doc, { line: 9, column: 1 }), doc.line(2).from);
});

test("hover Markdown becomes text: code blocks, code spans, never HTML", () => {
  const made = [];
  const el = (tag) => {
    const node = { tag, children: [], textContent: "", className: "", append(...c) { this.children.push(...c); } };
    made.push(node);
    return node;
  };
  const fakeDoc = { createElement: el, createTextNode: (t) => ({ text: t }) };
  const box = markdownDOM(fakeDoc, "```jsonnet\nstd.length(x)\n```\nThe `x` <b>size</b>.");
  assert.equal(box.children[0].tag, "pre");
  assert.equal(box.children[0].textContent, "std.length(x)");
  const p = box.children[1];
  assert.equal(p.tag, "p");
  assert.deepEqual(p.children.map((c) => c.text ?? `<${c.tag}>${c.textContent}`), ["The ", "<code>x", " <b>size</b>."]);
});

test("a worker whose instance died is replaced, and its question answers null", async () => {
  const p = client.ask({ op: "lint" });
  workers[0].onmessage({ data: { type: "exited", message: "Maximum call stack size exceeded" } });
  assert.equal(await p, null);
  assert.equal(workers[0].terminated, true);
  assert.equal(workers.length, 2);
  await client.ready;
  assert.equal(client.isReady, true);
});

test("a question carries the workspace's search paths, in the CLI's order, and its links", async () => {
  const { EditorState } = await import("@codemirror/state");
  const { langCompletionSource } = await import("../src/lang.js");
  const state = EditorState.create({ doc: "local k = import 'kube-prometheus/main.libsonnet'; k." });
  const source = langCompletionSource(client, () => ({ path: "example.jsonnet", files: {}, entry: "example.jsonnet", jpath: ["env-lib", "vendor"], links: { "vendor/kp": "github.com/org/kp/jsonnet/kp" } }));
  const answered = source({ state, pos: state.doc.length, explicit: true, aborted: false });
  const asked = workers[0].asked.at(-1).request;
  assert.deepEqual(asked.jpath, ["env-lib", "vendor"]);
  // The links are the workspace's: they cross in the session's update.
  const update = workers[0].asked.findLast((m) => m.type === "update").update;
  assert.deepEqual(update.links, { "vendor/kp": "github.com/org/kp/jsonnet/kp" });
  assert.equal(asked.op, "complete");
  await answered;
});

test("a keystroke sends the language worker the file it changed and no other; a stale answer is asked again with the whole workspace", async () => {
  const w = workers[0];
  const files = { "main.jsonnet": "local l = import 'lib.libsonnet';\nl.", "lib.libsonnet": "{ a: 1 }", "big.json": "x".repeat(5000) };
  const q = (f) => client.ask({ op: "complete", path: "main.jsonnet", files: f, line: 2, column: 3 });
  const first = q(files);
  const [u1, a1] = w.asked.splice(0);
  assert.equal(u1.type, "update");
  assert.equal(u1.update.full, true);
  assert.deepEqual(Object.keys(u1.update.files).sort(), ["big.json", "lib.libsonnet", "main.jsonnet"]);
  assert.equal(a1.type, "lang");
  assert.equal(a1.request.files, undefined, "the question carries no files");
  assert.equal(a1.rev, u1.update.rev);
  w.onmessage({ data: { type: "answer", id: a1.id, response: { op: "complete" }, ms: 1 } });
  assert.deepEqual(await first, { op: "complete" });

  const edited = { ...files, "main.jsonnet": files["main.jsonnet"] + "a" };
  const second = q(edited);
  const [u2, a2] = w.asked.splice(0);
  assert.deepEqual({ ...u2.update.files }, { "main.jsonnet": edited["main.jsonnet"] }, "only the edited file crosses");
  assert.equal(u2.update.base, u1.update.rev);
  // The worker lost the session: asked again with the whole workspace.
  w.onmessage({ data: { type: "stale", id: a2.id } });
  const [u3, a3] = w.asked.splice(0);
  assert.equal(u3.update.full, true);
  assert.deepEqual(u3.update.files, edited);
  assert.equal(a3.id, a2.id);
  assert.equal(client.stale, 1);
  w.onmessage({ data: { type: "answer", id: a3.id, response: { op: "complete", n: 2 }, ms: 1 } });
  assert.deepEqual(await second, { op: "complete", n: 2 });

  // The same files again: no update at all.
  const third = q(edited);
  const [a4, ...none] = w.asked.splice(0);
  assert.equal(a4.type, "lang");
  assert.deepEqual(none, []);
  w.onmessage({ data: { type: "answer", id: a4.id, response: { op: "complete" }, ms: 1 } });
  await third;
});
