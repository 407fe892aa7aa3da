// Takes the docs' screenshots of the playground in light and dark:
// docs/screenshots/playground-light.png and playground-dark.png (the wide
// layout, on the Output tab the page starts on), the trace ("where
// does this line come from?") in light:
// docs/screenshots/playground-provenance.png, the language service's
// completion after `lib.`: docs/screenshots/playground-completion.png, the
// Validate switch's warning: docs/screenshots/playground-validate.png, the
// Compare pane: docs/screenshots/playground-compare.png, and
// a phone's layout: docs/screenshots/playground-mobile.png.
//   node screenshots.mjs [NAME…]   (only the screenshots named, when given)
import path from "node:path";
import { fileURLToPath } from "node:url";
import { open } from "./browser.mjs";
import { waitStatus, loadExample, afterRun } from "./helpers.mjs";
import { examples } from "../../web/src/examples.js";

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "docs", "screenshots");

const only = process.argv.slice(2);

async function shoot(colorScheme, setup, name = `playground-${colorScheme}`, viewport = { width: 1400, height: 820 }) {
  if (only.length && !only.includes(name)) return;
  const b = await open({ colorScheme, viewport });
  try {
    await b.page.goto(b.url);
    await waitStatus(b.page, /^Evaluated/);
    await setup(b.page);
    const file = path.join(out, `${name}.png`);
    await b.page.screenshot({ path: file });
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  } finally {
    await b.close();
  }
}

await shoot("light", async (page) => { await page.mouse.move(0, 0); });
await shoot("dark", async (page) => {
  await loadExample(page, "A YAKL Pod (RFC06)");
  await afterRun(page, () => page.getByLabel("Output format").selectOption("jsonnet"));
  await page.getByLabel("Editor", { exact: true }).locator(".cm-line").nth(1).hover();
});
// The default example with its replicas: line clicked: the lines of
// app.jsonnet that feed it are marked, both file tabs carry the marker,
// and the list above the output names every place.
await shoot("light", async (page) => {
  const n = (await page.locator("#output-view .cm-line").allInnerTexts()).findIndex((l) => l.includes("replicas: 2")) + 1;
  await page.locator("#output-view .cm-line").nth(n - 1).click();
  await page.locator("#trace button.loc").first().waitFor();
  await page.mouse.move(0, 0);
}, "playground-provenance");
// The language service: lib. typed on a new line of the default example
// offers the library's functions, with their signatures.
await shoot("light", async (page) => {
  await page.waitForFunction(() => performance.getEntriesByName("kubecfg:lang-ready").length > 0, null, { timeout: 30000 });
  await page.getByLabel("Editor", { exact: true }).focus();
  await page.keyboard.press("ControlOrMeta+Home");
  for (let i = 1; i < 8; i++) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("End");
  await page.keyboard.type("\n  db: lib.", { delay: 30 });
  await page.locator(".cm-tooltip-autocomplete").waitFor();
  await page.keyboard.press("ArrowDown");
  await page.waitForTimeout(300);
}, "playground-completion");
// The Validate switch: a typo'd field in lib.libsonnet of the default
// example, its warning in the editor with the message on hover, listed
// above the output with its output line, which is marked too.
await shoot("light", async (page) => {
  await page.getByRole("checkbox", { name: "Validate" }).check();
  await page.locator("#validate-verdict").filter({ hasText: "valid" }).waitFor({ timeout: 60000 });
  await page.getByRole("tab", { name: /lib\.libsonnet/ }).click();
  const ed = page.getByLabel("Editor", { exact: true });
  const lib = examples[0].files["lib.libsonnet"];
  await ed.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(lib.replace("image: image }", "image: image, imagePullPolcy: 'Always' }"));
  await page.keyboard.press("ControlOrMeta+Home");
  await page.locator("#validate-verdict").filter({ hasText: "problem" }).waitFor({ timeout: 30000 });
  await page.locator("#editor-panel .cm-lintRange-warning").first().hover();
  await page.locator(".cm-tooltip-lint").waitFor();
  await page.waitForTimeout(300);
}, "playground-validate");
// The Compare pane: the default example pinned, then replicas set and a
// label added in lib.libsonnet; the changed replicas line clicked, which
// opened lib.libsonnet at the line that made it.
await shoot("light", async (page) => {
  await page.getByRole("tab", { name: /^Compare/ }).click();
  await page.getByRole("button", { name: "Pin the output as the baseline" }).click();
  await page.locator("#tab-compare .cmp-count").filter({ hasText: "no object changed" }).waitFor({ timeout: 30000 });
  await page.getByRole("tab", { name: /lib\.libsonnet/ }).click();
  const lib = examples[0].files["lib.libsonnet"];
  await page.getByLabel("Editor", { exact: true }).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(lib.replace("replicas: replicas,", "replicas: 3,").replace("labels(name):: { app: name },", "labels(name):: { app: name, tier: 'frontend' },"));
  await page.locator("#tab-compare .cmp-count").filter({ hasText: "2 objects changed" }).waitFor({ timeout: 30000 });
  await page.locator("#compare-list button.cmp-line.add", { hasText: "replicas: 3" }).click();
  await waitStatus(page, /comes from lib\.libsonnet/, 60000);
  await page.locator("#compare-panel").evaluate((e) => { e.scrollTop = 0; });
  await page.mouse.move(0, 0);
}, "playground-compare");
// A phone (390 × 844): the header, the folded controls and the command
// line, the editor, and the output right under it.
await shoot("light", async (page) => { await page.mouse.move(0, 0); }, "playground-mobile", { width: 390, height: 844 });
