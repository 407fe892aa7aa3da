// The status line's live region (web/src/status.js): it is told a run's
// status once the line has settled, and only when it is news.
import { test } from "node:test";
import assert from "node:assert/strict";
import { statusLine, gist, settleMs } from "../src/status.js";

// A minimal element: text, class and children (the status line's two slots).
function el() {
  const node = {
    className: "", dataset: {}, children: [], _text: "",
    get classList() { return { contains: (c) => node.className.split(" ").includes(c) }; },
    get textContent() { return node.children.length ? node.children.map((c) => (typeof c === "string" ? c : c.textContent)).join("") : node._text; },
    set textContent(t) { node._text = t; node.children = []; },
    replaceChildren(...kids) { node.children = kids; },
    ownerDocument: { createElement: () => el() },
  };
  return node;
}
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

test("a notice has a slot of its own beside the run's status, each in its own colour", () => {
  const line = el();
  const s = statusLine(line, el());
  s.run("Evaluated in 3 ms.");
  s.tell("Could not save the workspace.", true);
  const [run, , notice] = line.children;
  assert.equal(line.textContent, "Evaluated in 3 ms. Could not save the workspace.");
  assert.equal(run.className, "status-run", "the good result is not painted red");
  assert.equal(notice.className, "status-notice bad");
  s.run("Evaluating…", false, { keep: true });
  s.run("Failed (exit 1) in 2 ms: boom", true);
  assert.equal(line.children[0].className, "status-run bad");
  assert.equal(line.children[2].textContent, "Could not save the workspace.", "kept for the run after the notice");
  s.run("Evaluated in 4 ms.");
  assert.equal(line.textContent, "Evaluated in 4 ms.", "then gone");
  s.tell("Loaded the example “A”.");
  assert.equal(line.children[0].className, "status-run");
  assert.equal(line.children[2].className, "status-notice", "good news is not red");
});
