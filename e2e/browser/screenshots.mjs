// Takes the docs' screenshots of the playground in light and dark:
// docs/screenshots/playground-light.png and playground-dark.png (the wide
// layout: the output with the Features pane under it), the trace ("where
// does this line come from?") in light:
// docs/screenshots/playground-provenance.png, and a phone's layout:
// docs/screenshots/playground-mobile.png.
//   node screenshots.mjs
import path from "node:path";
import { fileURLToPath } from "node:url";
import { open } from "./browser.mjs";
import { waitStatus, loadExample, afterRun } from "./helpers.mjs";

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "docs", "screenshots");

async function shoot(colorScheme, setup, name = `playground-${colorScheme}`, viewport = { width: 1400, height: 820 }) {
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
// A phone (390 × 844): the header, the folded controls and the command
// line, the editor, and the output right under it.
await shoot("light", async (page) => { await page.mouse.move(0, 0); }, "playground-mobile", { width: 390, height: 844 });
