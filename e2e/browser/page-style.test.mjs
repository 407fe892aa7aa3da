// How the page's controls look (issue 20): the editor's search panel is
// readable in dark mode, and a disabled control looks disabled.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { open, closeLeaked } from "./browser.mjs";
import { waitStatus } from "./helpers.mjs";

after(closeLeaked);

// contrast is the WCAG contrast ratio of two CSS rgb() colours.
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test("the search panel's buttons are readable in dark mode", async () => {
  const b = await open({ colorScheme: "dark" });
  try {
    const { page } = b;
    await page.goto(b.url);
    await waitStatus(page, /^Evaluated/);
    await page.getByLabel("Editor", { exact: true }).click();
    await page.keyboard.press("Control+f");
    const button = page.locator(".cm-search .cm-button").first();
    await button.waitFor();
    const { color, background } = await button.evaluate((el) => {
      const s = getComputedStyle(el);
      return { color: s.color, background: s.backgroundImage === "none" ? s.backgroundColor : "gradient " + s.backgroundImage };
    });
    assert.ok(!background.startsWith("gradient"), `the button has the base theme's gradient: ${background}`);
    const ratio = contrast(color, background);
    assert.ok(ratio >= 4.5, `search button: ${color} on ${background} is ${ratio.toFixed(2)}:1`);
  } finally {
    await b.close();
  }
});

test("a disabled control looks disabled", async () => {
  const b = await open();
  try {
    const { page } = b;
    await page.goto(b.url);
    await waitStatus(page, /^Evaluated/);
    // Under show the Expression box does nothing.
    const expr = page.getByLabel("Expression", { exact: true });
    assert.equal(await expr.isDisabled(), true);
    const style = (loc) => loc.evaluate((el) => ({ opacity: getComputedStyle(el).opacity, cursor: getComputedStyle(el).cursor }));
    const off = await style(expr);
    assert.ok(Number(off.opacity) < 1, `a disabled box has opacity ${off.opacity}`);
    assert.equal(off.cursor, "not-allowed");
    const on = await style(page.getByRole("button", { name: "Share", exact: true }));
    assert.equal(on.opacity, "1");
  } finally {
    await b.close();
  }
});

test("a variable line without = is flagged", async () => {
  const b = await open();
  try {
    const { page } = b;
    await page.goto(b.url);
    await waitStatus(page, /^Evaluated/);
    await page.getByRole("tab", { name: "Variables", exact: true }).click();
    const box = page.locator("#var-extStr");
    await box.fill("OK=1\nFOO");
    assert.equal(await box.getAttribute("aria-invalid"), "true");
    assert.match(await page.locator("#var-extStr-note").innerText(), /^Line 2 \(FOO\) has no "=": .*\$FOO from the environment\.$/);
    await box.fill("OK=1\nFOO=2");
    assert.equal(await box.getAttribute("aria-invalid"), null);
    assert.equal(await page.locator("#var-extStr-note").count(), 0);
  } finally {
    await b.close();
  }
});
