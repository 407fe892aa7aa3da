// errors.js's one-click fixes, from a failed response's data, and its
// places, from the frames' data.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixesFor, framePlaces, linkedText } from "../src/errors.js";

test("fixesFor: a gate's error turns its feature on; show's non-object value inside the input switches to eval", () => {
  const failed = (stderr, more = {}) => ({ exitCode: 1, stderr, diagnostics: [{ severity: "error", message: stderr.split("\n")[0], ...more }] });
  const gate = (feature) => ({ kind: "gate", feature });
  assert.deepEqual(fixesFor(failed("yakl is an alpha feature; turn it on with --features=yakl\n", gate("yakl"))), [{ label: "Turn on yakl", fix: { feature: "yakl" } }]);
  // The engine's kind, not the text, says it is a gate's error.
  assert.deepEqual(fixesFor(failed("RUNTIME ERROR: x is an alpha feature; turn it on with --features=x\n")), []);
  // The engine's offerEval, not the text, says when eval prints the value
  // (pkg/playground: not at "$", where eval's wrapper fails too).
  assert.deepEqual(fixesFor(failed("error reading a.jsonnet: Looking for kubernetes object at \"$.replicas\", but instead found float64\n", { offerEval: true })), [{ label: "Switch to eval", fix: { command: "eval" } }]);
  assert.deepEqual(fixesFor(failed("error reading a.jsonnet: Looking for kubernetes object at \"$\", but instead found float64\n")), []);
  assert.deepEqual(fixesFor(failed("RUNTIME ERROR: boom\n")), []);
  assert.deepEqual(fixesFor({ exitCode: 0, stderr: "", diagnostics: [] }), []);
  // One button per feature, however often the text names it.
  const knit = "knit is an alpha feature; turn it on with --features=knit\n";
  assert.equal(fixesFor({ exitCode: 1, stderr: knit + knit, diagnostics: [{ message: knit, ...gate("knit") }, { message: knit, ...gate("knit") }] }).length, 1);
});

test("framePlaces: the frames' places where the text names them, in order; nothing else in the text is a place", () => {
  const text = "RUNTIME ERROR: names main.jsonnet:1:1 itself\n\tfile:///workspace/lib.libsonnet:2:10-27\tfunction <f>\n\tfile:///workspace/main.jsonnet:1:1-9\t$\n\tDuring evaluation\n";
  const frames = [
    { file: "file:///workspace/lib.libsonnet", line: 2, column: 10, text: "file:///workspace/lib.libsonnet:2:10-27", name: "function <f>" },
    { file: "file:///workspace/main.jsonnet", line: 1, column: 1, text: "file:///workspace/main.jsonnet:1:1-9", name: "$" },
    { name: "During evaluation" },
    { file: "file:///workspace/gone.jsonnet", line: 3, column: 1, text: "file:///workspace/gone.jsonnet:3:1" },
  ];
  const got = framePlaces(text, frames);
  assert.deepEqual(got.map((p) => text.slice(p.start, p.end)), [frames[0].text, frames[1].text]);
  assert.deepEqual(got.map((p) => p.frame), [frames[0], frames[1]]);
  // The same place twice in a trace: each frame at its own line of the text.
  const twice = "E\n\tfile:///a.jsonnet:1:2\tf\n\tfile:///a.jsonnet:1:2\tf\n";
  const f = { file: "file:///a.jsonnet", line: 1, column: 2, text: "file:///a.jsonnet:1:2" };
  assert.deepEqual(framePlaces(twice, [f, f]).map((p) => p.start), [3, 28]);
  assert.deepEqual(framePlaces(text, []), []);
});

test("linkedText: a frame without a file, or whose text does not start with its file, never throws and loses no place", () => {
  const saved = globalThis.document;
  globalThis.document = { createTextNode: (t) => ({ text: t }) };
  try {
    const files = { "main.jsonnet": "", "x.yakl": "" };
    const shown = (text, frames) => linkedText(text, files, null, frames).nodes.map((n) => n.text).join("");
    // No file: the text as it is, no link.
    assert.equal(shown("E at 1:2 here", [{ line: 1, column: 2, text: "1:2" }]), "E at 1:2 here");
    // A yakl: frame whose text names the file without the scheme keeps its line and column.
    assert.equal(shown("RUNTIME ERROR: file:///workspace/x.yakl:3:4: bad", [{ file: "yakl:file:///workspace/x.yakl", line: 3, column: 4, text: "file:///workspace/x.yakl:3:4" }]),
      "RUNTIME ERROR: x.yakl:3:4: bad");
    // The usual yakl: place: the scheme stays, the file is named by its path.
    assert.equal(shown("E yakl:file:///workspace/x.yakl:3:4 f", [{ file: "yakl:file:///workspace/x.yakl", line: 3, column: 4, text: "yakl:file:///workspace/x.yakl:3:4" }]),
      "E yakl:x.yakl:3:4 f");
    // A text naming the file otherwise than the frame: shown as the text names it.
    assert.equal(shown("E main.jsonnet:1:5 f", [{ file: "file:///workspace/main.jsonnet", line: 1, column: 5, text: "main.jsonnet:1:5" }]), "E main.jsonnet:1:5 f");
  } finally {
    globalThis.document = saved;
  }
});
