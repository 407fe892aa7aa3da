// difference (web/src/editor.js): the output view replaces only what
// changed, so the reader keeps their place.
import { test } from "node:test";
import assert from "node:assert/strict";
import { difference } from "../src/editor.js";

const apply = (old, c) => (c ? old.slice(0, c.from) + c.insert + old.slice(c.to) : old);

test("difference", () => {
  assert.equal(difference("same", "same"), undefined);
  assert.deepEqual(difference("name: a\nx: 1\n", "name: b\nx: 1\n"), { from: 6, to: 7, insert: "b" });
  assert.deepEqual(difference("", "new"), { from: 0, to: 0, insert: "new" });
  assert.deepEqual(difference("old", ""), { from: 0, to: 3, insert: "" });
  // Repeats: the common end must not overlap the common beginning.
  assert.deepEqual(difference("aa", "aaa"), { from: 2, to: 2, insert: "a" });
  assert.deepEqual(difference("aaa", "a"), { from: 1, to: 3, insert: "" });
});

test("difference turns any text into any other", () => {
  // Small alphabets make long common parts and overlaps likely; a
  // surrogate pair checks that code units, not characters, are compared.
  const alphabet = ["a", "b", "\n", "😀", "é"];
  let seed = 1;
  const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const word = () => Array.from({ length: rand(12) }, () => alphabet[rand(alphabet.length)]).join("");
  for (let i = 0; i < 5000; i++) {
    const old = word();
    const text = rand(3) === 0 ? old : word();
    const c = difference(old, text);
    assert.equal(apply(old, c), text, JSON.stringify({ old, text, c }));
    if (c) assert.ok(c.from <= c.to && c.to <= old.length, JSON.stringify({ old, text, c }));
  }
});
