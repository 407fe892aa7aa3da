// late.js: an editor's extensions that come with a chunk loaded after the
// first result, put into every view that asked, once, and into a state
// swapped in later.
import { test } from "node:test";
import assert from "node:assert/strict";
import { EditorState, Facet } from "@codemirror/state";
import { late } from "../src/late.js";

const mark = Facet.define();
// A view as far as late.js uses one: a state, and dispatch.
const stubView = (extensions) => {
  const v = { state: EditorState.create({ extensions }), dispatched: 0 };
  v.dispatch = (spec) => { v.dispatched++; v.state = v.state.update(spec).state; };
  return v;
};

test("late: nothing before the load; every watched view after it, once; a swapped-in state by fill", async () => {
  let loads = 0;
  let release;
  const loaded = new Promise((resolve) => { release = resolve; });
  const ext = late(() => { loads++; return loaded; }, (m, word) => mark.of(`${m.name}:${word}`));
  const a = ext.slot(() => ["a"]);
  const b = ext.slot(() => ["b"]);
  const va = stubView([a.ext]);
  const vb = stubView([b.ext]);
  a.watch(va);
  b.watch(vb);
  assert.equal(loads, 0, "watching loads nothing");
  assert.deepEqual(va.state.facet(mark), []);
  const got = ext.get();
  release({ name: "m" });
  await got;
  assert.equal(loads, 1);
  assert.deepEqual(va.state.facet(mark), ["m:a"]);
  assert.deepEqual(vb.state.facet(mark), ["m:b"]);
  ext.fill(va);
  assert.equal(va.dispatched, 1, "a filled slot is not filled again");
  // A state made before the load, swapped into the view: fill fills it.
  va.state = EditorState.create({ extensions: [a.ext] });
  ext.fill(va);
  assert.deepEqual(va.state.facet(mark), ["m:a"]);
  await ext.get();
  assert.equal(loads, 1, "loaded once");
});

test("late: completion.js fills a slot with closed brackets and the keys of brackets and completion", async () => {
  const { EditorView, keymap } = await import("@codemirror/view");
  const completing = late(() => import("../src/completion.js"), (m, options) => m.extensions(options));
  const source = () => null;
  const slot = completing.slot(() => [{ override: [source] }]);
  const v = stubView([slot.ext]);
  slot.watch(v);
  const keys = (state) => state.facet(keymap).flat().map((b) => b.key);
  assert.equal(v.state.facet(EditorView.inputHandler).length, 0);
  assert.ok(!keys(v.state).includes("Backspace"));
  await completing.get();
  assert.equal(v.state.facet(EditorView.inputHandler).length, 1, "closeBrackets' input handler");
  assert.ok(keys(v.state).includes("Backspace"), "closeBracketsKeymap");
  assert.ok(keys(v.state).includes("Ctrl-Space"), "completionKeymap");
});
