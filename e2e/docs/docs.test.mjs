// The docs site in a real browser: the pages ./scripts/build-docs renders
// (static/docs/, built by make, and the hostile fixture in testdata/,
// built here), served by `kubecfg --features=playground playground`,
// viewed by Debian's Chromium through playwright-core (e2e/browser's copy,
// used read-only), headless, each browser with a fresh profile.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm, symlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "../browser/node_modules/playwright-core/index.mjs";
import { chromiumPath, launchArgs as args } from "../browser/browser.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "..", "..");
const staticRoot = path.join(repo, "static");
const kubecfgBin = process.env.KUBECFG_BIN || path.join(repo, "bin", "kubecfg");

let tmp;
let server;
let url;

// The site root: static/ (its docs/ included) by symlinks, and fixture/,
// the hostile page rendered from testdata/.
before(async () => {
  for (const need of [kubecfgBin, chromiumPath, path.join(staticRoot, "docs", "eval.html"), path.join(staticRoot, "embed.js")]) {
    if (!existsSync(need)) throw new Error(`${need} is missing: run make (and make e2e-deps)`);
  }
  tmp = await mkdtemp(path.join(os.tmpdir(), "kubecfg-e2e-docs-"));
  const root = path.join(tmp, "root");
  execFileSync("mkdir", ["-p", root]);
  for (const name of await readdir(staticRoot)) {
    if (!name.endsWith(".go")) await symlink(path.join(staticRoot, name), path.join(root, name));
  }
  execFileSync(process.env.GO || "go", ["run", "./scripts/build-docs", "-docs", path.join(here, "testdata"), "-o", path.join(root, "fixture")], { cwd: repo, stdio: ["ignore", "ignore", "inherit"] });
  const data = path.join(tmp, "data");
  server = spawn(kubecfgBin, ["--features=playground", "playground", "-l", "127.0.0.1:0", "--static-dir", root, "--data-dir", data], { stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`kubecfg playground did not start in 10 s: ${log}`)), 10000);
    server.stderr.on("data", (d) => {
      log += d;
      const m = /serving (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (m) { clearTimeout(timer); resolve(m[1] + "/"); }
    });
    server.on("exit", (code) => { clearTimeout(timer); reject(new Error(`kubecfg playground exited (${code}): ${log}`)); });
  });
});

