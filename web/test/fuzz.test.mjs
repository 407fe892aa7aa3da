// A mutation fuzzer for what the page reads from outside: the URL state
// (#s=…: decodeFragment, then validState, normalize and toRequest, as
// main.js does), txtar and zip archives dropped on the page, and the
// workspaces kept in localStorage (which other builds, other tabs and the
// user's own tools write too). It starts
// from valid encodings of the examples (for zip, stored and deflated) and
// mutates them (replace, insert, delete, duplicate, truncate); every input
// must either give a state the page can use or fail with the codec's own
// error, and a zip's files stay within the reader's budget. Go's fuzzing
// does not reach JavaScript, so this is the JS side's.
//
// Each target runs for FUZZTIME (a Go-style duration: 500ms, 30s, 10m; 2s
// by default, in make test; make fuzz-all passes its own). FUZZ_SEED picks
// the start; a failure prints the seed and the input.
import { test } from "node:test";
import assert from "node:assert/strict";
import { encodeFragment, decodeFragment } from "../src/share.js";
import { encodeTxtar, decodeTxtar } from "../src/txtar.js";
import { encodeZip, decodeZip, ZipError } from "../src/zip.js";
import { craft } from "./craft-zip.mjs";
import * as st from "../src/state.js";
import { examples } from "../src/examples.js";
import * as ws from "../src/workspaces.js";
import { memoryStorage } from "./memory-storage.mjs";

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
  // And one with show's provenance and export controls set.
  const shown = st.fromExample(examples[0]);
  seeds.push(await encodeFragment({ ...shown, controls: { ...shown.controls, showProvenance: true, exportNames: "{{.kind}}/{{.metadata.name}}", exportExt: "yml" }, version: "v0" }));
  const end = Date.now() + budget;
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
    // show's flags are sent with their types, or not at all.
    assert.ok(req.showProvenance === undefined || req.showProvenance === true, `input ${JSON.stringify(input)}`);
    for (const k of ["exportNames", "exportExt"]) assert.ok(req[k] === undefined || (typeof req[k] === "string" && req[k].trim() !== ""), `${k} of input ${JSON.stringify(input)}`);
    for (const f of Object.values(req.files)) assert.equal(typeof f, "string");
  }
  t.diagnostic(`${n} inputs: ${JSON.stringify(seen)}`);
  assert.ok(n > 0);
});

