// The page's first script (a classic script in <head>, before the editor's
// bundle): it starts the engine's worker at once, which fetches and
// compiles the engine while the rest of the page loads. The page (main.js,
// embed-page.js) adopts globalThis.kubecfgEngine. An embed page's engine
// is shared with the other embeds of its parent page (shared-engine.js).
//
// It also decides, before the body is parsed, whether the page's
// .prerendered blocks (plain text in the editor and output panes, which
// main.js replaces with its editors) are shown, and with what: the build's
// answer to the first example they hold, the build's answer to the gallery
// example an #example= link names, or the saved workspace and the engine's
// saved answer to it (web/src/saved.js, firstAnswer). The file
// tabs are drawn too, so nothing moves when main.js takes over.
import { Runner } from "./runner.js";
import { embedEngine } from "./shared-engine.js";
import { firstAnswer, prerenderedExample, prerenderedId, prerenderedTabs } from "./saved.js";
import { fileTabs } from "./tabs.js";
import { openDb } from "./idb-store.js";

// The embeds of one page share one engine (shared-engine.js).
const embed = document.documentElement.classList.contains("embed");
const engine = embed ? embedEngine(() => Runner.fromPage()) : Runner.fromPage();
globalThis.kubecfgEngine = engine;
engine.start();

// The embed page (html.embed) has no such blocks.
const first = embed ? null : firstAnswer(engine.build());

// The saved workspaces' database is opened now, while the page's bundle
// loads, and main.js's keep (keep.js) takes the opening over, so it is
// open when main.js asks (creating it takes 150-350 ms in a fresh profile).
if (!embed) {
  try {
    const opening = globalThis.indexedDB ? openDb() : null;
    opening?.catch(() => {}); // main.js sees the failure, and keeps workspaces in localStorage
    globalThis.kubecfgDbOpening = opening;
  } catch { /* no IndexedDB here (a sandboxed frame): main.js finds out again */ }
  // A short link's snippet is on its way too (links.js takes it).
  const short = /\/s\/([^/]+)$/.exec(location.pathname);
  if (short) {
    const response = fetch(`../api/snippets/${short[1]}`);
    response.catch(() => {}); // links.js reports it
    globalThis.kubecfgSnippet = { id: short[1], response };
  }
}

// fill paints first once the parser has closed the blocks and the data
// block after them; it reports whether it is done (or has nothing to do).
function fill() {
  if (!document.getElementById(prerenderedId)) return false;
  const source = document.querySelector("#editor-panel > .prerendered");
  const output = document.querySelector("#output-view > .prerendered");
  const list = document.getElementById("file-tabs");
  if (!source || !output || !list) return true; // a page without them
  const named = first.example !== undefined;
  const paint = first === "build" ? prerenderedTabs() : named ? prerenderedExample(first.example) : first;
  // The data block is still being parsed, or (an #example= the build has
  // no answer for) there is nothing to paint: the parser's end stops the watch.
  if (!paint) return false;
  if (first === "build" || named) {
    const menu = document.getElementById("examples");
    const at = named ? [...(menu?.options || [])].findIndex((o) => o.value === first.example) : 1; // 1: the first example (scripts/prerender.mjs)
    if (menu?.options.length > 1 && at > 0) menu.selectedIndex = at;
  }
  if (first !== "build") {
    source.textContent = paint.source;
    output.textContent = paint.output;
  }
  list.replaceChildren(...fileTabs(document, paint.paths, paint.entry, paint.active));
  document.documentElement.classList.add("early-paint");
  performance.mark("kubecfg:early-paint", { detail: { from: first === "build" ? "build" : named ? "example" : "saved" } });
  return true;
}

if (first && !fill()) {
  // A mutation observer's callback runs before the page's next paint.
  const watch = new MutationObserver(() => { if (fill()) watch.disconnect(); });
  watch.observe(document, { childList: true, subtree: true });
  document.addEventListener("DOMContentLoaded", () => watch.disconnect());
}
