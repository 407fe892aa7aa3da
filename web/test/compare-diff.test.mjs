// The Compare view's line diff (web/src/compare-diff.js): applying the
// script to the old lines gives the new ones, on fixed cases and on random
// edits of random texts (a seeded generator: a failure prints its seed).
import { test } from "node:test";
import assert from "node:assert/strict";
import { diffLines, applyDiff, hunks, maxEdits } from "../src/compare-diff.js";

// rng is a small seeded generator (mulberry32), so a failure repeats.
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// edits counts the lines a script removes and inserts.
const edits = (script) => script.filter((r) => r.op !== "=").reduce((n, r) => n + r.n, 0);

// wellFormed holds the script's shape: runs in order, no two alike adjacent, no empty run.
function wellFormed(script, a, b) {
  let ia = 0;
  let ib = 0;
  for (let i = 0; i < script.length; i++) {
    const r = script[i];
    assert.ok(r.n > 0, "an empty run");
    if (i) assert.notEqual(script[i - 1].op, r.op, "two runs alike in a row");
    if (i && r.op === "-") assert.notEqual(script[i - 1].op, "+", "an insertion before a removal at one place");
    assert.equal(r.a, ia);
    assert.equal(r.b, ib);
    if (r.op === "=") for (let k = 0; k < r.n; k++) assert.equal(a[r.a + k], b[r.b + k]);
    if (r.op !== "+") ia += r.n;
    if (r.op !== "-") ib += r.n;
  }
  assert.equal(ia, a.length);
  assert.equal(ib, b.length);
}

test("fixed cases", () => {
  const cases = [
    [[], []], [["a"], []], [[], ["a"]], [["a"], ["a"]], [["a"], ["b"]],
    [["a", "b", "c"], ["a", "c"]], [["a", "c"], ["a", "b", "c"]],
    ["abcabba".split(""), "cbabac".split("")], // Myers' paper's example: D = 5
    [["x", "a", "x"], ["y", "a", "y"]],
  ];
  for (const [a, b] of cases) {
    const s = diffLines(a, b);
    wellFormed(s, a, b);
    assert.deepEqual(applyDiff(a, s, b), b);
  }
  assert.equal(edits(diffLines("abcabba".split(""), "cbabac".split(""))), 5);
  assert.deepEqual(diffLines(["a", "b"], ["a", "c"]), [{ op: "=", a: 0, b: 0, n: 1 }, { op: "-", a: 1, b: 1, n: 1 }, { op: "+", a: 2, b: 1, n: 1 }]);
});

test("random edits: the script applied to the old lines gives the new, and is no longer than the edits made", () => {
  for (let seed = 1; seed <= 600; seed++) {
    const r = rng(seed);
    const alphabet = 2 + Math.floor(r() * 8); // few distinct lines: many equal ones, the hard case
    const line = () => `l${Math.floor(r() * alphabet)}`;
    const a = Array.from({ length: Math.floor(r() * 60) }, line);
    const b = [...a];
    const n = Math.floor(r() * 12);
    let made = 0;
    for (let e = 0; e < n; e++) {
      const at = Math.floor(r() * (b.length + 1));
      const what = r();
      if (what < 0.4 && b.length) { b.splice(Math.min(at, b.length - 1), 1); made += 1; }
      else if (what < 0.8) { b.splice(at, 0, line()); made += 1; }
      else if (b.length) { b[Math.min(at, b.length - 1)] = line(); made += 2; }
    }
    const s = diffLines(a, b);
    try {
      wellFormed(s, a, b);
      assert.deepEqual(applyDiff(a, s, b), b);
      assert.ok(edits(s) <= made, `${edits(s)} edits for ${made} made`);
    } catch (err) {
      err.message = `seed ${seed}: ${err.message}`;
      throw err;
    }
  }
});

test("past maxEdits the script is still correct", () => {
  const a = Array.from({ length: maxEdits }, (_, i) => `a${i}`);
  const b = Array.from({ length: maxEdits }, (_, i) => `b${i}`);
  const s = diffLines(a, b);
  wellFormed(s, a, b);
  assert.deepEqual(applyDiff(a, s, b), b);
});

test("hunks: three lines of context, near changes joined, line numbers of both sides", () => {
  const a = Array.from({ length: 20 }, (_, i) => `${i}`);
  const b = [...a];
  b[5] = "five";
  b.splice(16, 1);
  const hs = hunks(diffLines(a, b), a, b);
  assert.equal(hs.length, 2);
  assert.deepEqual(hs[0].lines.map((l) => l.op + l.text), [" 2", " 3", " 4", "-5", "+five", " 6", " 7", " 8"]);
  assert.deepEqual(hs[0].lines.find((l) => l.op === "+"), { op: "+", text: "five", b: 5 });
  assert.deepEqual(hs[1].lines.map((l) => l.op + l.text), [" 13", " 14", " 15", "-16", " 17", " 18", " 19"]);
  const near = [...a];
  near[5] = "x";
  near[11] = "y"; // 5 lines between: one hunk (3 + 3 context lines would meet)
  assert.equal(hunks(diffLines(a, near), a, near).length, 1);
  assert.deepEqual(hunks(diffLines(a, a), a, a), []);
});
