// The editors' completion and closed brackets (CodeMirror's
// @codemirror/autocomplete: the completion list, Ctrl-Space, the
// brackets and quotes closed as they are typed and deleted in pairs): a
// chunk of its own that late.js puts into the editors once it has loaded
// (editor.js's completing).
import { keymap } from "@codemirror/view";
import {
  autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap, startCompletion,
} from "@codemirror/autocomplete";

/**
 * extensions are what completion gives an editor: closeBrackets, the
 * completion list with options (autocompletion's: override, the sources;
 * icons) and their keys, which come before the editor's main keymap.
 */
export const extensions = (options) => [
  closeBrackets(), autocompletion(options), keymap.of([...closeBracketsKeymap, ...completionKeymap]),
];

export { startCompletion };
