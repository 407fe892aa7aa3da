// deathMessage (web/src/fatal.js): why the worker's engine died, in the
// CLI's words, from what the worker saw.
import { test } from "node:test";
import assert from "node:assert/strict";
import { deathMessage, isStackOverflow } from "../src/fatal.js";
import { EngineCrash, TimeoutError, stoppedSentence } from "../src/runner.js";

// The shape of internal/fatal.WasmReports (the engine hands over the real table;
// wasm/playground's TestEngine holds it to internal/fatal).
const reports = [
  { prefix: "fatal error: traceback did not unwind completely", message: "OVERFLOW" },
  { prefix: "runtime: goroutine stack exceeds", message: "OVERFLOW" },
  { prefix: "fatal error: stack overflow", message: "OVERFLOW" },
  { prefix: "runtime: out of memory", message: "MEMORY" },
  { prefix: "fatal error: ", message: "OTHER" },
];

test("deathMessage", async (t) => {
  const cases = [
    { name: "the browser's stack ran out", in: { stackOverflow: true, err: new WebAssembly.RuntimeError("memory access out of bounds") }, want: "OVERFLOW" },
    { name: "the error is the overflow", in: { err: new RangeError("Maximum call stack size exceeded") }, want: "OVERFLOW" },
    // What Go's wasm runtime writes when memory.grow fails, in the pieces it writes it in.
    { name: "out of memory", in: { stderr: "log line\nruntime: out of memory: cannot allocate 524288-byte block (4187586560 in use)\nfatal error: out of memory\n\ngoroutine 1 [running]:\n" }, want: "MEMORY" },
    // What Go's wasm runtime writes when a recursion ran the browser's stack out inside it (std.parseYaml of deep nesting).
    { name: "the browser's stack ran out inside Go", in: { stderr: "runtime: g10: frame.sp=0x11f5250 top=0x137ffe0\n\tstack=[0x1180000-0x1380000\nfatal error: traceback did not unwind completely\n\nruntime stack:\n" }, want: "OVERFLOW" },
    // A runtime whose stack the browser's overflow broke may fault on something else first.
    { name: "the broken stack named in a later report", in: { stderr: "fatal error: unexpected signal during runtime execution\n[signal SIGSEGV]\nruntime: g10: frame.sp=0x11f5250 top=0x137ffe0\nfatal error: traceback did not unwind completely\n" }, want: "OVERFLOW" },
    { name: "Go's own stack check", in: { stderr: "runtime: goroutine stack exceeds 1000000000-byte limit\nfatal error: stack overflow\n" }, want: "OVERFLOW" },
    { name: "another fatal error", in: { stderr: "fatal error: all goroutines are asleep - deadlock!\n" }, want: "OTHER" },
    { name: "a report must start its line", in: { stderr: "error reading a.jsonnet: fatal error: no\n" }, want: "" },
    { name: "a trap, nothing else known", in: { err: new WebAssembly.RuntimeError("unreachable") }, want: "the engine failed (unreachable) during the evaluation" },
    { name: "nothing known", in: {}, want: "" },
    { name: "an engine without the table", in: { reports: [], stackOverflow: true }, want: "" },
  ];
  for (const c of cases) {
    await t.test(c.name, () => assert.equal(deathMessage({ reports, ...c.in }), c.want));
  }
});

test("isStackOverflow", () => {
  assert.ok(isStackOverflow(new RangeError("Maximum call stack size exceeded")));
  assert.ok(isStackOverflow("Uncaught RangeError: Maximum call stack size exceeded"));
  assert.ok(!isStackOverflow(new RangeError("Invalid array length")));
  assert.ok(!isStackOverflow(undefined));
});

test("stoppedSentence", () => {
  assert.equal(stoppedSentence(new EngineCrash("evaluation overflowed the stack; started a fresh engine")), "Evaluation overflowed the stack; started a fresh engine.");
  assert.equal(stoppedSentence(new TimeoutError("stopped: the evaluation ran past 5 s; started a fresh engine")), "Stopped: the evaluation ran past 5 s; started a fresh engine.");
  // Checked by kind: the page and the boot script bundle runner.js apart.
  assert.equal(stoppedSentence(Object.assign(new Error("the engine exited"), { kind: "crash" })), "The engine exited.");
  assert.equal(stoppedSentence(Object.assign(new Error("the engine exited"), { name: "EngineCrash" })), "", "a name says nothing");
  assert.equal(new TimeoutError("x").reason, "limit");
  assert.equal(new TimeoutError("x", "request").reason, "request");
  assert.equal(stoppedSentence(new Error("loading x.wasm: 404")), "");
});
