// The Compare view's worker (issue 30): a module worker of its own, made
// from this chunk (workerUrl, its own address: scripts/build-web splits
// the page's bundle at each import(), and this module is imported by
// compare.js only, so it is a chunk, with compare-core.js in another).
// It holds the baseline's objects, parsed once when it is set, and
// compares each new output with them off the page's main thread, while
// the engine's worker goes on with the next edit.
//
// Messages in: {type: "base", text} sets the baseline; {type: "compare",
// id, text} compares text with it. Out: {type: "compared", id, result
// (compare-core.js compareDocs), ms (the worker's time)}, or {type:
// "failed", id, message}.
import { parseOutput, compareDocs } from "./compare-core.js";

/** workerUrl is this module's address: new Worker(workerUrl, {type: "module"}). */
export const workerUrl = import.meta.url;

// In the worker only: the page imports this module for workerUrl.
if (typeof WorkerGlobalScope !== "undefined" && globalThis instanceof WorkerGlobalScope) {
  let base = [];
  globalThis.onmessage = (ev) => {
    const m = ev.data;
    const t0 = performance.now();
    try {
      if (m.type === "base") {
        base = parseOutput(m.text);
        postMessage({ type: "based", id: m.id, objects: base.length, ms: performance.now() - t0 });
      } else if (m.type === "compare") {
        const result = compareDocs(base, parseOutput(m.text));
        postMessage({ type: "compared", id: m.id, result, ms: performance.now() - t0 });
      }
    } catch (err) {
      postMessage({ type: "failed", id: m.id, message: err.message });
    }
  };
}
