// The bytes the playground page loads before its first result (issue 21:
// at most 2.0 MB), counted from the build in static/ without a browser, so
// the count is the same on every run: the page; what its <head> names
// (boot.js, the CSS, main.js and the chunks main.js imports statically, the
// manifest and its icons); the engine's worker, wasm_exec.js and the core
// engine the worker loads. Each is counted as the copy the server sends
// (the brotli one of scripts/compress.mjs when there is one), plus an
// allowance for the response's headers. make bench-lang and make bench-web
// measure the same in Chromium, headers included (docs/benchmarks.md).
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { staticRoot } from "./server.mjs";

/** budget is issue 21's: the bytes on the wire before the first result. */
const budget = 2.0e6;
/** headerBytes allows for each response's headers (0.8 to 1.2 kB from kubecfg playground, security headers included). */
const headerBytes = 1000;

// wireBytes is the size of what the server sends for a site path.
function wireBytes(rel) {
  const file = path.join(staticRoot, rel.replace(/[?#].*$/, ""));
  return statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size;
}

// staticImports are the site paths an ES module imports statically
// (import … from "./x.js", import "./x.js"; not import("./x.js")).
function staticImports(rel) {
  const code = readFileSync(path.join(staticRoot, rel), "utf8");
  const dir = path.posix.dirname(rel);
  return [...code.matchAll(/\bimport\s*(?:[\w$\s{},*]*?\bfrom\s*)?["'](\.\.?\/[^"']+)["']/g)].map((m) => path.posix.join(dir, m[1]));
}

/** firstLoad lists the site paths the page loads before its first result. */
function firstLoad() {
  const html = readFileSync(path.join(staticRoot, "index.html"), "utf8");
  const head = html.slice(0, html.indexOf("</head>"));
  const attr = (re) => [...head.matchAll(re)].map((m) => m[1]);
  const paths = new Set(["index.html"]);
  for (const p of attr(/<script [^>]*src="([^"]+)"/g)) paths.add(p);
  for (const p of attr(/<link [^>]*href="([^"]+)"/g)) paths.add(p);
  for (const name of ["worker", "wasm", "wasm-exec"]) {
    for (const p of attr(new RegExp(`<meta name="kubecfg:${name}" content="([^"]+)"`, "g"))) paths.add(p);
  }
  for (const m of attr(/<link rel="manifest" href="([^"]+)"/g)) {
    for (const icon of JSON.parse(readFileSync(path.join(staticRoot, m), "utf8")).icons || []) paths.add(icon.src);
  }
  // The main module's static imports, and theirs.
  const modules = attr(/<script type="module" src="([^"]+)"/g);
  while (modules.length) {
    for (const dep of staticImports(modules.pop())) {
      if (!paths.has(dep)) { paths.add(dep); modules.push(dep); }
    }
  }
  return [...paths].map((p) => p.replace(/[?#].*$/, ""));
}

test("the bytes before the first result are within 2.0 MB", (t) => {
  assert.ok(existsSync(path.join(staticRoot, "index.html")), "static/index.html is missing: make web first");
  const paths = firstLoad();
  for (const must of ["kubecfg-core.wasm", "wasm_exec.js", "index.html"]) assert.ok(paths.includes(must), `${must} is not among ${paths.join(", ")}`);
  const lang = paths.filter((p) => /kubecfg-lang\.wasm|lang-worker/.test(p));
  assert.deepEqual(lang, [], "the language service loads after the first result");
  const sizes = paths.map((p) => [p, wireBytes(p)]);
  const total = sizes.reduce((sum, [, n]) => sum + n + headerBytes, 0);
  t.diagnostic(`${(total / 1e6).toFixed(3)} MB with ${headerBytes} bytes of headers each: ${sizes.map(([p, n]) => `${p} ${n}`).join(", ")}`);
  assert.ok(total <= budget, `the page loads ${total} bytes before its first result, over the ${budget} of issue 21`);
});
