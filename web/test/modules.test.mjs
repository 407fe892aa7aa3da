// Unit tests of the page's plain modules (no browser): txtar, the state and
// request envelope, the compiled-view line map, the stream modes and the
// fragment codec.
import { test } from "node:test";
import assert from "node:assert/strict";
import { encodeTxtar, decodeTxtar } from "../src/txtar.js";
import * as st from "../src/state.js";
import { write, setTabWorkspace } from "../src/workspaces.js";
import { memoryStorage } from "./memory-storage.mjs";
import { buildLineMap } from "../src/linemap.js";
import { jsonnetStartState, jsonnetToken, modeFor } from "../src/modes.js";
import { encodeFragment, decodeFragment } from "../src/share.js";
import { examples, exampleByName } from "../src/examples.js";
import { saveResult, savedResult, maxChars, prerenderedResult, prerenderedRecord, prerenderedId, prerenderedTabs, prerenderedExample, firstAnswer } from "../src/saved.js";
import { encodeZip, crc32 } from "../src/zip.js";
import { workspacePath } from "../src/errors.js";
import { execFileSync } from "node:child_process";
import { StringStream } from "@codemirror/language";

// File maps have no prototype (a file may be called __proto__): compared
// as the JSON they are sent and stored as.
const plain = (x) => JSON.parse(JSON.stringify(x));

test("txtar round trip", async (t) => {
  const cases = [
    { name: "two files", files: { "a.jsonnet": "{a: 1}\n", "lib/b.libsonnet": "{}\n" } },
    { name: "empty file", files: { "a.yakl": "", "b.txt": "x\n" } },
    { name: "adds missing newline", files: { "a": "x" }, want: { "a": "x\n" } },
    { name: "marker-like text inside", files: { "a": "-- not a marker\n" } },
  ];
  for (const c of cases) {
    await t.test(c.name, () => {
      const got = decodeTxtar(encodeTxtar(c.files, "comment\n"));
      assert.deepEqual(plain(got.files), c.want || c.files);
      assert.equal(got.comment, "comment\n");
    });
  }
});

test("txtar rejects a file named twice", () => {
  assert.throws(() => decodeTxtar("-- a --\nx\n-- a --\ny\n"), /appears twice/);
  // A marker without a name is text, as in Go's txtar (found by fuzz.test.mjs).
  assert.deepEqual(plain(decodeTxtar("-- a --\nx\n--    --\ny\n").files), { a: "x\n--    --\ny\n" });
});

