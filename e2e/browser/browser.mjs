// Launches Debian's Chromium headless through playwright-core, with a fresh
// profile directory, and serves the site: the shared set-up of the tests,
// the screenshots and the benchmark.
import { chromium } from "playwright-core";
import { mkdtemp, rm } from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { serve, staticRoot } from "./server.mjs";
import assert from "node:assert/strict";
import { afterEach, after } from "node:test";

/** kubecfgBin is the CLI whose playground command serves the site. */
export const kubecfgBin = process.env.KUBECFG_BIN || path.resolve(staticRoot, "..", "bin", "kubecfg");

/**
 * servePlayground runs `kubecfg --features=playground playground` on a free
 * port of 127.0.0.1, serving staticDir (static/) and the share API with a
 * fresh data directory. It resolves to { url, close }.
 */
export async function servePlayground(staticDir = staticRoot) {
  const data = await mkdtemp(path.join(os.tmpdir(), "kubecfg-e2e-data-"));
  const child = spawn(kubecfgBin, [
    "--features=playground", "playground", "-l", "127.0.0.1:0", "--static-dir", staticDir, "--data-dir", data,
  ], { stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`kubecfg playground did not start in 10 s: ${log}`)), 10000);
    child.stderr.on("data", (d) => {
      log += d;
      const m = /serving (http:\/\/127\.0\.0\.1:\d+\/?)/.exec(log);
      if (m) { clearTimeout(timer); resolve(m[1].endsWith("/") ? m[1] : m[1] + "/"); }
    });
    child.on("exit", (code) => { clearTimeout(timer); reject(new Error(`kubecfg playground exited (${code}): ${log}`)); });
  });
  return {
    url, kind: "kubecfg",
    async close() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      await rm(data, { recursive: true, force: true });
    },
  };
}

/** chromiumPath is the browser the tests drive. */
export const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";

/**
 * playwrightDisabledFeatures are the features playwright-core turns off
 * with its own --disable-features switch, read from its bundle. Chromium
 * keeps only the last --disable-features of a command line, so a list of
 * ours has to carry them too; a playwright-core whose bundle no longer
 * reads this way fails here rather than silently losing them.
 */
export function playwrightDisabledFeatures() {
  const lib = path.join(path.dirname(createRequire(import.meta.url).resolve("playwright-core")), "lib", "coreBundle.js");
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter/.exec(existsSync(lib) ? readFileSync(lib, "utf8") : "");
  const names = list ? [...list[1].replace(/\/\/.*$/gm, "").matchAll(/"(\w+)"/g)].map((m) => m[1]) : [];
  if (!names.length) throw new Error(`browser.mjs: cannot read playwright-core's --disable-features list from ${lib}; update playwrightDisabledFeatures`);
  return names;
}

/**
 * ownDisabledFeatures: Chromium 151 and later render the address bar's
 * popup (a WebUI page, chrome://omnibox-popup.top-chrome) in a renderer
 * of its own at every browser start, headless too: 0.5-0.7 s of one of
 * this machine's two cores, in the middle of the first page load of each
 * fresh browser, which the start-up benchmarks would count as the page's.
 * A user's browser did that when it started, not when they opened the
 * playground.
 */
const ownDisabledFeatures = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

/** launchArgs are the Chromium flags of every test and benchmark. */
export const launchArgs = [
  "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
  "--disable-sync", "--no-first-run", "--disable-quic",
  `--disable-features=${[...new Set([...playwrightDisabledFeatures(), ...ownDisabledFeatures])].join(",")}`,
];

// The browsers open() started and nobody closed yet. A test that fails
// before it closes its own leaves one, and its connection would keep the
// test process alive after the last test: a test file whose tests open
// browsers of their own calls closeLeaked in its after hook.
const opened = new Set();

/** closeLeaked closes the browsers (and servers) that tests left open. */
export async function closeLeaked() {
  for (const b of [...opened]) await b.close().catch(() => {});
}

/**
 * open starts a server (or uses KUBECFG_PLAYGROUND_URL; with root, a plain
 * static server of that directory) and a browser
 * context; colorScheme is "light" or "dark". The browser has seen the
 * page's help panel (which a first visit opens by itself over the page),
 * unless firstVisit is set. It resolves to { context,
 * page, url, errors, site, restart, close } (site: the server started, or
 * null); restart closes the browser and
 * starts it again on the same profile (a visit another day: only what is
 * on disk remains), replacing context and page.
 */
export async function open({ colorScheme = "light", viewport = { width: 1400, height: 860 }, root = null, firstVisit = false } = {}) {
  if (!existsSync(chromiumPath)) throw new Error(`${chromiumPath} is missing: apt-get install -y chromium (make e2e-deps)`);
  // The real server when it is built (make bin/kubecfg), else a plain one.
  const server = root ? await serve(root) : process.env.KUBECFG_PLAYGROUND_URL ? null
    : existsSync(kubecfgBin) && process.env.KUBECFG_E2E_SERVER !== "node" ? await servePlayground() : await serve();
  const url = process.env.KUBECFG_PLAYGROUND_URL || server.url;
  const profile = await mkdtemp(path.join(os.tmpdir(), "kubecfg-e2e-"));
  const errors = [];
  const launch = async () => {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath, headless: true, args: launchArgs, colorScheme, viewport,
      permissions: ["clipboard-read", "clipboard-write"],
    });
    if (!firstVisit) {
      await context.addInitScript(() => {
        try { localStorage.setItem("kubecfg:help-seen", "1"); } catch { /* an opaque origin */ }
      });
    }
    const page = context.pages()[0] || (await context.newPage());
    page.on("pageerror", (err) => errors.push(err));
    // CodeMirror reports exceptions in its listeners with console.error.
    page.on("console", (m) => {
      if (m.type() === "error" && !/Failed to load resource/.test(m.text())) errors.push(new Error(`console: ${m.text()}`));
    });
    return { context, page };
  };
  const b = {
    ...(await launch()), url, errors, server: server ? (server.kind || "node") : "external", site: server,
    async restart() {
      await b.context.close();
      Object.assign(b, await launch());
    },
    async close() {
      opened.delete(b);
      await b.context.close();
      if (server) await server.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
  opened.add(b);
  return b;
}

/**
 * browserPerTest, called at a test file's top level, gives each test of
 * the file its own browser: the function it returns opens one (open's
 * options), and after each test that browser is closed and the test fails
 * if the page threw.
 */
export function browserPerTest() {
  let b = null;
  afterEach(async () => {
    if (!b) return;
    const errors = b.errors;
    await b.close();
    b = null;
    assert.deepEqual(errors.map(String), [], "the page threw");
  });
  after(closeLeaked);
  return async (opts) => (b = await open(opts));
}