after(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** browse runs fn(page, seen) in a fresh browser; seen collects dialogs, page errors and console errors. */
async function browse(options, fn) {
  const profile = await mkdtemp(path.join(tmp, "profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath, headless: true, args, viewport: { width: 1200, height: 900 }, ...options,
  });
  const seen = [];
  try {
    const page = context.pages()[0] || (await context.newPage());
    page.on("dialog", (d) => { seen.push(`dialog ${d.type()}: ${d.message()}`); d.dismiss().catch(() => {}); });
    page.on("response", (r) => { if (r.status() >= 400) seen.push(`HTTP ${r.status()}: ${r.url()}`); });
    page.on("pageerror", (err) => seen.push(`page error: ${err.message}`));
    page.on("console", (m) => { if (m.type() === "error" || /alert/.test(m.text())) seen.push(`console ${m.type()}: ${m.text()}`); });
    await fn(page, seen);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
  return seen;
}

/** lines compares texts line by line, ignoring trailing blank lines and spaces. */
const lines = (s) => s.replace(/\u00a0/g, " ").split("\n").map((l) => l.trimEnd()).join("\n").trimEnd();

/** runEmbeds waits for every embed of the page to evaluate and checks each shows the output printed below it. */
async function runEmbeds(page, count) {
  const frames = page.locator(".kubecfg-embed iframe");
  await page.waitForFunction((n) => document.querySelectorAll(".kubecfg-embed iframe").length === n, count, { timeout: 15000 });
  assert.equal(await page.locator("pre[data-kubecfg]").count(), 0, "a data-kubecfg block was left as it was");
  const outputs = [];
  for (let i = 0; i < count; i++) {
    // Every example of these pages is live: figure i holds frame i.
    const figure = page.locator("figure.kubecfg-example").nth(i);
    await figure.locator("iframe").scrollIntoViewIfNeeded(); // the frames load lazily
    const want = await figure.locator("pre.kubecfg-output").textContent();
    const frame = figure.frameLocator("iframe");
    await frame.getByRole("status").filter({ hasText: /Evaluated in/ }).waitFor({ timeout: 45000 });
    const got = await frame.locator("#output-view .cm-content").innerText();
    assert.equal(lines(got), lines(want.replace(/^\n/, "")), `embed ${i}: its output differs from the page's`);
    outputs.push(got);
  }
  return outputs;
}

test("a docs page with two embeds runs both", async () => {
  const seen = await browse({}, async (page) => {
    await page.goto(`${url}docs/eval.html`);
    const outputs = await runEmbeds(page, 2);
    assert.match(outputs[0], /apps\/v1\.StatefulSet:/);
    assert.match(outputs[1], /image: kubecfg\.resolveImage\('nginx:1\.27'\)/);
  });
  assert.deepEqual(seen, []);
});

test("without JavaScript a docs page is highlighted code and its output", async () => {
  const seen = await browse({ javaScriptEnabled: false }, async (page) => {
    await page.goto(`${url}docs/show.html`);
    assert.equal(await page.locator("iframe").count(), 0);
    const blocks = page.locator("pre[data-kubecfg]");
    assert.equal(await blocks.count(), 4, "show.md's examples");
    const first = blocks.first();
    assert.ok((await first.locator("span[class]").count()) > 20, "the code has chroma's spans");
    // The highlighting is styled: a keyword span has a colour of its own.
    const colors = await first.locator("span[class]").evaluateAll((spans) => new Set(spans.map((s) => getComputedStyle(s).color)).size);
    assert.ok(colors > 2, `the spans have ${colors} colours`);
    assert.match(await first.textContent(), /kind: 'Deployment'/);
    const out = page.locator("#example-jsonnet-app pre.kubecfg-output");
    assert.ok(await out.isVisible());
    assert.match(await out.textContent(), /^---\napiVersion: apps\/v1\nkind: Deployment\n/m);
    // The rc example (two files) shows both, and links to the playground.
    const rc = page.locator("#example-rc-features");
    assert.match(await rc.innerText(), /\.kubecfgrc\.jsonnet[\s\S]*features\+:[\s\S]*app\.yakl[\s\S]*portKey: containerPort/);
    assert.match(await rc.getByRole("link", { name: "Open in playground" }).getAttribute("href"), /^\/#s=[A-Za-z0-9_-]+$/);
  });
  assert.deepEqual(seen, []);
});

test("an example of several files is live with all of them", async () => {
  const seen = await browse({}, async (page) => {
    await page.goto(`${url}docs/show.html`);
    await page.waitForFunction(() => document.querySelectorAll(".kubecfg-embed iframe").length === 4, null, { timeout: 15000 });
    const figure = page.locator("#example-rc-features");
    await figure.locator("iframe").scrollIntoViewIfNeeded();
    const frame = figure.frameLocator("iframe");
    await frame.getByRole("status").filter({ hasText: /Evaluated in/ }).waitFor({ timeout: 45000 });
    const got = await frame.locator("#output-view .cm-content").innerText();
    assert.equal(lines(got), lines((await figure.locator("pre.kubecfg-output").textContent()).replace(/^\n/, "")));
    assert.match(got, /portKey: containerPort/, "the rc file's features reached the embed");
  });
  assert.deepEqual(seen, []);
});

test("an example's Open in playground link opens its whole workspace", async () => {
  const seen = await browse({}, async (page) => {
    await page.goto(`${url}docs/show.html`);
    const href = await page.locator("#example-rc-features").getByRole("link", { name: "Open in playground" }).getAttribute("href");
    await page.goto(new URL(href, url).href);
    await page.getByRole("status").filter({ hasText: /Evaluated in/ }).waitFor({ timeout: 45000 });
    const out = await page.getByRole("tabpanel", { name: "Output" }).locator(".cm-content").innerText();
    assert.match(out, /portKey: containerPort/, "the rc file's features reached the playground");
  });
  assert.deepEqual(seen, []);
});

test("markup in a snippet's file name, text and output executes nothing", async () => {
  const pageUrl = `${url}fixture/hostile.html`;
  const check = async (page) => {
    const injected = await page.evaluate(() => ({
      imgs: document.querySelectorAll("img").length,
      scripts: [...document.scripts].map((s) => s.getAttribute("src")),
      bold: document.querySelectorAll("main b").length,
    }));
    assert.deepEqual(injected, { imgs: 0, scripts: ["/embed.js"], bold: 0 }, "an element came from the snippet");
  };
  const seen = await browse({}, async (page) => {
    await page.goto(pageUrl);
    const outputs = await runEmbeds(page, 2);
    assert.match(outputs[0], /<img src=x onerror=alert\(4\)><script>alert\(3\)<\/script>/);
    assert.match(outputs[1], /note: <b>not bold<\/b>/);
    await check(page);
    for (const frame of page.frames().slice(1)) {
      const imgs = await frame.evaluate(() => document.querySelectorAll("img, .cm-content script, .cm-content b").length);
      assert.equal(imgs, 0, `frame ${frame.url().slice(0, 60)}… holds injected elements`);
      assert.match(await frame.locator("#embed-file").textContent(), /^(x<img src=x onerror=alert\(1\)>\.jsonnet|cm\.jsonnet)$/);
    }
    assert.match(await page.title(), /^Hostile <script>alert\(6\)<\/script> page/);
  });
  assert.deepEqual(seen, []);
  const seenNoJS = await browse({ javaScriptEnabled: false }, async (page) => {
    await page.goto(pageUrl);
    await check(page);
    const pre = page.locator("pre[data-kubecfg]").first();
    assert.equal(await pre.getAttribute("data-kubecfg"), "x<img src=x onerror=alert(1)>.jsonnet");
    assert.match(await pre.textContent(), /<\/pre><script>alert\(2\)<\/script><img src=x onerror=alert\(5\)>/);
    assert.match(await page.locator("#example-hostile pre.kubecfg-output").textContent(), /<img src=x onerror=alert\(4\)><script>alert\(3\)<\/script>/);
  });
  assert.deepEqual(seenNoJS, []);
});
