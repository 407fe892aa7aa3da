// The editor's language service in the page: a client of the language
// worker (lang-worker.js running static/kubecfg-lang.wasm, pkg/langserv)
// and the CodeMirror extensions built on it: completion, hover, go to
// definition (F12, Ctrl/Cmd-click), Format (the file tools' button and
// formatKey) and the linter's warnings. The worker starts after the page's
// first result; until it is ready, completion falls back to complete.js's
// list and the rest waits. Requests are JSON as pkg/langserv defines them;
// an answer that a newer question of the same kind has overtaken is
// dropped, and one that takes too long is given up on, so typing never
// waits for the worker. The workspace crosses as the evaluation engine's
// does (session.js): the worker keeps it as the session "page", and each
// question posts an update with the files that changed since the last
// (the whole workspace to a fresh worker), then the question without its
// files; a stale answer is asked again with the whole workspace.
import { lines } from "./state.js";
import { EditorView, hoverTooltip, keymap, ViewPlugin } from "@codemirror/view";
import { EditorState } from "@codemirror/state";
import { librarySource } from "./complete.js";
import { sessionsOf, texts, delta } from "./session.js";

/** ExpressionPath is the Expression box's pseudo-file (pkg/langserv). */
export const ExpressionPath = "<expression>";
/** LibraryPath is how answers name kubecfg's built-in library. */
export const LibraryPath = "internal:///kubecfg.libsonnet";
/** formatKey formats the open file (as the Format button does). */
export const formatKey = "Shift-Alt-f";

const kinds = { function: "function", variable: "variable", property: "property", keyword: "keyword", file: "text", namespace: "namespace" };

/** LangClient talks to the language worker. */
export class LangClient {
  /** opts: workerUrl, wasmUrl, wasmExecUrl (absolute), timeoutMs, stuckMs. */
  constructor(opts) {
    this.opts = { timeoutMs: 2000, stuckMs: 15000, ...opts };
    this.worker = null;
    this.pending = new Map(); // id → { resolve, op, timer }
    this.latest = {}; // op → the id of its newest question
    this.nextId = 1;
    this.revs = 0; // the last revision given to an update
    this.stale = 0; // stale answers asked again, for the tests
    this.isReady = false;
    this.ready = new Promise((resolve) => { this.becameReady = resolve; });
  }

  /** fromPage makes a client from the page's kubecfg:lang-* meta tags. */
  static fromPage(doc = document, loc = location) {
    const meta = (name, dflt) => doc.querySelector(`meta[name="kubecfg:${name}"]`)?.content || dflt;
    const abs = (u) => new URL(u, loc.href).href;
    return new LangClient({
      workerUrl: meta("lang-worker", "dist/lang-worker.js"),
      wasmUrl: abs(meta("lang-wasm", "kubecfg-lang.wasm")),
      wasmExecUrl: abs(meta("wasm-exec", "wasm_exec.js")),
    });
  }

  /** start starts the worker (once; again after it was stuck). */
  start() {
    if (this.worker) return this.ready;
    const { workerUrl, wasmUrl, wasmExecUrl } = this.opts;
    const started = performance.now();
    this.worker = new Worker(workerUrl, { name: JSON.stringify({ wasmUrl, wasmExecUrl }) });
    this.worker.onmessage = (ev) => this.message(ev.data, started);
    this.worker.onerror = (ev) => console.warn("language worker:", ev.message);
    return this.ready;
  }

  message(msg, started) {
    if (msg.type === "ready") {
      this.isReady = true;
      this.version = msg.version;
      this.startMs = performance.now() - started;
      performance.mark("kubecfg:lang-ready", { detail: { startMs: this.startMs, workerMs: msg.startMs } });
      this.becameReady(this);
    } else if (msg.type === "failed") {
      console.warn("language worker:", msg.message);
    } else if (msg.type === "exited") {
      // The instance died (its stack exhausted): a fresh one answers next.
      console.warn("language worker stopped:", msg.message || "the Go program exited");
      this.restart();
    } else if (msg.type === "stale") {
      const p = this.pending.get(msg.id);
      if (!p || p.done) return;
      this.stale++;
      sessionsOf(this.worker).delete("page");
      this.post(msg.id, p.request, p.retried);
      p.retried = true;
    } else if (msg.type === "answer") {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      clearTimeout(p.timer);
      clearTimeout(p.stuck);
      this.lastMs = msg.ms;
      // For the benchmark (e2e/browser/lang-bench.mjs): the round trip as the page sees it.
      performance.measure(`kubecfg:lang-${p.op}`, { start: p.sent, detail: { workerMs: msg.ms } });
      p.resolve(this.latest[p.op] === msg.id ? msg.response : null);
    }
  }

