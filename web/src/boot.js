// The page's first script (a classic script in <head>, before the editor's
// bundle): it starts the engine's worker at once, which fetches and
// compiles the engine while the rest of the page loads. The page (main.js,
// embed-page.js) adopts globalThis.kubecfgEngine.
import { Runner } from "./runner.js";

globalThis.kubecfgEngine = Runner.fromPage();
globalThis.kubecfgEngine.start();