test("toRequest", async (t) => {
  const cases = [
    {
      name: "show with features",
      state: { files: { "app.yakl": "a: 1\n" }, entry: "app.yakl", active: "app.yakl", controls: { ...st.blankControls(), features: { yakl: true, knit: false } } },
      want: { version: "v1", files: { "app.yakl": "a: 1\n" }, entry: "app.yakl", command: "show", output: "yaml", features: ["yakl", "knit=false"], alpha: false },
    },
    {
      name: "eval with expression and vars",
      state: { files: { "a.jsonnet": "{}" }, entry: "a.jsonnet", active: "a.jsonnet", controls: { ...st.blankControls(), command: "eval", expr: "$.x", alpha: true, vars: { extStr: "a=b=c\n\n", extCode: "n=1+1", tlaStr: "", tlaCode: "" } } },
      want: { version: "v1", files: { "a.jsonnet": "{}" }, entry: "a.jsonnet", command: "eval", output: "yaml", features: [], alpha: true, expr: "$.x", extStr: { a: "b=c" }, extCode: { n: "1+1" } },
    },
    {
      name: "show's provenance and export names",
      state: { files: { "a.jsonnet": "{}" }, entry: "a.jsonnet", active: "a.jsonnet", controls: { ...st.blankControls(), showProvenance: true, exportNames: "{{.kind}}", exportExt: "yml" } },
      want: { version: "v1", files: { "a.jsonnet": "{}" }, entry: "a.jsonnet", command: "show", output: "yaml", features: [], alpha: false, showProvenance: true, exportNames: "{{.kind}}", exportExt: "yml" },
    },
    {
      name: "show's flags left out for eval, and blank ones for show",
      state: { files: { "a.jsonnet": "{}" }, entry: "a.jsonnet", active: "a.jsonnet", controls: { ...st.blankControls(), command: "eval", showProvenance: true, exportNames: "{{.kind}}", exportExt: "yml" } },
      want: { version: "v1", files: { "a.jsonnet": "{}" }, entry: "a.jsonnet", command: "eval", output: "yaml", features: [], alpha: false },
    },
    {
      name: "blank export names are kubecfg's default",
      state: { files: { "a.jsonnet": "{}" }, entry: "a.jsonnet", active: "a.jsonnet", controls: { ...st.blankControls(), exportNames: "  ", exportExt: "" } },
      want: { version: "v1", files: { "a.jsonnet": "{}" }, entry: "a.jsonnet", command: "show", output: "yaml", features: [], alpha: false },
    },
    {
      name: "a state without show's controls (an embed's block)",
      state: { files: { "a.jsonnet": "{}" }, entry: "a.jsonnet", active: "a.jsonnet", controls: { command: "show", expr: "", output: "yaml", features: {}, alpha: false, vars: {} } },
      want: { version: "v1", files: { "a.jsonnet": "{}" }, entry: "a.jsonnet", command: "show", output: "yaml", features: [], alpha: false },
    },
    {
      name: "expression ignored for show",
      state: { files: { "a.jsonnet": "{}" }, entry: "a.jsonnet", active: "a.jsonnet", controls: { ...st.blankControls(), expr: "$.x" } },
      want: { version: "v1", files: { "a.jsonnet": "{}" }, entry: "a.jsonnet", command: "show", output: "yaml", features: [], alpha: false },
    },
  ];
  for (const c of cases) await t.test(c.name, () => assert.deepEqual(plain(st.toRequest(c.state, "v1")), c.want));
});

test("examples are complete", () => {
  const names = new Set();
  for (const ex of examples) {
    assert.ok(!names.has(ex.name), `duplicate ${ex.name}`);
    names.add(ex.name);
    assert.ok(Object.hasOwn(ex.files, ex.entry), `${ex.name}: entry ${ex.entry} is not a file`);
    const s = st.fromExample(ex);
    assert.ok(st.validState(s), ex.name);
    assert.equal(exampleByName(ex.name), ex);
  }
  for (const want of ["jsonnet-app", "yakl-pod", "rc-file", "knit"]) assert.ok(names.has(want), want);
});

test("line map for the RFC06 Pod", () => {
  const src = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n  - name: web\n    image: ${kubecfg.resolveImage('nginx:1.27')}\n";
  const out = "local kubecfg = import 'internal:///kubecfg.libsonnet',\n      yakl__kubecfg = kubecfg;\n{\n  apiVersion: 'v1',\n  kind: 'Pod',\n  metadata: {\n    name: 'web',\n  },\n  spec: {\n    containers: [\n      {\n        name: 'web',\n        image: kubecfg.resolveImage('nginx:1.27'),\n      },\n    ],\n  },\n}\n";
  const m = buildLineMap(src, out);
  const want = [[1, 4], [2, 5], [3, 6], [4, 7], [5, 9], [6, 10], [7, 12], [8, 13]];
  for (const [s, o] of want) {
    assert.equal(m.toOutput.get(s), o, `source line ${s}`);
    assert.equal(m.toSource.get(o), s, `output line ${o}`);
  }
});

test("line map keeps lines of a line-preserving compile", () => {
  const src = "a: 1\nb:\n  c: 2\n";
  const out = "{ a: 1,\n  b: {\n  c: 2 } }\n";
  const m = buildLineMap(src, out);
  assert.deepEqual([...m.toOutput], [[2, 2], [3, 3]]);
});

