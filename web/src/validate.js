// The Validate switch's check (issue 29): after each show result, the
// same session runs `kubecfg --features=offline-validate validate
// --kubernetes-version X.Y` on the same inputs, and its problems are drawn
// where they come from: a warning in the editor at the Jsonnet line that
// produced the value (squiggle, gutter marker, the message on hover), an
// entry in the errors pane naming the object, the field path and the
// output line, and that output line marked too. A chunk of its own
// (lazy.js), loaded when the switch is first on: nothing of it is among
// the bytes before the first result.
//
// The schemas of a Kubernetes minor are a file of the site
// (static/schemas/k8s-1.NN.json, which scripts/build-web copies from
// internal/k8sschema/data): fetched on first use, kept for the page's
// life, and handed to the engine's worker with the validate run that
// needs them (runner.js, the run's schema); the service worker caches
// them with the build, so validation works offline after one visit. The
// validator is in the full engine only: the core engine's needsFullEngine
// answer switches the runner to it, which the page prepares beside the
// core engine first (Runner.prepareFull), so the output never waits for
// it.
import { setDiagnostics } from "./marks.js";

/** feature is the gate of kubecfg's offline validate (pkg/features). */
export const feature = "offline-validate";

/**
 * validateRequest is the validate request that follows show's request
 * req (state.js toRequest): the same inputs and reading flags, the
 * command validate, --kubernetes-version version, and the feature on
 * (toRequest has put it in show's features already while the switch is
 * on: the same features are the same VM in the engine, and validate
 * reuses the objects show read); show's own flags (--show-provenance,
 * the export's names) left out.
 */
export function validateRequest(req, version) {
  const { showProvenance, exportNames, exportExt, exportDir, traceLine, traceAll, expr, ...rest } = req;
  const features = req.features || [];
  return {
    ...rest, command: "validate", kubernetesVersion: version,
    features: features.includes(feature) ? features : [...features.filter((f) => f.split("=")[0] !== feature), feature],
  };
}

/** schemaPath is the site path of a Kubernetes minor's schemas (scripts/build-web). */
export const schemaPath = (version) => `schemas/k8s-${version}.json`;

/**
 * schemaLoader fetches a minor's schemas (text) once: get(version)
 * resolves to the text; a failed fetch (offline before the service worker
 * had it, a minor the build lacks) is tried again on the next call. fetch
 * is the page's; base the URL schemaPath is relative to.
 */
export function schemaLoader(fetchFn, base) {
  const got = new Map();
  return (version) => {
    if (!got.has(version)) {
      const p = fetchFn(new URL(schemaPath(version), base).href).then(async (res) => {
        if (res.status === 404) throw new Error(`this playground has no schemas of Kubernetes ${version}`);
        if (!res.ok) throw new Error(`the schemas of Kubernetes ${version} could not be loaded (${res.status})`);
        return res.text();
      }, (err) => { throw new Error(`the schemas of Kubernetes ${version} could not be loaded (${err.message})`); });
      p.catch(() => got.delete(version));
      got.set(version, p);
    }
    return got.get(version);
  };
}

/**
 * problems are a validate response's schema problems: its diagnostics of
 * kind "schema" (pkg/playground: severity warning, the producing Jsonnet's
 * place, object, fieldPath, outputLine).
 * @param {import("./envelope.gen.js").Response} resp
 */
export function problems(resp) {
  return (resp?.diagnostics || []).filter((d) => d.kind === "schema");
}

/**
 * notes are a validate response's notes: the kinds it skipped (no schema
 * in that minor, --ignore-unknown) and what else it says besides the
 * problems, as text.
 * @param {import("./envelope.gen.js").Response} resp
 */
export function notes(resp) {
  return (resp?.diagnostics || []).filter((d) => d.kind !== "schema" && d.message).map((d) => d.message);
}

