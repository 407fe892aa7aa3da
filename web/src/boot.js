// The page's first script (a classic script in <head>, before the editor's
// bundle): it starts fetching and compiling the engine and its worker at
// once, so that work overlaps with loading the rest of the page. The page
// (main.js, embed-page.js) adopts globalThis.kubecfgEngine.
import { Runner } from "./runner.js";

globalThis.kubecfgEngine = Runner.fromPage();
globalThis.kubecfgEngine.start();