function tokens(line) {
  const s = new StringStream(line, 2, 2);
  const state = jsonnetStartState();
  const out = [];
  while (!s.eol()) {
    const style = jsonnetToken(s, state);
    if (style) out.push([s.current(), style]);
    s.start = s.pos;
  }
  return out;
}

test("jsonnet tokens", async (t) => {
  const cases = [
    { name: "local", line: "local x = 1;", want: [["local", "keyword"], ["x", "variableName"], ["=", "operator"], ["1", "number"], [";", "operator"]] },
    { name: "strings", line: `'a\\'b' "c" @'d''e'`, want: [[`'a\\'b'`, "string"], [`"c"`, "string"], [`@'d''e'`, "string"]] },
    { name: "comment", line: "x // y", want: [["x", "variableName"], ["// y", "comment"]] },
    { name: "field and builtin", line: "name: std.length(kubecfg)", want: [["name", "propertyName"], [":", "operator"], ["std", "variableName.standard"], [".", "operator"], ["length", "variableName"], ["(", "bracket"], ["kubecfg", "variableName.standard"], [")", "bracket"]] },
  ];
  for (const c of cases) await t.test(c.name, () => assert.deepEqual(tokens(c.line), c.want));
});

test("workspacePath", async (t) => {
  const files = { "app.jsonnet": "", "lib/lib.libsonnet": "", "lib.libsonnet": "" };
  const cases = [
    { name: "a workspace path", file: "app.jsonnet", want: "app.jsonnet" },
    { name: "a file URL", file: "file:///workspace/lib/lib.libsonnet", want: "lib/lib.libsonnet" },
    { name: "the longest path that ends it", file: "/workspace/lib/lib.libsonnet", want: "lib/lib.libsonnet" },
    { name: "not a file of the workspace", file: "internal:///kubecfg.libsonnet", want: "" },
    { name: "no file", file: "", want: "" },
  ];
  for (const c of cases) await t.test(c.name, () => assert.equal(workspacePath(files, c.file), c.want));
});

test("modeFor", () => {
  assert.equal(modeFor("a.jsonnet"), "jsonnet");
  assert.equal(modeFor(".kubecfgrc.jsonnet"), "jsonnet");
  assert.equal(modeFor("x/app.yakl"), "yakl");
  assert.equal(modeFor("a.yaml"), "yaml");
  assert.equal(modeFor("README"), "text");
});

test("fragment codec", async () => {
  const s = st.fromExample(examples[1]);
  const text = await encodeFragment(s);
  assert.match(text, /^[A-Za-z0-9_-]+$/);
  assert.deepEqual(await decodeFragment(text), plain(s));
  await assert.rejects(decodeFragment(text, 10), /larger than 10 bytes/);
  await assert.rejects(decodeFragment("!!!"), /not base64url/);
  await assert.rejects(decodeFragment("AAAA"), /shared link/);
});

