// Editor extensions whose code is a chunk of its own (lazy.js), so that it
// is not among the bytes before the first result: the search panel
// (search.js), the diagnostics' marks (marks.js) and completion with
// closed brackets (completion.js). (A module that an eager import also
// uses goes into a chunk shared with main.js, so only a package that
// nothing eager imports gains: closeBrackets goes with completion.) An
// editor gets an empty compartment for them; when the chunk arrives
// (lazy.js's loadAll, after the first result, or a key that needs it
// first) every editor that asked gets the extensions, and a state swapped
// in later gets them when its editor calls fill. Before completion.js has
// loaded, an editor's first keystroke loads it, and what is typed until
// it is there gets no closing bracket and no completion list; Ctrl-Space
// loads it and then opens the list.
import { Compartment } from "@codemirror/state";
import { lazy } from "./lazy.js";

/**
 * late makes a late extension: load() imports its module (a literal
 * import() for the bundler), make(module, ...args) builds its
 * extensions for an editor. It returns get() (the module, loading it on
 * first use), slot(args) (a compartment for one view, whose args() are
 * make's arguments for its state now: ext goes into the view's
 * extensions, watch(view) once the view exists) and fill(view).
 */
export function late(load, make) {
  let loaded = null;
  const views = new Map(); // view → { slot, args }
  const fill = (view) => {
    const v = views.get(view);
    if (!loaded || !v) return;
    const now = v.slot.get(view.state); // the empty array of slot.of([]) until filled
    if (!Array.isArray(now) || now.length) return;
    view.dispatch({ effects: v.slot.reconfigure(make(loaded, ...v.args())) });
  };
  const get = lazy(() => load().then((m) => {
    loaded = m;
    for (const view of views.keys()) fill(view);
    return m;
  }));
  return {
    get,
    fill,
    slot(args = () => []) {
      const slot = new Compartment();
      return { ext: slot.of([]), watch(view) { views.set(view, { slot, args }); fill(view); } };
    },
  };
}
