// A mutation fuzzer for what the page reads from outside: the URL state
// (#s=…: decodeFragment, then validState, normalize and toRequest, as
// main.js does) and txtar archives dropped on the page. It starts from
// valid encodings of the examples and mutates them (replace, insert,
// delete, duplicate, truncate); every input must either give a state the
// page can use or fail with the codec's own error. Go's fuzzing does not
// reach JavaScript, so this is the JS side's.
//
// It runs for FUZZTIME (a Go-style duration: 500ms, 30s, 10m; 2s by
// default, in make test; make fuzz-all passes its own). FUZZ_SEED picks the
// start; a failure prints the seed and the input.
import { test } from "node:test";
import assert from "node:assert/strict";
import { encodeFragment, decodeFragment } from "../src/share.js";
import { encodeTxtar, decodeTxtar } from "../src/txtar.js";
import * as st from "../src/state.js";
import { examples } from "../src/examples.js";

function duration(text) {
  const m = /^(\d+)(ms|s|m|h)$/.exec(text || "");
  return m ? Number(m[1]) * { ms: 1, s: 1e3, m: 6e4, h: 3.6e6 }[m[2]] : 2000;
}
const budget = duration(process.env.FUZZTIME);
const seed = Number(process.env.FUZZ_SEED) || Date.now() % 1e9;

function rng(s) {
  let x = s >>> 0 || 1;
  return () => ((x = (x * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}
const b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const txt = ["-- ", " --", "\n", "a", ".jsonnet", "é", "\t", "{", "}", "--", " ", "\r"];

function mutate(r, s, alphabet) {
  const pick = () => alphabet[Math.floor(r() * alphabet.length)];
  const at = () => Math.floor(r() * (s.length + 1));
  for (let n = 1 + Math.floor(r() * 4); n > 0; n--) {
    const i = at();
    switch (Math.floor(r() * 5)) {
      case 0: s = s.slice(0, i) + pick() + s.slice(i + 1); break;
      case 1: s = s.slice(0, i) + pick() + s.slice(i); break;
      case 2: s = s.slice(0, i) + s.slice(i + 1 + Math.floor(r() * 8)); break;
      case 3: { const j = at(); s = s.slice(0, i) + s.slice(Math.min(i, j), Math.max(i, j)) + s.slice(i); break; }
      default: s = s.slice(0, i);
    }
  }
  return s;
}

test(`URL state: mutated fragments decode to a usable state or a shared-link error (seed ${seed}, ${budget} ms)`, async (t) => {
  const r = rng(seed);
  const seeds = await Promise.all(examples.map((ex) => encodeFragment({ ...st.fromExample(ex), version: "v0" })));
  const end = Date.now() + budget / 2;
  let n = 0;
  const seen = { refused: 0, notWorkspace: 0, usable: 0 };
  while (Date.now() < end) {
    const input = mutate(r, seeds[n++ % seeds.length], b64);
    let s;
    try {
      s = await decodeFragment(input);
    } catch (err) {
      assert.match(err.message, /^shared link: /, `input ${JSON.stringify(input)} (seed ${seed})`);
      seen.refused++;
      continue;
    }
    if (!st.validState(s)) { seen.notWorkspace++; continue; } // the page says the link is not a workspace
    seen.usable++;
    const req = st.toRequest(st.normalize(s), "v0");
    assert.equal(typeof req.entry, "string", `input ${JSON.stringify(input)}`);
    for (const f of Object.values(req.files)) assert.equal(typeof f, "string");
  }
  t.diagnostic(`${n} inputs: ${JSON.stringify(seen)}`);
  assert.ok(n > 0);
});

test(`txtar: mutated archives decode or fail with a txtar error (seed ${seed}, ${budget} ms)`, (t) => {
  const r = rng(seed + 1);
  const seeds = examples.map((ex) => encodeTxtar(ex.files, "comment\n"));
  const end = Date.now() + budget / 2;
  let n = 0;
  while (Date.now() < end) {
    const input = mutate(r, seeds[n++ % seeds.length], txt);
    try {
      const { files, comment } = decodeTxtar(input);
      assert.equal(typeof comment, "string");
      for (const [name, text] of Object.entries(files)) {
        assert.equal(typeof text, "string");
        assert.ok(name.length > 0, `an empty file name from ${JSON.stringify(input)}`);
      }
    } catch (err) {
      if (err instanceof assert.AssertionError) throw err;
      assert.match(err.message, /^txtar: /, `input ${JSON.stringify(input)} (seed ${seed})`);
    }
  }
  t.diagnostic(`${n} inputs`);
  assert.ok(n > 0);
});