  /**
   * ask sends one request and resolves to its response, or to null when
   * the worker is not ready, a newer request of the same op overtook it,
   * or it took longer than timeoutMs (format and lint, which read the
   * whole file, get five times as long). A worker that has answered
   * nothing for stuckMs while a request waits is replaced by a fresh one.
   */
  ask(request) {
    if (!this.isReady) return Promise.resolve(null);
    const id = this.nextId++;
    this.latest[request.op] = id;
    return new Promise((resolve) => {
      const p = { resolve, op: request.op, sent: performance.now(), done: false, request };
      const settle = (v) => { if (!p.done) { p.done = true; resolve(v); } };
      p.resolve = settle;
      p.timer = setTimeout(() => settle(null), this.opts.timeoutMs * (request.op === "lint" || request.op === "format" ? 5 : 1));
      p.stuck = setTimeout(() => { if (this.pending.get(id) === p) this.restart(); }, this.opts.stuckMs);
      this.pending.set(id, p);
      this.post(id, request, false);
    });
  }

  /**
   * post sends question id: the session's update first when the files
   * or links differ from what the worker holds, then the question without
   * them; stateless (the files inside) when they are not all texts, or
   * when the worker refused the whole workspace already.
   */
  post(id, request, stateless) {
    const w = this.worker;
    const { files, links, ...rest } = request;
    if (stateless || !texts(files)) {
      w.postMessage({ type: "lang", id, request });
      return;
    }
    const held = sessionsOf(w).get("page");
    const linksKey = JSON.stringify(links || {});
    const update = delta(held, files, linksKey);
    let rev = held?.rev;
    if (update) {
      rev = ++this.revs;
      w.postMessage({ type: "update", session: "page", update: { rev, base: held?.rev || 0, ...update, ...(held?.linksKey !== linksKey ? { links: links || {} } : {}) } });
      sessionsOf(w).set("page", { files: { ...files }, linksKey, rev });
    }
    w.postMessage({ type: "lang", id, session: "page", rev, request: rest });
  }

  /** restart replaces a stuck worker; its questions answer null. */
  restart() {
    if (!this.worker) return;
    this.worker.terminate();
    this.worker = null;
    this.isReady = false;
    for (const p of this.pending.values()) { clearTimeout(p.timer); clearTimeout(p.stuck); p.resolve(null); }
    this.pending.clear();
    this.ready = new Promise((resolve) => { this.becameReady = resolve; });
    this.start();
  }
}

/** offset is the document position of an answer's line and column. */
export function offset(doc, { line, column }) {
  const l = doc.line(Math.max(1, Math.min(line || 1, doc.lines)));
  return Math.min(l.from + Math.max(0, (column || 1) - 1), l.to);
}

/** position is the answer's line and column (1-based) of a document position. */
export function position(doc, pos) {
  const l = doc.lineAt(pos);
  return { line: l.number, column: pos - l.from + 1 };
}

// request is the question op about the document at pos; where() says
// which file it is ({ path, files, entry, jpath, links }).
function request(op, state, pos, where) {
  const { path, files = {}, entry = "", jpath = [], links = {} } = where();
  const req = { op, path, files: { ...files, [path]: state.doc.toString() }, entry };
  if (jpath.length) req.jpath = jpath;
  if (Object.keys(links).length) req.links = links;
  if (pos != null) Object.assign(req, position(state.doc, pos));
  return req;
}

