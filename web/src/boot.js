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
//
// On a browser's very first visit (no saved workspace, no link: the
// build's answer is painted) it also opens the help panel, which main.js
// would open over the page anyway (help.js firstVisit), with that first
// paint, and lets the engine go first while the panel covers the page
// (firstVisit below); a short link, whose result can only be the
// engine's, paints its snippet and lets the engine go first too
// (sharedFirst).
import { Runner, firstRunMs } from "./runner.js";
import { embedEngine } from "./shared-engine.js";
import { firstAnswer, prerenderedExample, prerenderedId, prerenderedTabs } from "./saved.js";
import { fileTabs } from "./tabs.js";
import { openDb } from "./idb-store.js";
import { exampleAbout, seenKey, opensLink, newHere } from "./help.js";
import { normalize, toRequest, validState } from "./state.js";

// The embeds of one page share one engine (shared-engine.js).
const embed = document.documentElement.classList.contains("embed");
const engine = embed ? embedEngine(() => Runner.fromPage()) : Runner.fromPage();
globalThis.kubecfgEngine = engine;
engine.start();

/** startMainMs bounds how long main.js waits for the engine's first answer (holdMain). */
const startMainMs = 3000;

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
    if (location.hash.length <= 1) sharedFirst(response); // a fragment comes first (links.js initialState)
  }
}

// sharedFirst shows a short link's snippet before main.js: a shared
// workspace has no answer to paint, so its result is the engine's, which
// is what the link's visitor came for. The entry file and the tabs are
// painted as text once the snippet (response, links.js reads it too) and
// the page are in, and the snippet's request is the page's first run,
// whose answer is painted in the output block (engineFirst).
function sharedFirst(response) {
  const gate = holdMain();
  const parsed = new Promise((resolve) => {
    if (document.readyState !== "loading") resolve();
    else document.addEventListener("DOMContentLoaded", resolve, { once: true });
  });
  const snippet = response.then((r) => (r.ok ? r.clone().json() : null)).catch(() => null);
  Promise.all([snippet, parsed]).then(([s]) => {
    const b = blocks();
    if (!validState(s) || !b?.source.isConnected) return gate("snippet");
    const st = normalize(s);
    paintBlocks(b, { source: st.files[st.active], output: "", paths: Object.keys(st.files), entry: st.entry, active: st.active }, "snippet");
    engineFirst(toRequest(st, ""), b.output, gate);
  });
}

// blocks are the page's plain-text blocks (the editor's and the output's)
// and its file tabs, or null on a page without them.
function blocks() {
  const source = document.querySelector("#editor-panel > .prerendered");
  const output = document.querySelector("#output-view > .prerendered");
  const list = document.getElementById("file-tabs");
  return source && output && list ? { source, output, list } : null;
}

// paintBlocks shows paint ({ source, output, paths, entry, active }: the
// open file's text and the answer, undefined for the build's own, which
// the blocks hold; the tabs) in the blocks b, and marks what it painted
// (from).
function paintBlocks(b, paint, from) {
  if (paint.source !== undefined) b.source.textContent = paint.source;
  if (paint.output !== undefined) b.output.textContent = paint.output;
  b.list.replaceChildren(...fileTabs(document, paint.paths, paint.entry, paint.active));
  document.documentElement.classList.add("early-paint");
  performance.mark("kubecfg:early-paint", { detail: { from } });
}

// fill paints first once the parser has closed the blocks and the data
// block after them; it reports whether it is done (or has nothing to do).
function fill() {
  if (!document.getElementById(prerenderedId)) return false;
  const b = blocks();
  if (!b) return true; // a page without them
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
  paintBlocks(b, paint, first === "build" ? "build" : named ? "example" : "saved");
  if (first === "build" && !helpSeen()) firstVisit(paint, b.output);
  return true;
}

