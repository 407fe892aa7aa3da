// The editors' search panel (Ctrl/Cmd-F), the matches of the selection
// and the search keys (CodeMirror's @codemirror/search): a chunk of its
// own that late.js puts into the editors once it has loaded.
import { keymap } from "@codemirror/view";
import { search, searchKeymap, highlightSelectionMatches, openSearchPanel } from "@codemirror/search";

/** extensions are what the search gives an editor: the panel at the top, the matches of the selection, the keys. */
export const extensions = () => [highlightSelectionMatches(), search({ top: true }), keymap.of(searchKeymap)];

export { openSearchPanel };
