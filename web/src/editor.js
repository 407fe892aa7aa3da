// The CodeMirror 6 set-up: the source editor (one EditorState per file, so
// each keeps its own undo history) and the read-only output view. Both can
// light up one line for the compiled view's line mapping, and mark lines
// for the trace ("where does this line come from?": provenance.js).
import { EditorState, StateEffect, StateField, Compartment } from "@codemirror/state";
import {
  EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, placeholder,
  drawSelection, Decoration, highlightSpecialChars,
} from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { late } from "./late.js";
import { librarySource } from "./complete.js";
import {
  StreamLanguage, bracketMatching, indentOnInput, syntaxHighlighting, HighlightStyle,
} from "@codemirror/language";
import { yaml } from "@codemirror/legacy-modes/mode/yaml";
import { tags as t } from "@lezer/highlight";
import { jsonnet, yakl, modeFor } from "./modes.js";

const languages = {
  jsonnet: StreamLanguage.define(jsonnet),
  yakl: StreamLanguage.define(yakl),
  yaml: StreamLanguage.define(yaml),
  json: StreamLanguage.define(jsonnet),
};

/** languageFor returns the CodeMirror language for a file or output mode. */
export function languageFor(mode) {
  return languages[mode] || [];
}

const highlight = HighlightStyle.define([
  { tag: [t.keyword, t.operatorKeyword], color: "var(--hl-keyword)" },
  { tag: [t.string, t.special(t.string)], color: "var(--hl-string)" },
  { tag: [t.number, t.bool, t.atom, t.null], color: "var(--hl-number)" },
  { tag: [t.comment, t.lineComment, t.blockComment], color: "var(--hl-comment)", fontStyle: "italic" },
  { tag: [t.propertyName, t.definition(t.propertyName)], color: "var(--hl-property)" },
  { tag: [t.standard(t.variableName), t.meta], color: "var(--hl-builtin)" },
  { tag: t.variableName, color: "var(--fg)" },
  { tag: [t.operator, t.bracket, t.punctuation], color: "var(--hl-punct)" },
  { tag: t.invalid, color: "var(--error)" },
]);

const theme = EditorView.theme({
  "&": { height: "100%", color: "var(--fg)", backgroundColor: "var(--editor-bg)" },
  ".cm-content": { caretColor: "var(--fg)", fontFamily: "var(--mono)" },
  // The line between gutter and text shows where text scrolled sideways
  // goes under the gutter.
  ".cm-gutters": { backgroundColor: "var(--gutter-bg)", color: "var(--muted)", border: "none", borderRight: "1px solid var(--border)" },
  // Two digits wide from the start, so a file of ten lines or more does
  // not push the text right when it is opened (a layout shift).
  ".cm-lineNumbers .cm-gutterElement": { minWidth: "calc(2ch + 8px)" },
  ".cm-activeLine": { backgroundColor: "var(--active-line)" },
  ".cm-activeLineGutter": { backgroundColor: "var(--active-line)" },
  "&.cm-focused .cm-cursor": { borderLeftColor: "var(--fg)" },
  "&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection": { backgroundColor: "var(--selection)" },
  ".cm-mapped-line": { backgroundColor: "var(--mapped-line)" },
  ".cm-traced-line": { backgroundColor: "var(--traced-line)", boxShadow: "inset 3px 0 0 var(--traced-edge)" },
  ".cm-trace-origin": { backgroundColor: "var(--trace-origin)", boxShadow: "inset 3px 0 0 var(--accent)" },
  ".cm-tooltip": { backgroundColor: "var(--panel-bg)", color: "var(--fg)", border: "1px solid var(--border)" },
  ".cm-panels": { backgroundColor: "var(--panel-bg)", color: "var(--fg)" },
  // The search panel's buttons and fields in the page's colours (the base
  // theme's light grey gradient made dark mode's light text unreadable).
  ".cm-button": { backgroundImage: "none", backgroundColor: "var(--bg)", color: "var(--fg)", border: "1px solid var(--border)" },
  ".cm-textfield": { backgroundColor: "var(--editor-bg)", color: "var(--fg)", border: "1px solid var(--border)" },
  ".cm-scroller": { overflow: "auto" },
});

