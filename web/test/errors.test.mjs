// errors.js's one-click fixes, from a failed response's text.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixesFor } from "../src/errors.js";

test("fixesFor: a gate's error turns its feature on; show's non-object value inside the input switches to eval", () => {
  const failed = (stderr, more = {}) => ({ exitCode: 1, stderr, diagnostics: [{ severity: "error", message: stderr.split("\n")[0], ...more }] });
  assert.deepEqual(fixesFor(failed("yakl is an alpha feature; turn it on with --features=yakl\n")), [{ label: "Turn on yakl", fix: { feature: "yakl" } }]);
  // The engine's offerEval, not the text, says when eval prints the value
  // (pkg/playground: not at "$", where eval's wrapper fails too).
  assert.deepEqual(fixesFor(failed("error reading a.jsonnet: Looking for kubernetes object at \"$.replicas\", but instead found float64\n", { offerEval: true })), [{ label: "Switch to eval", fix: { command: "eval" } }]);
  assert.deepEqual(fixesFor(failed("error reading a.jsonnet: Looking for kubernetes object at \"$\", but instead found float64\n")), []);
  assert.deepEqual(fixesFor(failed("RUNTIME ERROR: boom\n")), []);
  assert.deepEqual(fixesFor({ exitCode: 0, stderr: "", diagnostics: [] }), []);
  // One button per feature, however often the text names it.
  assert.equal(fixesFor(failed("knit is an alpha feature; turn it on with --features=knit\nknit is an alpha feature; turn it on with --features=knit\n")).length, 1);
});
