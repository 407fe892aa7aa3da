// A mutation fuzzer for the Compare view's readers (web/src/compare-core.js):
// show's outputs (the golden ones of testdata/compare, mutated: replace,
// insert, delete, duplicate, truncate) are cut into objects and compared
// without throwing, every object's text is a piece of its output at its
// line, and an output compared with itself has no change; a variant's
// flags either parse or fail with an Error. As fuzz.test.mjs: FUZZTIME (2s
// by default) and FUZZ_SEED.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseOutput, compareDocs, parseVariant } from "../src/compare-core.js";

function duration(text) {
  const m = /^(\d+)(ms|s|m|h)$/.exec(text || "");
  return m ? Number(m[1]) * { ms: 1, s: 1e3, m: 6e4, h: 3.6e6 }[m[2]] : 2000;
}
const budget = duration(process.env.FUZZTIME);
const seed0 = Number(process.env.FUZZ_SEED) || Date.now() % 1e9;

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

const pieces = ["---", "\n", "\n---\n", "metadata:\n", "  name: ", "  namespace: ", "kind: ", "apiVersion: ", "'", "\"", "{", "}", "  \"name\": ", "  \"metadata\": {\n", " ", "\\u0000", "é"];

function mutate(r, s) {
  const at = Math.floor(r() * (s.length + 1));
  const what = Math.floor(r() * 5);
  const piece = r() < 0.7 ? pieces[Math.floor(r() * pieces.length)] : String.fromCharCode(Math.floor(r() * 128));
  if (what === 0) return s.slice(0, at) + piece + s.slice(at + 1);
  if (what === 1) return s.slice(0, at) + piece + s.slice(at);
  if (what === 2) return s.slice(0, at) + s.slice(at + 1 + Math.floor(r() * 40));
  if (what === 3) { const n = Math.floor(r() * 60); return s.slice(0, at) + s.slice(at, at + n) + s.slice(at); }
  return s.slice(0, at);
}

const dir = fileURLToPath(new URL("testdata/compare/", import.meta.url));
const seeds = ["base.yaml", "now.yaml", "base-json.yaml", "now-json.yaml"].map((f) => readFileSync(dir + f, "utf8"));

test(`mutated outputs: cut and compared without throwing (FUZZ_SEED=${seed0})`, () => {
  const end = Date.now() + budget;
  for (let i = 0; Date.now() < end; i++) {
    const r = rng(seed0 + i);
    let s = seeds[Math.floor(r() * seeds.length)];
    for (let k = 1 + Math.floor(r() * 8); k > 0; k--) s = mutate(r, s);
    try {
      const docs = parseOutput(s);
      const lines = s.split("\n");
      for (const d of docs) {
        const got = d.text.split("\n");
        assert.deepEqual(lines.slice(d.line - 1, d.line - 1 + got.length), got, "an object's text is its output's lines at its line");
        for (const k of ["apiVersion", "kind", "name", "namespace", "group"]) assert.equal(typeof d[k], "string");
      }
      // Compared with itself: no change, when no two objects share an
      // identity (else, as kubecfg diff, each matches the first of them).
      const self = compareDocs(docs, parseOutput(s));
      const ids = new Set(docs.map((d) => JSON.stringify([d.group, d.kind, d.namespace || "default", d.name])));
      if (ids.size === docs.length) assert.equal(self.counts.changed + self.counts.added + self.counts.removed, 0, "an output compared with itself");
      assert.equal(self.counts.unchanged + self.counts.changed + self.counts.added, docs.length);
      compareDocs(parseOutput(seeds[i % seeds.length]), docs);
    } catch (err) {
      err.message = `FUZZ_SEED=${seed0 + i}: ${err.message}\ninput: ${JSON.stringify(s.slice(0, 2000))}`;
      throw err;
    }
  }
});

test(`variant flags: parsed or an Error (FUZZ_SEED=${seed0})`, () => {
  const end = Date.now() + budget / 2;
  const starts = ["--features=yakl=false", "-V env=prod", "--tla-code n=1 -A 'x=a b'", "--ext-code=\"x={a: 1}\""];
  for (let i = 0; Date.now() < end; i++) {
    const r = rng(seed0 + i);
    let s = starts[i % starts.length];
    for (let k = 1 + Math.floor(r() * 4); k > 0; k--) s = mutate(r, s);
    try {
      const v = parseVariant(s);
      assert.ok(Array.isArray(v.features));
    } catch (err) {
      if (!(err instanceof Error) || err instanceof assert.AssertionError) throw new Error(`FUZZ_SEED=${seed0 + i}: ${JSON.stringify(s)}: ${err}`);
    }
  }
});