// A small deterministic generator for the randomized tests below.
function rng(seed) {
  let x = seed >>> 0;
  return () => ((x = (x * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}
const alphabet = ["-", " ", "\n", "a", "b", "-- ", " --", "é", "\t", "{", "}"];
function randomText(r, n) {
  let s = "";
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(r() * alphabet.length)];
  return s;
}

test("txtar: random archives round-trip, random text never crashes", () => {
  const r = rng(1);
  for (let i = 0; i < 500; i++) {
    const files = {};
    const n = Math.floor(r() * 4);
    for (let j = 0; j < n; j++) {
      // A line that looks like a marker cannot be stored in txtar, as in Go's.
      const text = randomText(r, Math.floor(r() * 40)).split("\n").filter((l) => !/^-- .+ --$/.test(l)).join("\n");
      files[`f${j}.jsonnet`] = text.endsWith("\n") || text === "" ? text : text + "\n";
    }
    assert.deepEqual(plain(decodeTxtar(encodeTxtar(files)).files), files);
    try {
      const got = decodeTxtar(randomText(r, 80));
      assert.equal(typeof got.comment, "string");
    } catch (err) {
      assert.match(err.message, /^txtar: /);
    }
  }
});

test("fragment: random input is refused with a clear error", async () => {
  const r = rng(2);
  const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  for (let i = 0; i < 200; i++) {
    let s = "";
    for (let j = 0, n = 1 + Math.floor(r() * 60); j < n; j++) s += chars[Math.floor(r() * chars.length)];
    try {
      await decodeFragment(s);
    } catch (err) {
      assert.match(err.message, /^shared link: /);
    }
  }
});

test("library completions", async (t) => {
  const { completionsAt } = await import("../src/complete.js");
  const cases = [
    { name: "kubecfg member", before: "x: kubecfg.fo", from: 11, labels: ["fold"] },
    { name: "layouts", before: "kubecfg.fold(kubecfg.layouts.gvkN", from: 29, labels: ["gvkName", "gvkNsName"] },
    { name: "knit", before: "kubecfg.knit.", from: 13, labels: ["overlay", "merge", "keys"] },
    { name: "std", before: "std.objectF", from: 4, labels: ["objectFields", "objectFieldsAll"] },
    { name: "not a library", before: "foo.ba", want: null },
    { name: "field named kubecfg", before: "x.kubecfg.", want: null },
    { name: "longer name", before: "mystd.", want: null },
  ];
  for (const c of cases) {
    await t.test(c.name, () => {
      const got = completionsAt(c.before);
      if (c.want === null) { assert.equal(got, null); return; }
      assert.equal(got.from, c.from);
      assert.deepEqual(got.options.map((o) => o.label), c.labels);
    });
  }
});

test("saved result", async (t) => {
  const build = "kubecfg-core.wasm?v=1 kubecfg.wasm?v=2";
  const req = { files: { "a.jsonnet": "{}" }, entry: "a.jsonnet", command: "show", version: "" };
  const resp = { output: "---\n", exitCode: 0, diagnostics: [], timings: { totalMs: 3 } };
  await t.test("the same request and build get the answer back", () => {
    const st = memoryStorage();
    assert.equal(saveResult(build, req, resp, st), true);
    assert.deepEqual(savedResult(build, { ...req }, st), resp);
    // The version field is "" on a visit's first request; the build decides.
    assert.deepEqual(savedResult(build, { ...req, version: "v0.36.0" }, st), resp);
  });
  await t.test("another request, or another build, gets nothing", () => {
    const st = memoryStorage();
    saveResult(build, req, resp, st);
    assert.equal(savedResult(build, { ...req, files: { "a.jsonnet": "{ }" } }, st), null);
    assert.equal(savedResult(build, { ...req, expr: "$" }, st), null);
    assert.equal(savedResult("kubecfg-core.wasm?v=3 kubecfg.wasm?v=2", req, st), null);
  });
  await t.test("a newer answer replaces the older", () => {
    const st = memoryStorage();
    saveResult(build, req, resp, st);
    const req2 = { ...req, command: "eval" };
    saveResult(build, req2, { ...resp, output: "{}\n" }, st);
    assert.equal(savedResult(build, req, st), null);
    assert.equal(savedResult(build, req2, st).output, "{}\n");
  });
  await t.test("an answer past the limit is not kept, and drops the older", () => {
    const st = memoryStorage();
    saveResult(build, req, resp, st);
    assert.equal(saveResult(build, req, { ...resp, output: "x".repeat(maxChars) }, st), false);
    assert.equal(savedResult(build, req, st), null);
  });
  await t.test("full or broken storage is no answer, not an error", () => {
    assert.equal(saveResult(build, req, resp, memoryStorage({ full: true })), false);
    const st = memoryStorage();
    saveResult(build, req, resp, st);
    const good = JSON.parse(st.raw.get("kubecfg-playground/last-result"));
    for (const junk of ["{", "null", "42", JSON.stringify({ ...good, response: { exitCode: 0, output: 1 } }), JSON.stringify({ ...good, response: null })]) {
      st.raw.set("kubecfg-playground/last-result", junk);
      assert.equal(savedResult(build, req, st), null, junk);
    }
    assert.equal(savedResult(build, req, { getItem() { throw new Error("SecurityError"); } }), null);
  });
});

test("prerendered result", () => {
  const state = st.normalize(st.fromExample(examples[0]));
  const req = st.toRequest(state, "");
  const resp = { output: "---\nkind: Deployment\n", exitCode: 0, diagnostics: [] };
  const page = (text) => ({ getElementById: (id) => (id === prerenderedId && text !== undefined ? { textContent: text } : null) });
  const data = JSON.stringify(prerenderedRecord(req, resp));
  assert.deepEqual(prerenderedResult(req, page(data)), resp);
  assert.deepEqual(prerenderedResult({ ...req, version: "v0.36.0" }, page(data)), resp, "the version field does not count");
  assert.equal(prerenderedResult({ ...req, output: "json" }, page(data)), null, "another request");
  assert.equal(prerenderedResult(req, page(undefined)), null, "a page without one");
  for (const junk of ["", "{", "null", JSON.stringify({ request: JSON.parse(data).request, response: { exitCode: 0 } })]) {
    assert.equal(prerenderedResult(req, page(junk)), null, junk);
  }
  // The page's block holds the first example's and each other example's.
  const knitState = st.normalize(st.fromExample(examples.find((e) => e.name === "knit")));
  const knitReq = st.toRequest(knitState, "");
  const knitResp = { output: "knit: 1\n", exitCode: 0, diagnostics: [] };
  const failing = { output: "", exitCode: 1, stderr: "boom" };
  const all = JSON.stringify(prerenderedRecord(req, resp, examples[0].name, {
    knit: prerenderedRecord(knitReq, knitResp), "eval-expr": prerenderedRecord(st.toRequest(st.normalize(st.fromExample(examples.find((e) => e.name === "eval-expr"))), ""), failing),
  }));
  assert.deepEqual(prerenderedResult(req, page(all)), resp);
  assert.deepEqual(prerenderedResult(knitReq, page(all)), knitResp);
  assert.equal(prerenderedResult({ ...knitReq, output: "json" }, page(all)), null);
  assert.deepEqual(prerenderedExample("knit", page(all)), {
    source: knitState.files[knitState.entry], output: "knit: 1\n", paths: Object.keys(knitState.files), entry: knitState.entry, active: knitState.entry,
  });
  assert.deepEqual(prerenderedExample(examples[0].name, page(all)), {
    source: state.files[state.entry], output: resp.output, paths: Object.keys(state.files), entry: state.entry, active: state.entry,
  }, "the first example's record is the block's own");
  assert.equal(prerenderedExample("eval-expr", page(all)), null, "a failure is left to main.js");
  for (const name of ["nope", "__proto__", "toString"]) assert.equal(prerenderedExample(name, page(all)), null, name);
  for (const junk of [undefined, "", all.slice(0, 60), "null"]) assert.equal(prerenderedExample("knit", page(junk)), null, junk);
  // The tabs of the prerendered workspace, for the boot script.
  assert.deepEqual(prerenderedTabs(page(data)), { paths: Object.keys(state.files), entry: state.entry, active: state.entry, request: plain(req), example: "", about: null });
  // With the first example's name and about (scripts/prerender.mjs), which a first visit shows.
  const about = { title: examples[0].title, description: examples[0].description };
  const withAbout = JSON.stringify({ ...JSON.parse(all), about });
  assert.deepEqual(prerenderedTabs(page(withAbout)), { paths: Object.keys(state.files), entry: state.entry, active: state.entry, request: plain(req), example: examples[0].name, about });
  assert.equal(prerenderedTabs(page(JSON.stringify({ ...JSON.parse(all), about: { title: 1 } }))).about, null, "a damaged about is none");
  for (const junk of [undefined, "", data.slice(0, 40), JSON.stringify({ request: "{}" })]) {
    assert.equal(prerenderedTabs(page(junk)), null, junk);
  }
});

test("what the boot script paints first", async (t) => {
  const build = "kubecfg-core.wasm?v=1 kubecfg.wasm?v=2";
  const at = (href) => new URL(href);
  const home = at("https://play.example/?nosw");
  await t.test("a first visit: the build's answer", () => {
    assert.equal(firstAnswer(build, home, memoryStorage()), "build");
    const damaged = memoryStorage();
    damaged.setItem("kubecfg-playground/v1", "{"); // main.js starts on the first example too
    assert.equal(firstAnswer(build, home, damaged), "build");
  });
  await t.test("a saved workspace with its saved answer: both", () => {
    const storage = memoryStorage();
    const ws = st.normalize({ files: { "a.jsonnet": "{}\n", "b.libsonnet": "{ b: 1 }\n" }, entry: "a.jsonnet", active: "b.libsonnet", controls: {} });
    write("abc", ws, { storage, rev: 3 });
    assert.equal(firstAnswer(build, home, storage), null, "no answer saved");
    saveResult(build, st.toRequest(ws, "v0.36.0"), { output: "{}\n", exitCode: 0 }, storage, { id: "abc", rev: 3 });
    assert.deepEqual(firstAnswer(build, home, storage), {
      source: "{ b: 1 }\n", output: "{}\n", paths: ["a.jsonnet", "b.libsonnet"], entry: "a.jsonnet", active: "b.libsonnet",
    });
    assert.equal(firstAnswer("kubecfg-core.wasm?v=9 kubecfg.wasm?v=2", home, storage), null, "another build");
    // The answer is to another edit of the workspace than the one saved
    // (the page went away between the two), or to another workspace.
    saveResult(build, st.toRequest(ws, ""), { output: "{}\n", exitCode: 0 }, storage, { id: "abc", rev: 2 });
    assert.equal(firstAnswer(build, home, storage), null, "another edit");
    saveResult(build, st.toRequest(ws, ""), { output: "{}\n", exitCode: 0 }, storage, { id: "xyz", rev: 3 });
    assert.equal(firstAnswer(build, home, storage), null, "another workspace");
    saveResult(build, st.toRequest(ws, ""), { output: "{}\n", exitCode: 0 }, storage);
    assert.equal(firstAnswer(build, home, storage), null, "no stamp (an earlier build's answer)");
    saveResult(build, st.toRequest(ws, ""), { output: "", exitCode: 1 }, storage, { id: "abc", rev: 3 });
    assert.equal(firstAnswer(build, home, storage), null, "a failure is left to main.js, which shows its errors");
  });
  await t.test("a reloaded tab: its own workspace, not the most recent", () => {
    const storage = memoryStorage();
    const session = memoryStorage();
    const mine = st.normalize({ files: { "mine.jsonnet": "{ mine: 1 }\n" }, entry: "mine.jsonnet", controls: {} });
    const newer = st.normalize({ files: { "newer.jsonnet": "{}\n" }, entry: "newer.jsonnet", controls: {} });
    write("mine", mine, { storage, now: 1, rev: 1 });
    write("newer", newer, { storage, now: 2, rev: 1 });
    saveResult(build, st.toRequest(mine, ""), { output: "mine: 1\n", exitCode: 0 }, storage, { id: "mine", rev: 1 });
    assert.equal(firstAnswer(build, home, storage, session), null, "a new tab starts on the newer one, whose answer is not saved");
    setTabWorkspace("mine", session);
    assert.equal(firstAnswer(build, home, storage, session).output, "mine: 1\n");
  });
  await t.test("a link or a snippet: nothing before main.js", () => {
    for (const href of ["https://play.example/#s=abc", "https://play.example/s/0123456789abcdefghijkl", "https://play.example/#example=", "https://play.example/s/0123456789abcdefghijkl#example=knit"]) {
      assert.equal(firstAnswer(build, at(href), memoryStorage()), null, href);
    }
  });
  await t.test("an example link: the build's answer to that example, whatever is saved", () => {
    const storage = memoryStorage();
    write("abc", st.normalize({ files: { "a.jsonnet": "{}\n" }, entry: "a.jsonnet", controls: {} }), { storage, rev: 1 });
    for (const s of [memoryStorage(), storage]) {
      assert.deepEqual(firstAnswer(build, at("https://play.example/#example=knit"), s), { example: "knit" });
      assert.deepEqual(firstAnswer(build, at("https://play.example/?nosw#example=knit&s=abc"), s), { example: "knit" }, "links.js reads example= first");
    }
  });
  await t.test("storage that throws: the first example, where main.js starts too", () => {
    assert.equal(firstAnswer(build, home, { getItem() { throw new Error("SecurityError"); } }), "build");
  });
});

// readZip is a reader of this test's own, independent of zip.js: it walks
// the central directory from the end record and reads each entry through
// its local header.
function readZip(bytes) {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length - 22;
  assert.equal(v.getUint32(end, true), 0x06054b50, "end of central directory");
  const count = v.getUint16(end + 10, true);
  let p = v.getUint32(end + 16, true);
  const dec = new TextDecoder("utf-8", { fatal: true });
  const out = [];
  for (let i = 0; i < count; i++) {
    assert.equal(v.getUint32(p, true), 0x02014b50, "central header");
    const method = v.getUint16(p + 10, true), crc = v.getUint32(p + 16, true), size = v.getUint32(p + 20, true);
    const nameLen = v.getUint16(p + 28, true), extra = v.getUint16(p + 30, true), comment = v.getUint16(p + 32, true);
    const local = v.getUint32(p + 42, true);
    const name = dec.decode(bytes.subarray(p + 46, p + 46 + nameLen));
    assert.equal(v.getUint32(local, true), 0x04034b50, "local header");
    assert.equal(v.getUint16(local + 26, true), nameLen);
    assert.equal(dec.decode(bytes.subarray(local + 30, local + 30 + nameLen)), name);
    const from = local + 30 + nameLen + v.getUint16(local + 28, true);
    out.push({ name, method, crc, flags: v.getUint16(p + 8, true), data: bytes.subarray(from, from + size) });
    p += 46 + nameLen + extra + comment;
  }
  return out;
}

// bitCRC is CRC-32 bit by bit, the slow way, to check zip.js's table.
function bitCRC(bytes) {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

test("zip of the workspace", async (t) => {
  const files = { "app.jsonnet": "local lib = import 'lib/lib.libsonnet';\n{}\n", "lib/lib.libsonnet": "{}\n", "ünï 名.yaml": "a: 1\n", "empty": "" };
  const zip = encodeZip(files, new Date(2026, 11, 2, 10, 30, 0));
  await t.test("every file comes back, in path order, stored with UTF-8 names", () => {
    const got = readZip(zip);
    assert.deepEqual(got.map((e) => e.name), Object.keys(files).sort());
    for (const e of got) {
      assert.equal(new TextDecoder().decode(e.data), files[e.name]);
      assert.equal(e.method, 0);
      assert.equal(e.flags & 0x0800, 0x0800);
      assert.equal(e.crc, bitCRC(e.data), e.name);
    }
  });
  await t.test("CRC-32 of the standard check string", () => {
    assert.equal(crc32(new TextEncoder().encode("123456789")), 0xcbf43926);
  });
  await t.test("an empty workspace is an empty archive", () => {
    assert.deepEqual(readZip(encodeZip({})), []);
  });
  await t.test("Python's zipfile reads it", (t) => {
    let py;
    try {
      py = execFileSync("python3", ["-c", `
import io, json, sys, zipfile
z = zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read()))
assert z.testzip() is None
print(json.dumps({i.filename: [z.read(i).decode(), i.date_time] for i in z.infolist()}))
`], { input: zip });
    } catch (err) {
      if (err.code === "ENOENT") return t.skip("python3 is not installed");
      throw err;
    }
    const got = JSON.parse(py);
    assert.deepEqual(Object.fromEntries(Object.entries(got).map(([k, v]) => [k, v[0]])), files);
    assert.deepEqual(got["app.jsonnet"][1], [2026, 12, 2, 10, 30, 0]);
  });
});