// The source editor's focus ring, inside its panel (which clips what is
// outside it), and its keys' hint shown while it has the focus.
const sourceLook = EditorView.theme({
  "&.cm-focused": { outline: "2px solid var(--accent)", outlineOffset: "-2px" },
  ".cm-placeholder": { color: "var(--muted)" }, // an empty file's hint (emptyHint)
});

/** emptyHint is what the editor shows in an empty file, instead of the parse error it would get. */
export function emptyHint(path) {
  if (/\.ya?ml$|\.yakl$/.test(path)) return "An empty file: write YAML here, e.g. a: 1";
  if (/\.(jsonnet|libsonnet|json)$/.test(path)) return "An empty file: write Jsonnet here, e.g. { a: 1 }";
  return "An empty file";
}

/** keysHint is the hint the source editor shows while it has the focus. */
export const keysHint = "Tab indents · Escape then Tab leaves";

/** look is the editors' colours and highlighting, for another editor on the page (expr-editor.js). */
export const look = [theme, syntaxHighlighting(highlight)];

// One lit-up line (the line mapping's other end), or none.
const setMapped = StateEffect.define();
const mappedLine = StateField.define({
  create: () => Decoration.none,
  update(deco, tr) {
    deco = deco.map(tr.changes);
    for (const e of tr.effects) {
      if (!e.is(setMapped)) continue;
      const n = e.value;
      if (!n || n > tr.state.doc.lines) return Decoration.none;
      const line = tr.state.doc.line(n);
      return Decoration.set([Decoration.line({ class: "cm-mapped-line" }).range(line.from)]);
    }
    return deco;
  },
  provide: (f) => EditorView.decorations.from(f),
});

// The trace's marks: lines marked as traced (the sources of a value, or
// the output lines a source line feeds) and the line the trace started
// from. They stay on their lines through edits (the page clears them).
const setTraced = StateEffect.define();
const tracedLines = StateField.define({
  create: () => Decoration.none,
  update(deco, tr) {
    deco = deco.map(tr.changes);
    for (const e of tr.effects) {
      if (!e.is(setTraced)) continue;
      const { lines = [], origin = 0 } = e.value;
      const doc = tr.state.doc;
      const ranges = [];
      for (const n of new Set([...lines, origin])) {
        if (!n || n > doc.lines) continue;
        ranges.push(Decoration.line({ class: n === origin ? "cm-trace-origin" : "cm-traced-line" }).range(doc.line(n).from));
      }
      return Decoration.set(ranges, true);
    }
    return deco;
  },
  provide: (f) => EditorView.decorations.from(f),
});

/** traceKey is the trace's key: the output line under the output's cursor (Ctrl/Cmd-Shift-Enter). */
export const traceKey = "Shift-Mod-Enter";

// scrollToMarks scrolls the first of lines into view when none of them is
// in view.
function scrollToMarks(view, lines) {
  const doc = view.state.doc;
  const valid = lines.filter((n) => n > 0 && n <= doc.lines);
  if (!valid.length) return;
  const seen = valid.some((n) => {
    const l = doc.line(n);
    return view.visibleRanges.some((r) => l.from <= r.to && l.to >= r.from);
  });
  if (!seen) view.dispatch({ effects: EditorView.scrollIntoView(doc.line(valid[0]).from, { y: "center" }) });
}

// revealLine scrolls line n of view to the middle of its pane when it is
// not (wholly) on screen: the other end of a mapped pair, which the
// user is not looking at.
function revealLine(view, n) {
  const doc = view.state.doc;
  if (n <= 0 || n > doc.lines) return;
  const block = view.lineBlockAt(doc.line(n).from);
  const from = view.scrollDOM.getBoundingClientRect().top - view.documentTop; // the first visible y, in document coordinates
  if (block.top >= from && block.bottom <= from + view.scrollDOM.clientHeight) return;
  view.dispatch({ effects: EditorView.scrollIntoView(doc.line(n).from, { y: "center" }) });
}

function hoverLines(onHoverLine) {
  let last = 0;
  return EditorView.domEventHandlers({
    mousemove(ev, view) {
      const pos = view.posAtCoords({ x: ev.clientX, y: ev.clientY });
      const n = pos == null ? 0 : view.state.doc.lineAt(pos).number;
      if (n !== last) { last = n; onHoverLine(n); }
    },
    mouseleave() { if (last) { last = 0; onHoverLine(0); } },
  });
}

