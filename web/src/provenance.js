// "Where does this line come from?" on the playground page and the embed
// page. Put the cursor on a line of the YAML or JSON output (a click, the
// keys, or traceKey for the line under the output's cursor from anywhere):
// the source lines whose fields feed the value there are marked in the
// editor, across files, and listed ("from app.jsonnet:7, lib.libsonnet:9")
// above the output, each a button that opens its file on that line. The
// reverse: put the cursor on a line of the entry file, and the output
// lines it feeds are marked.
//
// A trace is a request like any run (the request whose answer is on the
// page, plus traceLine or traceAll), in the runner's trace lane: it never
// waits on this thread and never holds up an edit's run. Traces belong to
// one answer: an edit clears the marks at once, and an answer to a trace
// asked before it is dropped (gen counts the changes).
import { stoppedSentence } from "./runner.js";
import { traceable, requestKey, listPlaces, marksByFile, indexTraces, fedBy, placeName, lineRanges } from "./trace.js";

/**
 * provenance wires the trace to a page. els: bar (the element above the
 * output that lists a trace's places and says what is marked). deps:
 * runner() is the page's runner, files() the workspace's files (path →
 * text), editor and output the views (editor.js), open(path, line) moves
 * the editor to a place (or null: places in other files are not links,
 * as on the embed page), marked(paths) is told which files have marked
 * lines (the file tabs' markers). The bar's text in the page (a hint on
 * what to click) is what it says when nothing is marked: it is always
 * there, so that the output does not move as it changes.
 */