/**
 * lastKey is the last field name of a problem's field path
 * (spec.template.spec.containers[0].imagePullPolcy → imagePullPolcy,
 * metadata.labels["app.kubernetes.io/name"] → app.kubernetes.io/name; an
 * index is passed over: spec.ports[0] → ports), or "".
 */
export function lastKey(path) {
  const p = (path || "").replace(/(\[\d+\])+$/, "");
  const quoted = /\["((?:[^"\\]|\\.)*)"\]$/.exec(p);
  if (quoted) return quoted[1].replace(/\\(.)/g, "$1");
  const m = /(?:^|\.)([^.[\]"]+)$/.exec(p);
  return m ? m[1] : "";
}

/**
 * marks are a validate response's problems as the editor draws them
 * (results.js setExtra): the engine names the producing line, not its
 * column, so each is narrowed to where that line (text: pathOf(file) → the
 * file's text) names the field, as key: (quoted or not, : to :::, +:),
 * or else to the line without its indentation.
 */
export function marks(resp, text) {
  return problems(resp).map((d) => {
    const src = d.line ? text(d.file) : undefined;
    if (typeof src !== "string" || d.column) return d;
    const line = src.split("\n")[d.line - 1];
    if (line === undefined) return d;
    const key = lastKey(d.fieldPath);
    const esc = key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const at = key ? new RegExp(`(^|[\\s{,])(['"]?${esc}['"]?)\\s*\\+?:`).exec(line) : null;
    if (at) {
      const col = at.index + at[1].length + 1;
      return { ...d, column: col, endLine: d.line, endColumn: col + at[2].length };
    }
    return { ...d, column: line.length - line.trimStart().length + 1 };
  });
}

/** objectName names a problem's object as kubecfg does: KIND NAME, or KIND NS/NAME. */
export function objectName(o) {
  if (!o) return "";
  const name = o.namespace ? `${o.namespace}/${o.name || ""}` : o.name || "";
  return [o.kind, name].filter(Boolean).join(" ");
}

/**
 * entries are the errors pane's lines of a validate response: for each
 * problem its place in the workspace (path: pathOf(file), the file's
 * workspace path or ""; errors.js workspacePath over the files), line and
 * column, the object's name, the field path, what is wrong (message, as
 * the CLI prints it after the place) and the output line.
 */
export function entries(resp, pathOf) {
  return problems(resp).map((d) => ({
    path: pathOf(d.file),
    file: d.file || "",
    line: d.line || 0,
    column: d.column || 0,
    object: objectName(d.object),
    fieldPath: d.fieldPath || "",
    message: d.message,
    outputLine: d.outputLine || 0,
  }));
}

/**
 * outputMarks are the output's marks of a validate response's problems,
 * as @codemirror/lint diagnostics over doc (the output's text, a
 * CodeMirror Text): each problem's output line, its text without the
 * indentation, with its message;
 * a line past the text is left out.
 */
export function outputMarks(doc, resp) {
  const out = [];
  for (const d of problems(resp)) {
    const n = d.outputLine;
    if (!n || n > doc.lines) continue;
    const line = doc.line(n);
    const from = line.from + line.text.length - line.text.trimStart().length;
    out.push({ from, to: Math.max(line.to, from), severity: "warning", source: "kubecfg validate", message: d.message });
  }
  return out;
}

/**
 * verdict is what the switch says beside it of a validate response to
 * version: "valid" (with how many objects were skipped: kind
 * "schema-note", a kind the minor has no schema of), or how many problems
 * there are.
 */
export function verdict(resp, version) {
  const n = problems(resp).length;
  if (n === 0 && (resp.exitCode ?? 0) !== 0) return { text: "failed", title: `kubecfg validate failed: ${(resp.stderr || "").split("\n")[0]}`, bad: true };
  const skipped = (resp.diagnostics || []).filter((d) => d.kind === "schema-note").length;
  if (n === 0 && skipped) return { text: `valid, ${skipped} skipped`, title: `Valid against the schemas of Kubernetes ${version}, but for ${skipped} object${skipped === 1 ? "" : "s"} of a kind it has no schema of: listed above the output` };
  if (n === 0) return { text: "valid", title: `Valid against the schemas of Kubernetes ${version}` };
  return { text: `${n} problem${n === 1 ? "" : "s"}`, title: `${n} problem${n === 1 ? "" : "s"} against the schemas of Kubernetes ${version}: listed above the output`, bad: true };
}

/**
 * commandLine is "Copy as command" with validation on: show's command
 * line, then validate's.
 */
export const commandLine = (show, validate) => (validate ? `${show} && ${validate}` : show);

// The pane's look: warnings, not errors (the errors pane is red).
const css = `.errors.schema{background:var(--panel-bg)}.errors .schema-problems pre{color:var(--fg)}.errors .schema-problems .warn::before{content:"⚠ ";color:#b26a00}
@media (prefers-color-scheme:dark){.errors .schema-problems .warn::before{color:#f0b35a}}.validate-verdict{font-size:12.5px;align-self:center;color:var(--ok)}.validate-verdict.bad{color:var(--error)}`;

/**
 * validation makes the page's check. deps: runner (runner.js, or an
 * embed's engine), state() (the page state: its controls' validate and
 * kubernetesVersion, its files), output (editor.js createOutput), errors
 * (the errors pane), command (the command line's element, or null),
 * switchEl (the Validate switch, after whose picker the verdict goes; or
 * null), setExtra(diags) (the editor's marks of the problems: results.js
 * setExtra), pathOf(files, file) (errors.js workspacePath: passed in, so
 * that this chunk shares no module with the page's first bytes),
 * goto(path, line, column), tell(text, bad) (the status line's notice)
 * and load(version) (schemaLoader's). It returns shown(request, resp,
 * from), told of each answer shown (results.js after).
 */
export function validation({ runner, state, output, errors, command = null, switchEl = null, setExtra, pathOf, goto, tell = () => {}, load }) {
  let gen = 0;
  let pair = {}; // the last command lines, show's and validate's, and the version
  const loaded = new Set(); // the minors whose schemas are here
  let toldErr = ""; // the last failure to load schemas it said
  let last = null; // the last validation drawn: {resp, version}
  const doc = errors.ownerDocument;
  if (!doc.getElementById("validate-css")) doc.head.append(Object.assign(doc.createElement("style"), { id: "validate-css", textContent: css }));
  let badge = null;

  // say puts the verdict beside the switch ({text, title, bad}; null: none).
  function say(v) {
    if (!switchEl) return;
    if (!badge) {
      badge = Object.assign(doc.createElement("span"), { className: "validate-verdict", id: "validate-verdict" });
      badge.setAttribute("role", "status");
      (switchEl.closest("label") || switchEl).nextElementSibling?.after(badge);
    }
    badge.hidden = !v;
    badge.textContent = v?.text || "";
    badge.title = v?.title || "";
    badge.classList.toggle("bad", !!v?.bad);
  }

  // draw shows resp's problems (null: none): in the editor, the errors
  // pane and, when lines (its output lines are the output's), the output.
  function draw(resp, version, lines = true) {
    setExtra(marks(resp, (f) => state().files[pathOf(state().files, f)]));
    output.view.dispatch(setDiagnostics(output.view.state, resp && lines ? outputMarks(output.view.state.doc, resp) : []));
    errors.querySelector(".schema-problems")?.remove();
    errors.classList.remove("schema");
    say(resp ? verdict(resp, version) : null);
    if (!resp) {
      if (!errors.children.length) errors.hidden = true;
      return;
    }
    const list = entries(resp, (f) => pathOf(state().files, f));
    const said = notes(resp);
    if (!list.length && !said.length) {
      if (!errors.children.length) errors.hidden = true;
      return;
    }
    const box = doc.createElement("div");
    box.className = "schema-problems";
    box.dataset.count = String(list.length);
    for (const e of list) {
      const pre = doc.createElement("pre");
      pre.className = "warn";
      if (e.line && (e.path || e.file)) {
        const place = `${e.path || e.file}:${e.line}${e.column ? `:${e.column}` : ""}`;
        pre.append(e.path ? button(place, `Go to ${place}`, () => goto(e.path, e.line, e.column)) : place, ": ");
      }
      pre.append(e.message);
      if (e.outputLine && lines) pre.append(" (", button(`output line ${e.outputLine}`, `Show output line ${e.outputLine}`, () => showOutputLine(e.outputLine)), ")");
      box.append(pre);
    }
    for (const n of said) box.append(Object.assign(doc.createElement("pre"), { className: "hint", textContent: n }));
    if (!errors.children.length) errors.classList.add("schema"); // warnings only
    errors.append(box);
    errors.hidden = false;
  }

  function button(text, label, click) {
    const b = doc.createElement("button");
    b.type = "button";
    b.className = "loc";
    b.textContent = text;
    b.setAttribute("aria-label", label);
    b.addEventListener("click", click);
    return b;
  }

  // showOutputLine scrolls the output to line n and puts its cursor there.
  function showOutputLine(n) {
    const v = output.view;
    if (n > v.state.doc.lines) return;
    v.dispatch({ selection: { anchor: v.state.doc.line(n).from }, scrollIntoView: true });
    v.focus();
  }

  /**
   * shown is told of each answer on the page (results.js after): with
   * validation on, a show that succeeded is validated on the same
   * session; anything else clears what the last validation drew.
   */
  async function shown(request, resp, from = "") {
    if (from) return; // a saved or built answer: the engine's own follows
    const me = ++gen;
    const c = state().controls;
    if (!c.validate || request?.command !== "show" || (resp?.exitCode ?? 0) !== 0) {
      last = null;
      draw(null);
      return;
    }
    const version = c.kubernetesVersion;
    // What the last validation drew stays until this one's answer (no
    // flicker at every keystroke), and so does the command line.
    // validate's output lines are those of show's output without
    // --show-provenance's annotations.
    const lines = !request.showProvenance;
    if (last?.version === version) draw(last.resp, version, lines);
    if (command && resp.command && pair.show === resp.command && pair.version === version) command.textContent = commandLine(pair.show, pair.validate);
    const req = validateRequest(request, version);
    let text;
    try {
      const full = !runner.full && runner.prepareFull;
      if (full || !loaded.has(version)) say({ text: "loading…", title: `Loading ${full ? "the full engine and " : ""}the schemas of Kubernetes ${version}` });
      [text] = await Promise.all([load(version), full ? runner.prepareFull() : null]);
      loaded.add(version);
    } catch (err) {
      if (me !== gen) return;
      draw(null);
      say({ text: "no schemas", title: err.message, bad: true });
      if (err.message !== toldErr) tell(`Validate: ${err.message}.`, true);
      toldErr = err.message;
      return;
    }
    if (me !== gen) return;
    let vresp;
    try {
      vresp = await runner.run(req, { lane: "validate", schema: { version, data: text } });
    } catch (err) {
      if (me !== gen) return;
      draw(null);
      say({ text: "stopped", title: err.message, bad: true });
      return;
    }
    if (!vresp || me !== gen) return; // superseded by a newer run
    if (command && resp.command && vresp.command) {
      pair = { show: resp.command, validate: vresp.command, version };
      command.textContent = commandLine(pair.show, pair.validate);
    }
    last = { resp: vresp, version };
    draw(vresp, version, lines);
    // Read by the tests and the benchmark: the check's wall time (the
    // runner's, posting included) and the engine's.
    performance.mark("kubecfg:validated", { detail: { problems: problems(vresp).length, version, wallMs: vresp.wallMs, totalMs: vresp.timings?.totalMs } });
  }

  return { shown };
}
