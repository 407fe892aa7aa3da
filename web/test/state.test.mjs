// normalize (web/src/state.js) keeps of a stored or shared state's
// controls only the known ones, of the expected type and size (issue 34).
import { test } from "node:test";
import assert from "node:assert/strict";
import { normalize, blankControls, timeLimits } from "../src/state.js";

const deep = (n) => {
  let v = [];
  for (let i = 0; i < n; i++) v = [v];
  return v;
};

test("an unknown control holding a 200,000-deep array is dropped, so the state serialises", () => {
  const s = { files: { "a.jsonnet": "{}" }, entry: "a.jsonnet", controls: { command: "show", bomb: deep(200000), __proto__x: 1 } };
  assert.throws(() => JSON.stringify(s), RangeError, "the damaged state itself cannot be serialised");
  const n = normalize(s);
  assert.deepEqual(Object.keys(n.controls).sort(), Object.keys(blankControls()).sort());
  assert.doesNotThrow(() => JSON.stringify(n));
});

test("known controls of the wrong type or size fall back", () => {
  const features = { yakl: true, eval: "yes", ["x".repeat(1000)]: true };
  for (let i = 0; i < 1000; i++) features[`f${i}`] = false;
  const n = normalize({ files: { "a.jsonnet": "{}" }, entry: "a.jsonnet", controls: { vars: { extStr: deep(10), bogus: "x" }, features, expr: { a: 1 } } });
  assert.deepEqual(n.controls.vars, blankControls().vars);
  assert.equal(n.controls.expr, "");
  assert.equal(n.controls.features.yakl, true);
  assert.equal("eval" in n.controls.features, false);
  assert.ok(Object.keys(n.controls.features).length <= 200);
  assert.ok(Object.keys(n.controls.features).every((k) => k.length <= 100));
});

test("a shared time limit is clamped to the menu's", () => {
  const limit = (v) => normalize({ files: { "a.jsonnet": "{}" }, entry: "a.jsonnet", controls: { timeLimit: v } }).controls.timeLimit;
  assert.equal(limit(3000000), 300, "past setTimeout's range: the menu's longest");
  assert.equal(limit(2000000), 300);
  assert.equal(limit(30), 30);
  assert.equal(limit(45), 30);
  assert.equal(limit(3), 0, "below the menu's shortest: the default");
  assert.equal(limit(-1), 0);
  assert.equal(limit(Infinity), 0);
  for (const t of timeLimits) assert.equal(limit(t), t);
});