/**
 * createEditor makes the source editor in parent. Callbacks: onChange(path,
 * text) after every edit, onRunNow() for Ctrl/Cmd-Enter, onHoverLine(n)
 * when the pointer moves to line n (0 when it leaves), onCursorLine(n,
 * user) when the cursor is put on line n (user: by the user's click or
 * keys, not by an edit or the page), onTraceKey() for traceKey. langService
 * (lang.js's pageLang) gives each file its completion source and its
 * language-service extensions; without it, completion is complete.js's.
 */
/**
 * squiggles are the diagnostics' marks, a late extension (late.js): the
 * gutter in the editor's extensions, and drawMarks(view, diags), which
 * draws them once the chunk is there, unless the view's text has changed
 * meanwhile (a later call draws that text's).
 */
const squiggles = late(() => import("./marks.js"), (m) => m.lintGutter());
export function drawMarks(view, diags) {
  const doc = view.state.doc;
  squiggles.get().then((m) => { if (view.state.doc === doc) view.dispatch(m.setDiagnostics(view.state, diags)); }, () => {});
}

/**
 * find is the search panel, a late extension (late.js): until its chunk
 * has loaded, Ctrl/Cmd-F loads it and then opens the panel.
 */
const find = late(() => import("./search.js"), (m) => m.extensions());
const findKey = keymap.of([{ key: "Mod-f", run: (view) => { find.get().then((m) => m.openSearchPanel(view), () => {}); return true; }, scope: "editor search-panel" }]);

/**
 * completing is completion and closed brackets, a late extension
 * (late.js, completion.js) whose make takes autocompletion's options.
 * completionKeys is what the editors have of it before it has loaded:
 * their first keystroke loads it (the brackets typed before it is there
 * are not closed), and Ctrl-Space (Alt-` on a Mac) loads it and then
 * opens the list. Once loaded, the chunk's own keys come first.
 */
export const completing = late(() => import("./completion.js"), (m, options) => m.extensions(options));
export const completionKeys = [
  EditorView.domEventHandlers({ keydown() { completing.get().catch(() => {}); return false; } }),
  keymap.of([
    { key: "Ctrl-Space", mac: "Alt-`", run: (view) => { completing.get().then((m) => m.startCompletion(view), () => {}); return true; } },
  ]),
];

