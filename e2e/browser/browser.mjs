// Launches Debian's Chromium headless through playwright-core, with a fresh
// profile directory, and serves the site: the shared set-up of the tests,
// the screenshots and the benchmark.
import { chromium } from "playwright-core";
import { mkdtemp, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { serve } from "./server.mjs";

/** chromiumPath is the browser the tests drive. */
export const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";

const args = [
  "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
  "--disable-sync", "--no-first-run",
];

/**
 * open starts a server (or uses KUBECFG_PLAYGROUND_URL) and a browser
 * context; colorScheme is "light" or "dark". It resolves to { context,
 * page, url, close }.
 */
export async function open({ colorScheme = "light", viewport = { width: 1400, height: 860 } } = {}) {
  if (!existsSync(chromiumPath)) throw new Error(`${chromiumPath} is missing: apt-get install -y chromium (make e2e-deps)`);
  const server = process.env.KUBECFG_PLAYGROUND_URL ? null : await serve();
  const url = process.env.KUBECFG_PLAYGROUND_URL || server.url;
  const profile = await mkdtemp(path.join(os.tmpdir(), "kubecfg-e2e-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath, headless: true, args, colorScheme, viewport,
  });
  const page = context.pages()[0] || (await context.newPage());
  const errors = [];
  page.on("pageerror", (err) => errors.push(err));
  return {
    context, page, url, errors,
    async close() {
      await context.close();
      if (server) await server.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