/**
 * langCompletionSource is a CodeMirror completion source answered by the
 * language service, for any editor: where() gives { path, files, entry,
 * jpath, links } (the Expression box: { path: ExpressionPath, files, entry }). Before
 * the worker is ready it answers with fallback (a source), if given.
 */
export function langCompletionSource(client, where, fallback = null) {
  return async (context) => {
    if (!client.isReady) return fallback ? fallback(context) : null;
    const resp = await client.ask(request("complete", context.state, context.pos, where));
    if (!resp || context.aborted || !resp.completions) return null;
    const c = resp.completions;
    if (!c.items.length && !context.explicit) return null;
    const from = offset(context.state.doc, c.from);
    if (from > context.pos) return null;
    return {
      from,
      options: c.items.map((it) => ({
        label: it.label, type: kinds[it.kind] || "variable", info: it.doc || undefined,
        // A function's detail is its signature: the parameters after its name.
        detail: (it.detail?.startsWith(`${it.label}(`) ? it.detail.slice(it.label.length) : it.detail) || undefined,
        boost: it.kind === "keyword" ? -1 : 0,
      })),
      validFor: /^[\w$]*$/,
    };
  };
}

/**
 * markdownDOM renders the hover's Markdown: ``` blocks as code, `spans`
 * as code, the rest as text (never as HTML).
 */
export function markdownDOM(doc, md) {
  const box = doc.createElement("div");
  box.className = "cm-lang-hover";
  const parts = md.split(/```[a-z]*\n?/);
  parts.forEach((part, i) => {
    const text = part.replace(/\n+$/, "");
    if (!text) return;
    if (i % 2 === 1) {
      const pre = doc.createElement("pre");
      pre.textContent = text;
      box.append(pre);
      return;
    }
    const p = doc.createElement("p");
    text.split("`").forEach((s, j) => {
      if (j % 2 === 1) {
        const code = doc.createElement("code");
        code.textContent = s;
        p.append(code);
      } else if (s) {
        p.append(doc.createTextNode(s));
      }
    });
    box.append(p);
  });
  return box;
}

/** langHover is the hover tooltip extension. */
export function langHover(client, where) {
  return hoverTooltip(async (view, pos) => {
    const resp = await client.ask(request("hover", view.state, pos, where));
    const h = resp?.hover;
    if (!h || !h.markdown) return null;
    const doc = view.state.doc;
    return {
      pos: offset(doc, h.range.start), end: offset(doc, h.range.end), above: true,
      create: () => ({ dom: markdownDOM(document, h.markdown) }),
    };
  }, { hoverTime: 300 });
}

/**
 * pageLang is the language service on the playground page: opts.state()
 * is the page state, opts.editor() the source editor, opts.open(path,
 * line, column) opens a workspace file at a place, opts.tell(text, bad) the
 * status line, opts.formatButton the Format button.
 */
