// The Expression box (eval -e): a one-line CodeMirror editor with the
// source editor's Jsonnet highlighting and completion, where `kubecfg` is
// predefined (RFC06). It stands in for the <input> it replaced: controls.js
// reads and writes value and disabled and listens for "input", as it did.
import { EditorState, Compartment } from "@codemirror/state";
import { EditorView, keymap, placeholder, drawSelection } from "@codemirror/view";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { bracketMatching } from "@codemirror/language";
import { languageFor, look, drawMarks, completing, completionKeys } from "./editor.js";

// oneLine keeps the document on one line: a pasted or typed line break
// becomes a space (Jsonnet reads them alike).
const oneLine = EditorState.transactionFilter.of((tr) => {
  if (!tr.docChanged || tr.newDoc.lines === 1) return tr;
  const text = tr.newDoc.toString().replace(/\r?\n/g, " ");
  return [tr, { changes: { from: 0, to: tr.newDoc.length, insert: text }, sequential: true }];
});

const boxLook = EditorView.theme({
  "&": { height: "100%", border: "1px solid var(--border)", borderRadius: "6px", backgroundColor: "var(--panel-bg)" },
  "&.cm-focused": { outline: "2px solid var(--accent)", outlineOffset: "1px" },
  ".cm-content": { padding: "4px 0" },
  ".cm-line": { padding: "0 10px" },
  ".cm-scroller": { overflowX: "auto", overflowY: "hidden" },
  ".cm-placeholder": { color: "var(--muted)" },
  // A disabled box looks it, as the page's disabled controls do.
  ".cm-content[aria-disabled=true]": { opacity: "0.5", cursor: "not-allowed" },
  "&:has(.cm-content[aria-disabled=true])": { borderStyle: "dashed" },
});

/**
 * exprEditor makes the Expression box in parent. opts: label (its
 * accessible name), hint (the placeholder), describedBy (an element id),
 * complete (CodeMirror completion sources), onRunNow() for Enter and
 * Ctrl/Cmd-Enter. It returns an object with value, disabled,
 * addEventListener("input", fn) and focus(), as an <input> has ("blocked":
 * the user typed or clicked in the box while it is disabled), and
 * setDiagnostics(list) and goto(column) for the errors placed in it.
 */
export function exprEditor(parent, { label = "Expression", hint = "", describedBy = "", complete = [], onRunNow = () => {} } = {}) {
  const listeners = [];
  const blockedListeners = [];
  const blocked = () => { for (const fn of blockedListeners) fn({ target: box }); };
  const editable = new Compartment();
  const attrs = new Compartment();
  const attributes = (off) => EditorView.contentAttributes.of({
    "aria-label": label, "aria-multiline": "false", "aria-disabled": String(off),
    tabindex: "0", // focusable when disabled too: its scroller is a region the keyboard reaches
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
  });
  let disabled = false;
  let quiet = false; // set while value= replaces the text: not the user's input
  const completeSlot = completing.slot(() => [{ override: complete, icons: false }]); // a late extension (editor.js)
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: "",
      extensions: [
        oneLine, history(), drawSelection(), completeSlot.ext, bracketMatching(),
        placeholder(hint), languageFor("jsonnet"), look, boxLook,
        keymap.of([
          { key: "Enter", run: () => { onRunNow(); return true; } },
          { key: "Mod-Enter", run: () => { onRunNow(); return true; } },
          ...defaultKeymap, ...historyKeymap,
        ]),
        completionKeys,
        editable.of(EditorView.editable.of(true)),
        attrs.of(attributes(false)),
        EditorView.updateListener.of((u) => {
          if (u.docChanged && !quiet) for (const fn of listeners) fn({ target: box });
        }),
        // Typing or clicking in the disabled box is a wish for it: said to
        // the "blocked" listeners (controls.js offers eval).
        EditorView.domEventHandlers({
          keydown(e) { if (disabled && (e.key.length === 1 || e.key === "Backspace" || e.key === "Delete") && !e.ctrlKey && !e.metaKey) blocked(); },
          mousedown() { if (disabled) blocked(); },
          paste() { if (disabled) blocked(); },
        }),
      ],
    }),
  });
  completeSlot.watch(view);
  const box = {
    view,
    get value() { return view.state.doc.toString(); },
    set value(text) {
      text = String(text ?? "").replace(/\r?\n/g, " ");
      if (text === view.state.doc.toString()) return;
      quiet = true;
      try {
        view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
      } finally {
        quiet = false;
      }
    },
    get disabled() { return disabled; },
    set disabled(off) {
      disabled = !!off;
      view.dispatch({ effects: [editable.reconfigure(EditorView.editable.of(!disabled)), attrs.reconfigure(attributes(disabled))] });
    },
    addEventListener(type, fn) {
      if (type === "input") listeners.push(fn);
      if (type === "blocked") blockedListeners.push(fn);
    },
    focus() { view.focus(); },
    /**
     * setDiagnostics marks the diagnostics placed in the expression (the
     * response's, file "(expression)": 1-based columns of its one line).
     */
    setDiagnostics(list) {
      const n = view.state.doc.length;
      const marks = list.filter((d) => d.column).map((d) => {
        let from = Math.min(d.column - 1, n);
        let to = Math.min(Math.max((d.endColumn || d.column + 1) - 1, from), n);
        // An empty place (a parse error after the last character) marks
        // the character before it.
        if (to <= from) [from, to] = from < n ? [from, from + 1] : [Math.max(0, n - 1), n];
        return { from, to, severity: d.severity === "warning" ? "warning" : "error", message: d.hint ? `${d.message}\n${d.hint}` : d.message };
      });
      drawMarks(view, marks);
    },
    /** goto puts the cursor at column (1-based) and focuses the box. */
    goto(column) {
      const at = Math.min(Math.max(0, (column || 1) - 1), view.state.doc.length);
      view.dispatch({ selection: { anchor: at }, scrollIntoView: true });
      view.focus();
    },
  };
  return box;
}
