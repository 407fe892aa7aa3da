// Page helpers shared by the browser tests: they act as a user would
// (labels, roles, the keyboard) and read what the page shows.
import { examples } from "../../web/src/examples.js";
import { fromExample, normalize } from "../../web/src/state.js";

/** waitStatus waits until the status line (#status) matches re. */
export async function waitStatus(page, re, timeout = 15000) {
  await page.waitForFunction(
    ([src, flags]) => new RegExp(src, flags).test(document.querySelector("#status").textContent),
    [re.source, re.flags], { timeout },
  ).catch(async (err) => {
    const now = await page.locator("#status").textContent();
    throw new Error(`status never matched ${re}: it says ${JSON.stringify(now)} (${err.message.split("\n")[0]})`);
  });
  return page.locator("#status").textContent();
}

/** outputText is the text in the Output pane's view. */
export async function outputText(page) {
  return page.getByRole("tabpanel", { name: "Output" }).locator(".cm-content").innerText();
}

/**
 * waitOutput waits until the Output pane's editor exists (a short link's
 * page makes it after the engine's first answer: boot.js) and its text
 * matches re.
 */
export async function waitOutput(page, re, timeout = 30000) {
  await page.waitForFunction(
    ([src, flags]) => new RegExp(src, flags).test(document.querySelector("#output-view .cm-content")?.innerText ?? ""),
    [re.source, re.flags], { timeout },
  ).catch(async () => { throw new Error(`output never matched ${re}; it is:\n${await outputText(page)}\nerrors: ${await errorsText(page)}`); });
}

/**
 * errorsText is the text of the error list ("" when hidden), once an
 * error that waits for a pause in typing (results.js) is shown.
 */
export async function errorsText(page) {
  const box = page.locator("#errors");
  await page.locator("#errors:not([data-pending])").waitFor({ state: "attached", timeout: 10000 });
  return (await box.isVisible()) ? box.innerText() : "";
}

/** setSource replaces the open file's text by typing into the editor. */
export async function setSource(page, text) {
  const ed = page.getByLabel("Editor", { exact: true });
  await ed.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(text);
}

/** editorText is the open file's text as the editor shows it. */
export async function editorText(page) {
  return page.getByLabel("Editor", { exact: true }).innerText();
}

/** loadExample picks an example from the gallery and waits for its run. */
export async function loadExample(page, title) {
  return afterRun(page, () => page.getByLabel("Example").selectOption({ label: title }));
}

/** openPane selects one of the result panes (Output, Features, Variables). */
export async function openPane(page, name) {
  await page.getByRole("tab", { name, exact: true }).click();
}

/** runs is the number of finished runs the page has shown. */
export async function runs(page) {
  return Number((await page.locator("#status").getAttribute("data-runs")) || 0);
}

/**
 * afterRun does action and waits for the run it causes to finish; it
 * returns the status text.
 */
export async function afterRun(page, action, timeout = 30000) {
  const before = await runs(page);
  await action();
  await page.waitForFunction((n) => Number(document.querySelector("#status").dataset.runs || 0) > n, before, { timeout })
    .catch(async () => { throw new Error(`no run finished after the action; status: ${await page.locator("#status").textContent()}`); });
  return page.locator("#status").textContent();
}

/**
 * waitOffline waits until the service worker is active and has cached the
 * site (page.waitForFunction does not await an async predicate: it would
 * take the Promise for true).
 */
export async function waitOffline(page, timeout = 30000) {
  const end = Date.now() + timeout;
  for (;;) {
    const ok = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return !!r?.active && r.active.state === "activated" && (await caches.keys()).length > 0;
    });
    if (ok) return;
    if (Date.now() > end) throw new Error(`the service worker was not active after ${timeout} ms`);
    await page.waitForTimeout(100);
  }
}

/** waitMark waits for the page's performance mark name and returns its startTime. */
export async function waitMark(page, name, timeout = 60000) {
  await page.waitForFunction((n) => performance.getEntriesByName(n).length > 0, name, { timeout });
  return page.evaluate((n) => performance.getEntriesByName(n)[0].startTime, name);
}

/**
 * watchPrerendered makes the page note the first frame in which its
 * .prerendered output block (the build's answer to the first example, the
 * saved answer or a short link's engine answer that web/src/boot.js put
 * there) is displayed with its text. Element
 * Timing would say when it was painted, but Chromium drops the entry of
 * an element removed before the entry is delivered, which main.js does
 * when it takes over.
 */
export const watchPrerendered = (page) => page.addInitScript(() => {
  const look = (t) => {
    const el = document.querySelector('[elementtiming="kubecfg-prerendered"]');
    if (el?.textContent && getComputedStyle(el).display !== "none") globalThis.prerenderedFrame = t;
    else if (performance.now() < 10000) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
});

/**
 * painted says when the output block watchPrerendered looked for was
 * painted, in ms since navigation start: the first contentful paint if
 * the block was displayed by then, else the start of the first frame it
 * was displayed in (painted within that frame); NaN if it never was (the
 * page started on another workspace, or it is a build without the block).
 */
export const painted = (page) => page.evaluate(() => {
  const frame = globalThis.prerenderedFrame;
  if (frame === undefined) return NaN;
  const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime;
  return fcp !== undefined && frame <= fcp ? fcp : frame;
});

/**
 * editedShortLink stores the first example's workspace with an edit (so
 * the build has no answer to it, as for most shared workspaces) with the
 * share service of the playground at base, and resolves to the short
 * link's absolute URL (the first-visit benchmarks' /s/ID visit).
 */
export async function editedShortLink(base) {
  const s = normalize(fromExample(examples[0]));
  const files = { ...s.files, [s.entry]: `${s.files[s.entry]}// shared\n` };
  return new URL(await postSnippet(base, { files, entry: s.entry, controls: s.controls, version: "" }), base).href;
}

/**
 * postSnippet stores state (a playground state: files, entry, controls,
 * version) with the share service of the playground at base, and resolves
 * to the short link the service answers (/s/ID); a refusal throws.
 */
export async function postSnippet(base, state) {
  const res = await fetch(`${base}api/snippets`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(state) });
  if (!res.ok) throw new Error(`POST api/snippets: ${res.status}`);
  return (await res.json()).url;
}