export function pageLang(opts) {
  const client = opts.client || LangClient.fromPage();
  // The search paths in the CLI's order (KUBECFG_JPATH's, then -J's) and
  // the workspace's links (jsonnet-bundler's vendor/ ones).
  const where = (path) => () => {
    const s = opts.state();
    return { path, files: s.files, entry: s.entry, jpath: [...lines(s.controls?.jpathEnv), ...lines(s.controls?.jpath)], links: s.links || {} };
  };
  let library = null;

  async function definition(view, pos, path) {
    const resp = await client.ask(request("definition", view.state, pos, where(path)));
    const d = resp?.definition;
    if (!d) {
      if (resp) opts.tell("No definition found here.");
      return;
    }
    if (d.path === LibraryPath) {
      library = showLibrary(library, view, d.text || "", d.line);
    } else if (d.path === path) {
      opts.editor().goto(d.line, d.column);
    } else if (d.path in opts.state().files) {
      opts.open(d.path, d.line, d.column);
    }
  }

  async function format() {
    const editor = opts.editor();
    const path = editor.current;
    if (!path) return;
    if (!client.isReady) {
      client.start();
      opts.tell("The language service is loading; format again in a moment.");
      return;
    }
    const view = editor.view;
    const before = view.state.doc.toString();
    const resp = await client.ask(request("format", view.state, null, where(path)));
    if (!resp) return;
    if (resp.error) return opts.tell(resp.error, true);
    if (view.state.doc.toString() !== before || editor.current !== path) return; // edited meanwhile
    if (!resp.format.changed) return opts.tell(`${path} is formatted already.`);
    view.dispatch({ changes: { from: 0, to: before.length, insert: resp.format.text }, userEvent: "input.format" });
    opts.tell(`Formatted ${path} as jsonnetfmt does.`);
  }

  async function lint(view, path) {
    const resp = await client.ask(request("lint", view.state, null, where(path)));
    if (!resp || opts.editor().current !== path || opts.editor().view !== view) return;
    const doc = view.state.doc;
    const diags = (resp.diagnostics || []).map((d) => ({
      from: offset(doc, d.start), to: Math.max(offset(doc, d.end), offset(doc, d.start) + 1),
      severity: "warning", message: d.message, source: "jsonnet-lint",
    })).map((d) => ({ ...d, to: Math.min(d.to, doc.length) }));
    opts.editor().setLint(path, diags);
  }

  // linter lints the open file when it opens and after a pause in typing.
  const linter = (path) => ViewPlugin.define((view) => {
    let timer = 0;
    const soon = (ms) => { clearTimeout(timer); timer = setTimeout(() => lint(view, path), ms); };
    client.ready.then(() => soon(0));
    return {
      update(u) { if (u.docChanged && client.isReady) soon(400); },
      destroy() { clearTimeout(timer); },
    };
  });

  if (opts.formatButton) opts.formatButton.addEventListener("click", () => { format(); });

  return {
    client,
    /** start starts the language worker (after the first result). */
    start: () => client.start(),
    format,
    /** extensions are the editor's extensions for the file at path. */
    extensions(path) {
      return [
        langHover(client, where(path)),
        linter(path),
        keymap.of([
          { key: "F12", run: (view) => { definition(view, view.state.selection.main.head, path); return true; } },
          { key: formatKey, run: () => { format(); return true; } },
        ]),
        EditorView.domEventHandlers({
          mousedown(ev, view) {
            if (ev.button !== 0 || !(ev.ctrlKey || ev.metaKey)) return false;
            const pos = view.posAtCoords({ x: ev.clientX, y: ev.clientY });
            if (pos == null) return false;
            ev.preventDefault();
            definition(view, pos, path);
            return true;
          },
        }),
      ];
    },
    /** completionSource is the editor's completion source for path. */
    completionSource: (path) => langCompletionSource(client, where(path), librarySource),
  };
}

// showLibrary shows kubecfg.libsonnet read-only, at line, in a panel over
// the editor (one panel, reused); Escape or its Close button closes it.
function showLibrary(panel, view, text, line) {
  if (!panel || !panel.box.isConnected) {
    const box = document.createElement("div");
    box.className = "lang-library";
    box.setAttribute("role", "dialog");
    box.setAttribute("aria-label", "kubecfg.libsonnet (read-only)");
    const head = document.createElement("div");
    head.className = "lang-library-head";
    const title = document.createElement("span");
    title.textContent = "kubecfg.libsonnet (built in, read-only)";
    const close = document.createElement("button");
    close.type = "button";
    close.textContent = "Close";
    head.append(title, close);
    const body = document.createElement("div");
    body.className = "lang-library-body";
    box.append(head, body);
    view.dom.parentElement.append(box);
    const lib = new EditorView({
      parent: body,
      state: EditorState.create({ doc: text, extensions: [EditorState.readOnly.of(true), EditorView.editable.of(true)] }),
    });
    const done = () => { box.remove(); view.focus(); };
    close.addEventListener("click", done);
    box.addEventListener("keydown", (ev) => { if (ev.key === "Escape") done(); });
    panel = { box, lib };
  }
  const doc = panel.lib.state.doc;
  const at = doc.line(Math.max(1, Math.min(line || 1, doc.lines))).from;
  panel.lib.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: "start" }) });
  panel.lib.focus();
  return panel;
}