export function createEditor(parent, { onChange, onRunNow, onHoverLine, onCursorLine, onTraceKey, langService }) {
  const states = new Map();
  const lang = new Compartment();
  let current = null;
  let marks = new Map(); // path → the trace's marked lines
  let evaluated = []; // the open file's diagnostics of the evaluation
  const linted = new Map(); // path → the linter's warnings (lang.js)
  const findSlot = find.slot();
  const gutterSlot = squiggles.slot();
  // The open file's completion source (current is set before its state is put in).
  const completeSlot = completing.slot(() => [{ override: [langService ? langService.completionSource(current ?? "") : librarySource] }]);

  let hint = null; // the keys' hint, shown while the editor has the focus
  const extensions = (path) => [
    EditorView.updateListener.of((u) => { if (u.focusChanged && hint) hint.hidden = !u.view.hasFocus; }),
    lineNumbers(), highlightActiveLineGutter(), highlightSpecialChars(), history(),
    drawSelection(), indentOnInput(), bracketMatching(), completeSlot.ext,
    highlightActiveLine(), findSlot.ext, findKey,
    langService ? langService.extensions(path) : [],
    syntaxHighlighting(highlight), theme, sourceLook, mappedLine, tracedLines, gutterSlot.ext,
    lang.of(languageFor(modeFor(path))),
    placeholder(emptyHint(path)),
    keymap.of([
      { key: "Mod-Enter", run: () => { onRunNow(); return true; } },
      { key: traceKey, run: () => { if (onTraceKey) onTraceKey(); return true; } },
      ...defaultKeymap, ...historyKeymap, indentWithTab,
    ]),
    completionKeys,
    // tabindex: the content is focusable anyway (contenteditable); said
    // so, axe sees that the scroller around it can be reached by keyboard.
    EditorView.contentAttributes.of({ "aria-label": "Editor", "aria-multiline": "true", "aria-describedby": "editor-help", tabindex: "0" }),
    EditorView.updateListener.of((u) => {
      if (u.docChanged && current) onChange(current, u.state.doc.toString());
      if (u.selectionSet && onCursorLine) {
        const user = !u.docChanged && u.transactions.some((tr) => tr.isUserEvent("select"));
        onCursorLine(u.state.doc.lineAt(u.state.selection.main.head).number, user);
      }
    }),
    hoverLines(onHoverLine),
  ];

  // Made with its gutters from the start, so the text does not move right
  // when the first file is opened (a layout shift on first load).
  const view = new EditorView({ parent, state: EditorState.create({ doc: "", extensions: extensions("") }) });
  findSlot.watch(view);
  gutterSlot.watch(view);
  completeSlot.watch(view);
  // Seen while the editor has the focus (placed by style.css); the
  // editor's description (#editor-help) says it to a screen reader.
  hint = document.createElement("div");
  hint.className = "keys-hint";
  hint.setAttribute("aria-hidden", "true");
  hint.hidden = true;
  hint.textContent = keysHint;
  parent.append(hint);

  // drawDiagnostics draws the evaluation's diagnostics and the linter's
  // warnings of the open file.
  function drawDiagnostics() {
    const doc = view.state.doc;
    const diags = [];
    // An empty file has its hint (emptyHint), not "Unexpected end of file".
    if (/^\s*$/.test(doc.toString())) {
      drawMarks(view, []);
      return;
    }
    for (const d of evaluated) {
      if (!d.line || d.line > doc.lines) continue;
      const line = doc.line(d.line);
      const from = Math.min(line.from + Math.max(0, (d.column || 1) - 1), line.to);
      let to = line.to;
      if (d.endLine && d.endLine <= doc.lines) {
        const end = doc.line(d.endLine);
        to = d.endColumn ? Math.min(end.from + d.endColumn - 1, end.to) : end.to;
      }
      if (to <= from) to = Math.min(from + 1, doc.length);
      diags.push({ from, to, severity: d.severity === "warning" ? "warning" : "error", message: d.hint ? `${d.message}\n${d.hint}` : d.message });
    }
    for (const d of linted.get(current) || []) {
      if (d.to <= doc.length) diags.push(d);
    }
    drawMarks(view, diags);
  }

  return {
    view,
    /** open shows the file, creating its state on first use. */
    open(path, text) {
      if (current) states.set(current, view.state);
      let st = states.get(path);
      if (!st || st.doc.toString() !== text) st = EditorState.create({ doc: text, extensions: extensions(path) });
      current = path;
      view.setState(st);
      find.fill(view);
      squiggles.fill(view);
      completing.fill(view);
      view.dispatch({ effects: setTraced.of({ lines: marks.get(path) || [] }) });
    },
    /** forget drops a file's state (deleted or renamed). */
    forget(path) { states.delete(path); if (current === path) current = null; },
    get current() { return current; },
    /**
     * setDiagnostics draws the response's diagnostics for the open file,
     * with the linter's warnings (setLint).
     */
    setDiagnostics(list) {
      evaluated = list;
      drawDiagnostics();
    },
    /** setLint keeps the linter's warnings of path ({from, to, message, …}) and draws them when it is open. */
    setLint(path, diags) {
      linted.set(path, diags);
      if (path === current) drawDiagnostics();
    },
    /** highlightLine marks line n as mapped (0: none); reveal scrolls it into view. */
    highlightLine(n, reveal = false) {
      view.dispatch({ effects: setMapped.of(n) });
      if (reveal) revealLine(view, n);
    },
    /**
     * markLines marks the trace's lines: byFile maps a path to its lines;
     * the open file shows its own, and a file opened later its own.
     */
    markLines(byFile) {
      marks = new Map(byFile);
      view.dispatch({ effects: setTraced.of({ lines: marks.get(current) || [] }) });
    },
    /** marked is the paths that have marked lines. */
    get marked() { return new Set([...marks].filter(([, l]) => l.length).map(([p]) => p)); },
    /** cursorLine is the line the cursor is on. */
    get cursorLine() { return view.state.doc.lineAt(view.state.selection.main.head).number; },
    /** goto puts the cursor at line:column (1-based) and focuses the editor. */
    goto(line, column) {
      const doc = view.state.doc;
      const l = doc.line(Math.max(1, Math.min(line || 1, doc.lines)));
      const pos = Math.min(l.from + Math.max(0, (column || 1) - 1), l.to);
      view.dispatch({ selection: { anchor: pos }, scrollIntoView: true });
      view.focus();
    },
  };
}

