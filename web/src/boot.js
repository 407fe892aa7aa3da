// The page's first script (a classic script in <head>, before the editor's
// bundle): it starts the engine's worker at once, which fetches and
// compiles the engine while the rest of the page loads. The page (main.js,
// embed-page.js) adopts globalThis.kubecfgEngine.
//
// It also decides, before the body is parsed, whether the page's
// .prerendered blocks (plain text in the editor and output panes, which
// main.js replaces with its editors) are shown, and with what: the build's
// answer to the first example they hold, or the saved workspace and the
// engine's saved answer to it (web/src/saved.js, firstAnswer).
import { Runner } from "./runner.js";
import { firstAnswer, prerenderedId } from "./saved.js";

const engine = Runner.fromPage();
globalThis.kubecfgEngine = engine;
engine.start();

// The embed page (html.embed) has no such blocks.
const first = document.documentElement.classList.contains("embed") ? null : firstAnswer(engine.build());
if (first === "build") {
  document.documentElement.classList.add("early-paint");
} else if (first) {
  // The blocks are filled once the parser has closed them (it has reached
  // the data block after them): a mutation observer's callback runs before
  // the page's next paint.
  const fill = () => {
    if (!document.getElementById(prerenderedId)) return false;
    const source = document.querySelector("#editor-panel > .prerendered");
    const output = document.querySelector("#output-view > .prerendered");
    if (!source || !output) return false;
    source.textContent = first.source;
    output.textContent = first.output;
    document.documentElement.classList.add("early-paint");
    return true;
  };
  const watch = new MutationObserver(() => { if (fill()) watch.disconnect(); });
  watch.observe(document, { childList: true, subtree: true });
  document.addEventListener("DOMContentLoaded", () => watch.disconnect());
}
