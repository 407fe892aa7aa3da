// The status line's live region (web/src/status.js): it is told a run's
// status once the line has settled, and only when it is news.
import { test } from "node:test";
import assert from "node:assert/strict";
import { statusLine, gist, settleMs } from "../src/status.js";

const el = () => ({ textContent: "", className: "", dataset: {} });
const wait = (ms) => new Promise((r) => setTimeout(r, ms));

test("gist drops timings, so results that differ only in them are the same news", () => {
  assert.equal(gist("Evaluated in 12 ms."), gist("Evaluated in 9.5 ms."));
  assert.equal(gist("Failed (exit 1) in 3 ms: x.jsonnet:1:2 Unknown variable: y"), "Failed (exit 1): x.jsonnet:1:2 Unknown variable: y");
  assert.notEqual(gist("Evaluated in 12 ms."), gist("Failed (exit 1) in 3 ms: boom"));
});

test("runs are announced once settled, and a repeat of the same news is not", async () => {
  const line = el();
  const live = el();
  const s = statusLine(line, live);
  s.run("Evaluating…", false, { keep: true });
  s.run("Evaluated in 3 ms.");
  s.run("Evaluating…", false, { keep: true });
  s.run("Evaluated in 4 ms.");
  assert.equal(line.textContent, "Evaluated in 4 ms.");
  assert.equal(live.textContent, "", "nothing while the line changes");
  await wait(settleMs + 50);
  assert.equal(live.textContent, "Evaluated in 4 ms.");
  s.run("Evaluated in 6 ms.");
  live.textContent = "(kept)";
  await wait(settleMs + 50);
  assert.equal(live.textContent, "(kept)", "the same news is not said again");
  s.tell("Copied the link.");
  assert.equal(live.textContent, "Copied the link.", "a notice is said at once");
});