test(`txtar: mutated archives decode or fail with a txtar error (seed ${seed}, ${budget} ms)`, (t) => {
  const r = rng(seed + 1);
  const seeds = examples.map((ex) => encodeTxtar(ex.files, "comment\n"));
  const end = Date.now() + budget;
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

// mutateBytes applies byte-level mutations: set, insert, delete, copy a
// span (so headers repeat), truncate, and write small or huge numbers.
function mutateBytes(r, b) {
  let s = [...b];
  const at = () => Math.floor(r() * (s.length + 1));
  for (let n = 1 + Math.floor(r() * 4); n > 0; n--) {
    const i = at();
    switch (Math.floor(r() * 6)) {
      case 0: s[i] = Math.floor(r() * 256); break;
      case 1: s.splice(i, 0, Math.floor(r() * 256)); break;
      case 2: s.splice(i, 1 + Math.floor(r() * 8)); break;
      case 3: { const j = at(); s.splice(i, 0, ...s.slice(Math.min(i, j), Math.min(Math.max(i, j), Math.min(i, j) + 64))); break; }
      case 4: s = s.slice(0, i); break;
      default: s.splice(i, 4, ...[[0, 0, 0, 0], [0xff, 0xff, 0xff, 0xff], [0xff, 0xff, 0, 0], [1, 0, 0, 0]][Math.floor(r() * 4)]);
    }
  }
  return new Uint8Array(s);
}

test(`zip: mutated archives decode within budget or fail with a zip error (seed ${seed}, ${budget} ms)`, async (t) => {
  const r = rng(seed + 2);
  const seeds = examples.flatMap((ex) => [
    encodeZip(ex.files, new Date(2026, 0, 1), `entry: ${ex.entry}`),
    craft(Object.entries(ex.files).map(([name, data]) => ({ name, data, method: 8 })), `entry: ${ex.entry}`),
  ]);
  const maxBytes = 64 << 10;
  const end = Date.now() + budget;
  let n = 0;
  const seen = { refused: 0, files: 0, skipped: 0 };
  while (Date.now() < end) {
    const input = mutateBytes(r, seeds[n++ % seeds.length]);
    const where = `input ${Buffer.from(input).toString("base64")} (seed ${seed})`;
    let zip;
    try {
      zip = await decodeZip(input, { maxBytes, maxFiles: 50 });
    } catch (err) {
      assert.ok(err instanceof ZipError, `${err.stack}\n${where}`);
      seen.refused++;
      continue;
    }
    assert.ok(zip.files.length <= 50, where);
    assert.ok(zip.files.reduce((s, f) => s + f.data.length, 0) <= maxBytes, where);
    for (const f of zip.files) assert.equal(typeof f.name, "string", where);
    for (const s of zip.skipped) assert.equal(typeof s.why, "string", where);
    seen.files += zip.files.length;
    seen.skipped += zip.skipped.length;
  }
  t.diagnostic(`${n} inputs: ${JSON.stringify(seen)}`);
  assert.ok(n > 0);
});

test(`kept workspaces: mutated storage reads as workspaces or none, and saving still works (seed ${seed}, ${budget} ms)`, (t) => {
  const r = rng(seed + 3);
  const base = memoryStorage();
  examples.forEach((ex, i) => ws.write(`ex${i}`, st.fromExample(ex), { storage: base, now: i }));
  const keys = [...base.raw.keys()];
  const json = ["{", "}", "[", "]", '"', ":", ",", "null", "0", "-1", "1e999", "v1", "id", "at", "files", "entry", "\\u0000", "/", ".."];
  const end = Date.now() + budget;
  let n = 0;
  const seen = { none: 0, some: 0 };
  while (Date.now() < end) {
    n++;
    const storage = memoryStorage();
    for (const [k, v] of base.raw) storage.setItem(k, v);
    for (let m = 1 + Math.floor(r() * 3); m > 0; m--) {
      const k = keys[Math.floor(r() * keys.length)];
      storage.setItem(k, mutate(r, storage.getItem(k), json));
    }
    const where = `storage ${JSON.stringify([...storage.raw])} (seed ${seed})`;
    // Every readable workspace is listed once the page has adopted orphans
    // (a damaged index lost them all).
    ws.adoptOrphans(storage);
    const kept = ws.list(storage);
    const prefix = "kubecfg-playground/workspace/";
    for (const k of storage.raw.keys()) {
      const id = k.startsWith(prefix) && k.slice(prefix.length);
      if (id && ws.read(id, storage)) assert.ok(kept.some((x) => x.id === id), `${id} is not listed: ${where}`);
    }
    for (const x of kept) {
      assert.match(x.id, /^[A-Za-z0-9_-]{1,40}$/, where);
      assert.ok(Number.isFinite(x.at) && typeof x.entry === "string" && Number.isInteger(x.count), where);
    }
    const start = ws.starting(storage, memoryStorage());
    if (start) {
      assert.ok(st.validState(start.state), where);
      st.toRequest(start.state, "v0");
      seen.some++;
    } else seen.none++;
    assert.ok(ws.write("new", st.fromExample(examples[0]), { storage, now: 99 }), where);
    assert.equal(ws.list(storage)[0].id, "new", where);
    assert.ok(ws.list(storage).length <= ws.maxKept, where);
  }
  t.diagnostic(`${n} inputs: ${JSON.stringify(seen)}`);
  assert.ok(n > 0);
});