/**
 * createOutput makes the read-only output view in parent. Callbacks:
 * onHoverLine(n) as the editor's, onCursorLine(n) when the user puts the
 * cursor on line n (a click, the keys), onTraceKey() for traceKey.
 */
export function createOutput(parent, { onHoverLine, onCursorLine, onTraceKey, label = "Output text" }) {
  const lang = new Compartment();
  const findSlot = find.slot();
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: "",
      extensions: [
        lineNumbers(), highlightSpecialChars(), drawSelection(), bracketMatching(),
        findSlot.ext, findKey, syntaxHighlighting(highlight), theme, mappedLine, tracedLines,
        EditorState.readOnly.of(true), EditorView.editable.of(true),
        lang.of(languageFor("yaml")),
        keymap.of([{ key: traceKey, run: () => { if (onTraceKey) onTraceKey(); return true; } }, ...defaultKeymap]),
        EditorView.contentAttributes.of({ "aria-label": label, "aria-readonly": "true", "aria-describedby": "output-help", tabindex: "0" }),
        hoverLines(onHoverLine),
        EditorView.updateListener.of((u) => {
          if (!u.selectionSet || !onCursorLine || u.docChanged) return;
          if (!u.transactions.some((tr) => tr.isUserEvent("select"))) return;
          onCursorLine(u.state.doc.lineAt(u.state.selection.main.head).number);
        }),
      ],
    }),
  });
  findSlot.watch(view);
  let shownMode = "yaml";
  return {
    view,
    /**
     * set shows text in mode. Only the part that differs from what is
     * shown is replaced, so the reader keeps their place (scroll position,
     * selection) when an edit changes a line or two of a long output; the
     * same text in the same mode (the engine's answer to what was painted
     * from a saved or built answer) leaves the view alone.
     */
    set(text, mode) {
      const changes = difference(view.state.doc.toString(), text);
      if (!changes && mode === shownMode) return;
      view.dispatch({ changes, effects: mode === shownMode ? undefined : lang.reconfigure(languageFor(mode)) });
      shownMode = mode;
    },
    get text() { return view.state.doc.toString(); },
    /** highlightLine marks line n as mapped (0: none); reveal scrolls it into view. */
    highlightLine(n, reveal = false) {
      view.dispatch({ effects: setMapped.of(n) });
      if (reveal) revealLine(view, n);
    },
    /**
     * markLines marks output lines for the trace: lines (the lines a
     * source line feeds, scrolled into view when none is) and origin (the
     * line a trace started from); none clears them.
     */
    markLines(lines = [], origin = 0) {
      view.dispatch({ effects: setTraced.of({ lines, origin }) });
      if (lines.length && !origin) scrollToMarks(view, lines);
    },
    /** cursorLine is the line the output's cursor is on. */
    get cursorLine() { return view.state.doc.lineAt(view.state.selection.main.head).number; },
    /** lineText is the text of line n ("" past the end). */
    lineText(n) { return n > 0 && n <= view.state.doc.lines ? view.state.doc.line(n).text : ""; },
  };
}

/**
 * difference is the one change that turns old into text: what lies
 * between their common beginning and their common end; undefined when
 * they are the same.
 */
export function difference(old, text) {
  if (old === text) return undefined;
  const max = Math.min(old.length, text.length);
  let from = 0;
  while (from < max && old.charCodeAt(from) === text.charCodeAt(from)) from++;
  let end = 0;
  while (end < max - from && old.charCodeAt(old.length - 1 - end) === text.charCodeAt(text.length - 1 - end)) end++;
  return { from, to: old.length - end, insert: text.slice(from, text.length - end) };
}