// helpSeen says whether this browser closed the help panel once (help.js).
function helpSeen() {
  try { return !!localStorage.getItem(seenKey); } catch { return true; } // no storage: main.js does not open it either
}

// rememberHelp notes that the help was seen, as help.js does.
function rememberHelp() {
  try { localStorage.setItem(seenKey, "1"); } catch { /* shown again next time */ }
}

// whenParsed calls step now and, until it reports it is done, as the
// parser adds to the page (a mutation observer's callback runs before the
// page's next paint), up to the end of the parse.
function whenParsed(step) {
  if (step()) return;
  const watch = new MutationObserver(() => { if (step()) watch.disconnect(); });
  watch.observe(document, { childList: true, subtree: true });
  document.addEventListener("DOMContentLoaded", () => watch.disconnect());
}

// firstVisit opens the help panel, its example paragraph filled from the
// page's data block (paint: prerenderedTabs), and lets the engine go first
// (engineFirst): the panel covers the page, so the editors are not needed
// until it is closed.
function firstVisit(paint, output) {
  const dialog = document.getElementById("help-dialog");
  if (!dialog?.showModal) return;
  const help = document.getElementById("help-example");
  const line = document.getElementById("example-about");
  const menu = document.getElementById("examples");
  if (paint.about && help && line && menu) exampleAbout({ menu, line, help }, () => paint.about).show(paint.example);
  dialog.showModal();
  performance.mark("kubecfg:help-early"); // read by the tests
  // Closed before main.js has run: main.js's own listener is not there yet.
  dialog.addEventListener("close", rememberHelp, { once: true });
  const gate = holdMain();
  dialog.addEventListener("close", gate, { once: true });
  engineFirst(paint.request, output, gate);
}

// holdMain makes main.js wait before it makes its editors
// (globalThis.kubecfgStartGate) until the function it returns is called,
// or a key, pointer or touch, or startMainMs; it marks why main.js went on
// (kubecfg:main-go: an event's type, or the caller's reason).
function holdMain() {
  let open = () => {};
  globalThis.kubecfgStartGate = new Promise((resolve) => { open = resolve; });
  const go = (why) => {
    if (performance.getEntriesByName("kubecfg:main-go").length) return;
    performance.mark("kubecfg:main-go", { detail: why?.type || why }); // read by the tests
    open();
  };
  for (const type of ["keydown", "pointerdown", "touchstart"]) addEventListener(type, go, { capture: true, once: true, passive: true });
  setTimeout(go, startMainMs, "timeout");
  return go;
}

// engineFirst posts request as the page's first run: the engine runs it
// the moment it is ready, without waiting for main.js, its storage and its
// editors (main.js's first run of the same request takes this run's
// answer: runner.js early). A successful answer is put in the output
// block and marked as the engine's first result; then main.js goes on
// (go: holdMain), as it does when the run fails, main.js showing why.
function engineFirst(request, output, go) {
  engine.early(request, firstRunMs).then((r) => {
    if (!output.isConnected || r?.exitCode !== 0 || typeof r.output !== "string") return; // main.js has the block, or shows the failure
    if (output.textContent !== r.output) output.textContent = r.output;
    performance.mark("kubecfg:first-engine-result", { detail: { wallMs: r.wallMs, totalMs: r.timings?.totalMs, from: "", by: "boot" } });
  }, () => {}).finally(() => go("answer"));
}

// A link's first visit gets help.js's "New here?" line under the header
// from the first paint: main.js would add it when it runs, moving the page
// down by a line. Its buttons work before main.js has run.
if (!embed && opensLink(location) && !helpSeen()) {
  const open = () => { const d = document.getElementById("help-dialog"); if (d && !d.open) d.showModal(); };
  // Once the header is closed (the element after it is being parsed).
  whenParsed(() => {
    const top = document.querySelector("header.top");
    if (!top?.nextElementSibling) return false;
    newHere(top, open, rememberHelp);
    return true;
  });
}

if (first) whenParsed(fill);