export function provenance(els, { runner, files, editor, output, open, marked = () => {} }) {
  let gen = 0; // counts edits and new answers: an answer to an older trace is dropped
  let base = null; // the request whose answer is on the page, when it can be traced
  let baseKey = "";
  let all = null; // the traceAll answer for gen: { gen, promise, index, cut } (index null while it runs)
  let asked = 0; // the output line whose trace is awaited
  let busyTimer = 0;
  let cursorTimer = 0;
  let reverseTimer = 0;
  let showing = "none"; // what the bar shows: "none", "forward", "reverse" or "note"
  let untraceable = false; // the answer on the page has no values to trace

  const bar = els.bar;
  const hint = bar.textContent.trim();
  let idleText = hint; // what the bar says while it is idle (not said again: it is a live region)
  let hasMarks = false;

  // say shows parts as one line of text (the clear button, when it is
  // the last part, at the end of the bar).
  function say(...parts) {
    idleText = "";
    const text = document.createElement("span");
    text.className = "trace-text";
    const last = parts[parts.length - 1];
    const clearer = last?.classList?.contains("trace-clear") ? parts.pop() : null;
    text.append(...parts);
    bar.replaceChildren(text, ...(clearer ? [clearer] : []));
    bar.hidden = false;
  }

  function idle() {
    showing = "none";
    const text = untraceable ? "This output has no values to trace." : hint;
    if (idleText === text) return;
    say(span(text, "muted"));
    idleText = text;
  }

  function quiet(text) {
    showing = "note";
    say(span(text, "muted"), clearButton());
  }

  // clear removes every mark (the bar says the hint again).
  function clear() {
    clearTimeout(busyTimer);
    asked = 0;
    if (hasMarks) {
      editor.markLines(new Map());
      output.markLines();
      marked(new Set());
      hasMarks = false;
    }
    idle();
  }

  function clearButton() {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "trace-clear";
    b.textContent = "×";
    b.title = "Clear the marks";
    b.setAttribute("aria-label", "Clear the marks");
    b.addEventListener("click", () => {
      clear();
      output.view.focus(); // the button is gone: the keyboard goes back to the output
    });
    return b;
  }

  // ---- the output's line: its sources ----------------------------------

  function showForward(line, trace) {
    const fs = files();
    const places = listPlaces(trace.places, fs);
    const marks = marksByFile(trace.places, fs);
    editor.markLines(marks);
    output.markLines([], line);
    marked(new Set(marks.keys()));
    hasMarks = true;
    showing = "forward";
    if (!places.length) {
      say(span(`Output line ${line}: no source line feeds it.`, "muted"), clearButton());
      return;
    }
    const parts = [span(`Line ${line} from `)];
    places.forEach((p, i) => {
      if (i) parts.push(document.createTextNode(", "));
      if (p.link && open) {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "loc";
        b.textContent = placeName(p);
        b.setAttribute("aria-label", `Go to ${placeName(p)}`);
        b.addEventListener("click", () => open(p.file, p.line));
        parts.push(b);
      } else {
        parts.push(span(placeName(p), "place"));
      }
    });
    parts.push(clearButton());
    say(...parts);
  }

  /** fromOutput traces output line n (0: none). */
  async function fromOutput(n) {
    clearTimeout(cursorTimer);
    if (!base || !n) return;
    const t0 = performance.now();
    const g = gen;
    asked = n;
    let trace = null;
    if (all?.gen === g) {
      // The whole output's traces, there or on their way, answer it.
      const index = all.index || (await all.promise.catch(() => null))?.index;
      if (g !== gen || asked !== n) return;
      trace = index?.byLine.get(n) || null;
    }
    if (!trace) {
      clearTimeout(busyTimer);
      busyTimer = setTimeout(() => { if (asked === n && g === gen) quiet(`Tracing line ${n}…`); }, 200);
      /** @type {import("./envelope.gen.js").Response | undefined} */
      let resp;
      try {
        resp = await runner().run({ ...base, traceLine: n }, { lane: "trace" });
      } catch (err) {
        if (g === gen && asked === n) failed(`Could not trace line ${n}: ${stoppedSentence(err) || err.message}`);
        return;
      }
      if (g !== gen || asked !== n) return; // an edit, or a newer line
      clearTimeout(busyTimer);
      if (!resp) { quiet(`The trace of line ${n} was dropped; click the line again.`); return; }
      if ((resp.exitCode ?? 0) !== 0 || !resp.trace) {
        failed(`Could not trace line ${n}: ${firstLine(resp)}`);
        return;
      }
      trace = resp.trace;
      if (trace.error) {
        failed(`Output line ${n}: ${trace.error}.`);
        return;
      }
    }
    clearTimeout(busyTimer);
    showForward(n, trace);
    // From the question to the marks drawn: read by the tests and the benchmark.
    performance.measure("kubecfg:trace-line", { start: t0, detail: { line: n } });
  }

  function failed(text) {
    editor.markLines(new Map());
    output.markLines([], asked);
    marked(new Set());
    hasMarks = true;
    quiet(text);
  }

  // ---- a source line of the entry file: the output lines it feeds ------

  // traceAll asks for the traces of every output line, once per answer.
  function traceAll() {
    if (all?.gen === gen) return all.promise;
    const g = gen;
    const entry = { gen: g, index: null, cut: false, promise: null, t0: performance.now() };
    entry.promise = runner().run({ ...base, traceAll: true }, { lane: "trace", preempt: true }).then((resp) => {
      if (!resp) {
        if (all === entry) all = null; // dropped: asked again at the next move
        return null;
      }
      if ((resp.exitCode ?? 0) !== 0) throw new Error(firstLine(resp));
      entry.index = indexTraces(resp.traces);
      entry.cut = !!resp.tracesCut;
      return entry;
    });
    entry.promise.catch(() => { if (all === entry) all = null; });
    all = entry;
    return entry.promise;
  }

  async function reverse(line) {
    if (!base) return; // an edit since the cursor stopped
    const g = gen;
    let got;
    try {
      got = await traceAll();
    } catch (err) {
      if (g === gen) quiet(`Could not trace the output: ${stoppedSentence(err) || err.message}`);
      return;
    }
    // Not when the user has moved on: a click in the output, another line or file.
    if (!got || g !== gen || showing === "forward" || editor.current !== base.entry || editor.cursorLine !== line) return;
    const lines = fedBy(got.index.bySource, base.entry, line);
    if (got.t0) {
      performance.measure("kubecfg:trace-all", { start: got.t0, detail: { cut: got.cut, traces: got.index.byLine.size } });
      got.t0 = 0;
    }
    editor.markLines(new Map([[base.entry, [line]]]));
    output.markLines(lines);
    marked(new Set());
    hasMarks = true;
    showing = "reverse";
    const where = `${base.entry}:${line}`;
    const cut = got.cut ? " (the output was traced in part: its time ran out)" : "";
    if (!lines.length) say(span(`${where} feeds no line of the output${cut}.`, "muted"), clearButton());
    else say(span(`${where} feeds output line${lines.length > 1 ? "s" : ""} ${lineRanges(lines)}${cut ? "" : "."}`), ...(cut ? [span(cut, "muted")] : []), clearButton());
  }

  return {
    /**
     * shown tells it the answer now on the page (request, resp): a new
     * answer clears the marks, one to the same request keeps them.
     */
    shown(request, resp) {
      const ok = traceable(request, resp);
      const key = ok ? requestKey(request) : "";
      if (ok && base && key === baseKey) return;
      clearTimeout(reverseTimer);
      clearTimeout(cursorTimer);
      gen++;
      base = ok ? request : null;
      baseKey = key;
      untraceable = !ok && !!resp && (resp.exitCode ?? 0) === 0 && !!resp.output;
      all = null;
      clear();
    },
    /** edited clears the marks at once: the program changed. */
    edited() {
      clearTimeout(reverseTimer);
      clearTimeout(cursorTimer);
      if (!base && showing === "none") return;
      gen++;
      base = null;
      baseKey = "";
      all = null;
      clear();
    },
    /** outputCursor is the user's cursor on output line n: traced next. */
    outputCursor(n) {
      // Outside CodeMirror's update; keys that repeat ask for many lines,
      // and the runner's trace lane keeps only the newest waiting.
      clearTimeout(cursorTimer);
      cursorTimer = setTimeout(() => fromOutput(n));
    },
    /** traceKey traces the output line under the output's cursor at once. */
    traceKey() { fromOutput(output.cursorLine); },
    /**
     * sourceCursor is the user's cursor on line n of path: for the entry
     * file, the output lines it feeds are marked (the whole output is
     * traced once per answer, a moment after the cursor stops).
     */
    sourceCursor(path, n) {
      clearTimeout(reverseTimer);
      if (!base || path !== base.entry) return;
      if (all?.gen === gen && all.index) { showing = "moving"; reverse(n); return; }
      reverseTimer = setTimeout(() => { showing = "moving"; reverse(n); }, 250);
    },
    /**
     * opened is told of a file opened in the editor: the reverse trace's
     * marks (the output lines a line of the entry feeds) go when another
     * file is opened, as the line they are of is no longer in view.
     */
    opened(path) {
      clearTimeout(reverseTimer);
      if ((showing === "reverse" || showing === "moving") && path !== base?.entry) clear();
    },
    clear,
    /** fromOutput traces output line n now; it resolves when the marks are drawn. */
    fromOutput,
  };
}

function span(text, className = "") {
  const el = document.createElement("span");
  if (className) el.className = className;
  el.textContent = text;
  return el;
}

function firstLine(resp) {
  return (resp?.diagnostics?.[0]?.message || resp?.stderr || "the engine gave no trace").split("\n")[0];
}
