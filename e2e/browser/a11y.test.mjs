// axe-core's checks (WCAG 2 A and AA, and its best practices) on the
// playground's main states: light, dark, an error shown, the Validate
// switch's warnings, the + File dialog,
// the compiled view of a YAKL file, the help panel and the phone layout
// (issue 20). axe runs in the page, given its source through DevTools, as
// the page's Content-Security-Policy allows no injected script.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { open, closeLeaked } from "./browser.mjs";
import { waitStatus, setSource, loadExample, afterRun, errorsText } from "./helpers.mjs";

after(closeLeaked);

const axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * violations runs axe on the page as it is and returns its violations as
 * lines: the rule, the impact, and each element's selector and summary.
 */
async function violations(page) {
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const r = await globalThis.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => ({
      id: v.id, impact: v.impact,
      nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary.replace(/\s+/g, " ")}`),
    }));
  });
  return found.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) ${n}`));
}

/** check opens the page, sets it up, and asserts axe finds nothing. */
async function check(name, { colorScheme = "light", viewport, firstVisit = false } = {}, setup = async () => {}) {
  const b = await open({ colorScheme, viewport, firstVisit });
  try {
    const { page } = b;
    await page.goto(b.url);
    await waitStatus(page, /^Evaluated/, 30000);
    await setup(page);
    await page.mouse.move(0, 0);
    // Typing may have opened the completion list, whose listbox scrolls
    // without being focusable: it is the ARIA combobox pattern (the editor
    // keeps the focus and points at the option with aria-activedescendant),
    // which axe's scrollable-region rule does not know. The states checked
    // here are not the list's, so it is closed as a user would.
    if (await page.locator(".cm-tooltip-autocomplete").count()) {
      await page.keyboard.press("Escape");
      await page.locator(".cm-tooltip-autocomplete").waitFor({ state: "detached" });
    }
    const found = await violations(page);
    assert.deepEqual(found, [], `${name}:\n${found.join("\n")}`);
    assert.deepEqual(b.errors.map(String), [], "the page threw");
  } finally {
    await b.close();
  }
}

// The editor's active line is where its cursor is: on the first line,
// which is a comment in the default example.
const cursorInEditor = (page) => page.getByLabel("Editor", { exact: true }).click({ position: { x: 5, y: 5 } });

test("light: no violations", () => check("light", {}, cursorInEditor));

test("dark: no violations", () => check("dark", { colorScheme: "dark" }, cursorInEditor));

// Line 8 of the default example holds a number (port=80).
const cursorOnNumber = (page) => page.getByLabel("Editor", { exact: true }).locator(".cm-line").nth(7).click();

test("light, the active line holding a number: no violations", () => check("light, number", {}, cursorOnNumber));

test("dark, the active line holding a number: no violations", () => check("dark, number", { colorScheme: "dark" }, cursorOnNumber));

// The Validate switch on, with a problem: its verdict, the warnings in the
// errors pane, the editor's and the output's marks.
const validated = async (page) => {
  await page.getByRole("checkbox", { name: "Validate" }).check();
  await page.locator("#validate-verdict").filter({ hasText: /^valid$/ }).waitFor({ timeout: 60000 });
  await afterRun(page, () => setSource(page, "{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, dta: {} } }\n"));
  await page.locator("#validate-verdict").filter({ hasText: "1 problem" }).waitFor({ timeout: 30000 });
  assert.match(await errorsText(page), /unknown field "dta"/);
  // The typing may open the completion list after check looks for it.
  await page.waitForTimeout(300);
  if (await page.locator(".cm-tooltip-autocomplete").count()) await page.keyboard.press("Escape");
};

test("Validate with a problem: no violations", () => check("validate", {}, validated));

test("Validate with a problem, dark: no violations", () => check("validate, dark", { colorScheme: "dark" }, validated));

test("an error shown: no violations", () => check("error", {}, async (page) => {
  await afterRun(page, () => setSource(page, "{ a: 1,, }\n"));
  await waitStatus(page, /^Failed/);
  assert.ok(await errorsText(page), "the error is shown");
}));

test("an error shown, dark: no violations", () => check("error, dark", { colorScheme: "dark" }, async (page) => {
  await afterRun(page, () => setSource(page, "// a comment\nlocal x = 12;\n{ a: x,, }\n"));
  await waitStatus(page, /^Failed/);
}));

test("the + File dialog: no violations", () => check("+ File", {}, async (page) => {
  await page.getByRole("button", { name: "+ File" }).click();
  await page.locator("#name-dialog").waitFor();
  assert.ok(await page.locator("#name-dialog").evaluate((d) => d.open));
}));

test("the YAKL example's compiled view: no violations", () => check("YAKL jsonnet", {}, async (page) => {
  await loadExample(page, "A YAKL Pod (RFC06)");
  await afterRun(page, () => page.getByLabel("Output format").selectOption("jsonnet"));
  await page.getByLabel("Editor", { exact: true }).locator(".cm-line").nth(1).click();
}));

test("the YAKL example's compiled view, dark: no violations", () => check("YAKL jsonnet, dark", { colorScheme: "dark" }, async (page) => {
  await loadExample(page, "A YAKL Pod (RFC06)");
  await afterRun(page, () => page.getByLabel("Output format").selectOption("jsonnet"));
  await page.getByLabel("Editor", { exact: true }).locator(".cm-line").nth(1).click();
}));

test("the help panel: no violations", () => check("help", {}, async (page) => {
  await page.getByRole("button", { name: "Help" }).click();
  await page.getByRole("dialog", { name: "The kubecfg playground" }).waitFor();
}));

test("the help panel, dark: no violations", () => check("help, dark", { colorScheme: "dark" }, async (page) => {
  await page.getByRole("button", { name: "Help" }).click();
  await page.getByRole("dialog", { name: "The kubecfg playground" }).waitFor();
}));

const phone = { width: 390, height: 844 };

test("the phone layout: no violations", () => check("phone", { viewport: phone }, cursorInEditor));

test("the phone layout, controls open, Features pane: no violations", () => check("phone, features", { viewport: phone, colorScheme: "dark" }, async (page) => {
  await page.getByRole("button", { name: "Controls" }).click();
  await page.getByRole("tab", { name: "Features", exact: true }).click();
}));

test("the features, variables and export panes: no violations", () => check("settings", {}, async (page) => {
  for (const name of ["Variables", "Export", "Features"]) await page.getByRole("tab", { name, exact: true }).click();
}));
