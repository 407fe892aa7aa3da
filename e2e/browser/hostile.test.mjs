// The hostile-input corpus (e2e/hostile) in a real browser: each case runs
// through the page's own Runner (web/src/runner.js: the compiled module,
// a Web Worker, the watchdog) in Debian's Chromium, and must end as the
// case's "browser" outcome says: an error response, an ok response, the
// watchdog stopping it, or the worker dying and being replaced. After
// every case a harmless program must succeed on the same Runner.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { open } from "./browser.mjs";
import { staticRoot } from "./server.mjs";
import { loadCorpus } from "../hostile/cases.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const runnerSource = path.resolve(here, "..", "..", "web", "src", "runner.js");
const timeoutMs = 5000;

// The harness page: the Runner on the site's own origin, so the site's
// CSP (no inline scripts) applies as on the real page.
const harnessHTML = `<!doctype html><meta charset="utf-8"><title>hostile</title>
<script type="module" src="/__hostile/harness.js"></script>`;
const harnessJS = (workerUrl) => `
import { Runner, TimeoutError } from "/__hostile/runner.js";
const restarts = [];
const runner = new Runner({ wasmUrl: "/kubecfg-core.wasm", fullWasmUrl: "/kubecfg.wasm", wasmExecUrl: "/wasm_exec.js", workerUrl: ${JSON.stringify(workerUrl)},
  timeoutMs: ${timeoutMs}, onRestart: (why) => restarts.push(why) });
window.hostileReady = runner.start();
window.hostileRun = async (request) => {
  const before = restarts.length;
  try {
    const response = await runner.run(request);
    return { kind: "response", response, restarts: restarts.slice(before) };
  } catch (err) {
    return { kind: err instanceof TimeoutError ? "timeout" : "crash", message: String(err.message), restarts: restarts.slice(before) };
  }
};`;

let b, corpus;
before(async () => {
  corpus = await loadCorpus();
  const worker = (await readdir(path.join(staticRoot, "dist"))).find((f) => /^worker-.*\.js$/.test(f));
  assert.ok(worker, "static/dist has no worker bundle (make web)");
  const runner = await readFile(runnerSource, "utf8");
  // runner.js imports the session protocol's page side, and trace.js's requestKey.
  const session = await readFile(path.join(path.dirname(runnerSource), "session.js"), "utf8");
  const trace = await readFile(path.join(path.dirname(runnerSource), "trace.js"), "utf8");
  b = await open();
  await b.page.route("**/__hostile/**", (route) => {
    const name = new URL(route.request().url()).pathname.split("/").pop();
    const body = { "index.html": harnessHTML, "harness.js": harnessJS(`/dist/${worker}`), "runner.js": runner, "session.js": session, "trace.js": trace }[name];
    if (body === undefined) return route.fulfill({ status: 404, body: "" });
    return route.fulfill({ status: 200, contentType: name.endsWith(".html") ? "text/html" : "text/javascript", body });
  });
  await b.page.goto(new URL("__hostile/index.html", b.url).href);
  await b.page.waitForFunction(() => window.hostileReady !== undefined);
  await b.page.evaluate(() => window.hostileReady);
});
// The crash cases end the engine inside the worker on purpose; Chromium
// reports the engine's own failure (the host's stack exhausted, a trap) as
// an uncaught error of the worker even though the Runner handles it.
const engineFailure = /Maximum call stack size exceeded|null function|unreachable|memory access out of bounds|Out of memory/;
after(async () => {
  const errors = b.errors.map(String).filter((e) => !engineFailure.test(e));
  await b.close();
  assert.deepEqual(errors, [], "the page threw");
});

function forbiddenIn(text) {
  return corpus.forbidden.filter((f) => text.includes(f));
}

test("every hostile case ends as expected, and a harmless program runs after it", async (t) => {
  for (const c of corpus.cases) {
    await t.test(c.name, async () => {
      const r = await b.page.evaluate((req) => window.hostileRun(req), c.request);
      const text = JSON.stringify(r);
      assert.deepEqual(forbiddenIn(text), [], `forbidden text in ${text.slice(0, 300)}`);
      switch (c.browser) {
        case "error":
          assert.equal(r.kind, "response", `${c.name}: ${r.message}`);
          assert.equal(r.response.exitCode, 1, r.response.output.slice(0, 200));
          for (const s of c.stderr || []) assert.ok(r.response.stderr.includes(s), `stderr ${r.response.stderr.slice(0, 300)} lacks ${s}`);
          assert.ok(r.response.diagnostics.some((d) => d.severity === "error"), "no error diagnostic");
          break;
        case "ok":
          assert.equal(r.kind, "response", `${c.name}: ${r.message}`);
          assert.equal(r.response.exitCode, 0, r.response.stderr);
          for (const s of c.stdout || []) assert.ok(r.response.output.includes(s), `output lacks ${s}`);
          break;
        case "watchdog":
          assert.equal(r.kind, "timeout", `${c.name} was not stopped by the watchdog: ${text.slice(0, 200)}`);
          assert.deepEqual(r.restarts, ["timeout"]);
          break;
        case "crash":
          // Where the host's stack runs out depends on how far the engine
          // has optimised the code, so a case that can exhaust it may also
          // finish as it does in the envelope. Either is fine; a hang or a
          // dead page is not.
          if (r.kind === "crash") {
            assert.deepEqual(r.restarts, ["crash"]);
            // The runner says why in the CLI's words (internal/fatal): the CLI's
            // own sentence when the CLI dies of it too.
            assert.match(r.message, /^evaluation (overflowed the stack|ran out of memory) and was stopped: .*; started a fresh engine$/);
            if (c.cli === "crash") for (const s of c.stderr || []) assert.ok(r.message.includes(s.trim()), `message ${r.message} lacks ${s}`);
          } else if (c.envelope === "watchdog") {
            assert.equal(r.kind, "timeout", `${c.name}: ${text.slice(0, 200)}`);
          } else {
            assert.equal(r.kind, "response", `${c.name}: ${text.slice(0, 200)}`);
            for (const s of c.stdout || []) assert.ok(r.response.output.includes(s), `output lacks ${s}`);
          }
          break;
        default:
          assert.fail(`unknown browser outcome ${c.browser}`);
      }
      const h = await b.page.evaluate((req) => window.hostileRun(req), corpus.harmless);
      assert.equal(h.kind, "response", `harmless run after ${c.name}: ${h.message}`);
      assert.equal(h.response.exitCode, 0, h.response.stderr);
      assert.ok(h.response.output.includes(corpus.harmlessStdout), h.response.output);
    });
  }
});
