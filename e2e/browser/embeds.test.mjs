// The embeds of one docs page share one engine: five embeds start one
// engine worker (they started five, which compiled kubecfg.wasm at once on
// the same cores), and every one shows its own result; an edit in one
// re-evaluates that one only.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { open, closeLeaked } from "./browser.mjs";
import { serveDocs, firstResults, engineStarts, names } from "./embeds.mjs";

after(closeLeaked);

test("five embeds on a page start one engine, and each shows its result", async () => {
  const b = await open({ viewport: { width: 1200, height: 2400 } });
  const docs = await serveDocs(b.url);
  try {
    const { page } = b;
    await page.goto(docs.url);
    const results = await firstResults(page);
    results.forEach((r, i) => assert.match(r.output, new RegExp(`name: ${names[i]}\\n`), `embed ${i + 1}`));
    assert.equal(await engineStarts(page), 1, "one engine worker for the five embeds");

    // An edit in the third re-evaluates it, on the same engine; the others keep theirs.
    const third = page.frameLocator(".kubecfg-embed iframe").nth(2);
    await third.getByLabel("Editor", { exact: true }).click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.insertText("{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'edited' } } }");
    await third.locator("#output-view .cm-content").filter({ hasText: "name: edited" }).waitFor({ timeout: 30000 });
    const outputs = await Promise.all(names.map((_, i) => page.frameLocator(".kubecfg-embed iframe").nth(i).locator("#output-view .cm-content").innerText()));
    outputs.forEach((o, i) => assert.match(o, new RegExp(`name: ${i === 2 ? "edited" : names[i]}\\n`), `embed ${i + 1} after the edit`));
    assert.equal(await engineStarts(page), 1);
    assert.deepEqual(b.errors.map(String), []);
  } finally {
    await docs.close();
    await b.close();
  }
});
