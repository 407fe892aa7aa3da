// The Compare pane (issue 30): what an edit did, object by object. Pin
// the output on the page as the baseline (or take the shared version the
// page was opened on): each answer after it is compared with it, and the
// pane lists the objects added, removed and changed, a changed one with
// its line diff; the Compare tab says how many changed. A click on a
// changed line traces it (the output line's source, as the output's own
// trace does: provenance.js) and opens the source line that made it.
// "Copy as command" is the same comparison as `kubecfg diff --against
// baseline.yaml`, and the baseline is a download.
//
// A chunk of its own, loaded when the tab is first opened; the comparison
// runs in a worker of its own (compare-worker.js), after the output is
// painted: the output never waits for it.
import { summary, diffCommand, parseVariant, applyVariant } from "./compare-core.js";

/** baselineFile is the baseline's name in the command line and the download. */
export const baselineFile = "baseline.yaml";

/** variantPauseMs is the pause after an answer before its variant runs (the engine's compare lane). */
export const variantPauseMs = 400;

// The most lines of diffs the pane draws (a change to every object of a
// large output): the rest are counted.
const maxLines = 3000;

const css = `.compare [hidden]{display:none!important}.compare .cmp-bar{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin-bottom:8px}
.compare .cmp-bar button,.compare .cmp-bar input{padding:2px 8px;font-size:12.5px}.compare .cmp-bar label{font-size:12.5px;display:inline-flex;gap:6px;align-items:center;margin:0}
.compare .cmp-bar input{font-family:var(--mono);width:26ch}
.compare .cmp-summary{font-size:13px;margin:4px 0 8px}.compare .cmp-obj{margin:0 0 10px;border:1px solid var(--border);border-radius:4px;background:var(--panel-bg)}
.compare .cmp-obj h2{font-size:13px;margin:0;padding:4px 8px;border-bottom:1px solid var(--border);font-weight:600;font-family:var(--mono)}
.compare .cmp-obj:not(.changed) h2{border-bottom:none}.compare .cmp-state{font-family:var(--sans);font-weight:600;margin-right:6px}
.compare .added .cmp-state{color:var(--ok)}.compare .removed .cmp-state{color:var(--error)}.compare .changed .cmp-state{color:var(--accent)}
.compare .cmp-hunk{font-family:var(--mono);font-size:12.5px;padding:2px 0}.compare .cmp-hunk+.cmp-hunk{border-top:1px dashed var(--border)}
.compare .cmp-line{display:flex;width:100%;text-align:left;font:inherit;color:var(--fg);background:none;border:none;padding:0 8px;white-space:pre;border-radius:0}
.compare .cmp-line .n{color:var(--muted);min-width:4.5ch;text-align:right;margin-right:1.5ch;user-select:none}
.compare .cmp-line.add{background:var(--traced-line)}.compare .cmp-line.del{background:var(--error-bg)}
.compare button.cmp-line{cursor:pointer}.compare button.cmp-line:hover{outline:1px solid var(--traced-edge)}
.compare button.cmp-line:focus-visible{outline:2px solid var(--accent);outline-offset:-2px}
.compare.stale .cmp-list{filter:grayscale(1)}#tab-compare .cmp-count{margin-left:6px;font-size:12px;color:var(--muted)}#tab-compare .cmp-count.some{color:var(--accent)}`;

/**
 * compareView makes the Compare pane. els: panel (the pane), tab (its
 * tab). deps: runner() the page's runner (for the trace of a line, and
 * the shared version's output), files() the workspace's files, goto(path,
 * line, column) opens a source line, copy(text, done) and download(name,
 * text) as the page's, tell(text, bad) the status line, shared() the
 * request of the shared version the page was opened on (or null), and
 * current() the request and answer on the page now ({request, resp} or
 * null). It returns shown(request, resp, from), told of each answer shown
 * (results.js after), and pin() (the Pin button's).
 */
export function compareView({ panel, tab }, { runner, files, goto, copy, download, tell = () => {}, shared = () => null, current = () => null }) {
  const doc = panel.ownerDocument;
  if (!doc.getElementById("compare-css")) doc.head.append(Object.assign(doc.createElement("style"), { id: "compare-css", textContent: css }));
  let worker = null;
  let seq = 0;
  const waiting = new Map(); // message id → resolve
  let base = null; // the baseline: { text, label, format ("yaml" or "json"), variant (parseVariant's, for a variant) }
  let last = null; // the answer compared last: { request, resp }
  let gen = 0;
  let variantTimer = 0;

  const el = (tag, props = {}, ...kids) => {
    const e = Object.assign(doc.createElement(tag), props);
    e.append(...kids);
    return e;
  };
  const button = (text, click, props = {}) => {
    const b = el("button", { type: "button", textContent: text, ...props });
    b.addEventListener("click", click);
    return b;
  };

  const count = el("span", { className: "cmp-count" });
  count.hidden = true;
  tab.append(count);
  const pinButton = button("Pin the output as the baseline", () => pin(), { id: "compare-pin" });
  const sharedButton = button("Compare against the shared version", () => againstShared(), { id: "compare-shared" });
  const commandButton = button("Copy as diff command", () => copyCommand(), { id: "compare-copy", title: "Copy the same comparison as a kubecfg diff --against command line (download the baseline too)" });
  const variantButton = button("Compare against a variant…", () => {
    form.hidden = !form.hidden;
    variantButton.setAttribute("aria-expanded", String(!form.hidden));
    if (!form.hidden) input.focus();
  }, { id: "compare-variant" });
  variantButton.setAttribute("aria-controls", "compare-variant-form");
  variantButton.setAttribute("aria-expanded", "false");
  const downloadButton = button(`Download ${baselineFile}`, () => base?.text && download(baselineFile, base.text), { id: "compare-download" });
  const clearButton = button("Stop comparing", () => clear(), { id: "compare-clear" });
  const bar = el("div", { className: "cmp-bar" }, pinButton, sharedButton, variantButton, commandButton, downloadButton, clearButton);
  // The variant: this workspace with one feature, ext var or TLA set otherwise, run again at each answer.
  const input = el("input", { type: "text", id: "compare-variant-flags", spellcheck: false, autocomplete: "off", placeholder: "--features=NAME=false  or  -V NAME=VALUE" });
  const form = el("form", { className: "cmp-bar", id: "compare-variant-form" },
    el("label", {}, "Flags set otherwise ", input), el("button", { type: "submit", textContent: "Compare" }));
  form.hidden = true;
  form.addEventListener("submit", (ev) => { ev.preventDefault(); againstVariant(); });
  bar.setAttribute("role", "toolbar");
  bar.setAttribute("aria-label", "Compare actions");
  const said = el("p", { className: "cmp-summary", id: "compare-summary" });
  said.setAttribute("role", "status");
  const list = el("div", { className: "cmp-list", id: "compare-list" });
  panel.replaceChildren(bar, form, said, list);

  function buttons() {
    sharedButton.hidden = !shared();
    commandButton.hidden = downloadButton.hidden = clearButton.hidden = !base;
  }

  function intro() {
    said.textContent = "";
    const p = el("p", { className: "muted" }, "Pin the output as the baseline: every edit after it shows here, object by object, what it added, removed and changed (as ",
      el("code", { textContent: "kubecfg diff --against" }), " compares them); a changed line goes to the source line that made it.");
    list.replaceChildren(p);
    count.hidden = true;
    buttons();
  }

  function start() {
    if (worker) return worker;
    worker = import("./compare-worker.js").then(({ workerUrl }) => {
      const w = new Worker(workerUrl, { type: "module", name: "compare" });
      w.onmessage = (ev) => {
        const m = ev.data;
        waiting.get(m.id)?.(m);
        waiting.delete(m.id);
      };
      // A worker that fails (it could not load, say) fails what waits on
      // it, and the next comparison starts a new one.
      w.onerror = (ev) => {
        ev.preventDefault?.();
        w.terminate();
        worker = null;
        for (const [id, resolve] of waiting) resolve({ type: "failed", id, message: ev.message || "the Compare worker failed" });
        waiting.clear();
      };
      return w;
    });
    worker.catch(() => { worker = null; });
    return worker;
  }

  // ask posts msg to the worker and resolves to its answer; postMs is
  // the time the post took on this thread (the output's text is copied).
  let postMs = 0;
  async function ask(msg) {
    const w = await start();
    const id = ++seq;
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      const t = performance.now();
      w.postMessage({ ...msg, id });
      postMs = performance.now() - t;
    });
  }

  const formatOf = (request) => (request?.output === "json" ? "json" : "yaml");

  // comparable: a show that succeeded, printed as YAML or JSON.
  const comparable = (request, resp) => !!request && request.command === "show" && (resp?.exitCode ?? 0) === 0
    && typeof resp?.output === "string" && !request.exportDir && (request.output || "yaml") !== "jsonnet";

  /** setBase makes text the baseline and compares the answer on the page with it. */
  async function setBase(text, label, format) {
    base = { text, label, format };
    const g = ++gen;
    buttons();
    said.textContent = `Baseline: ${label}. Comparing…`;
    const m = await ask({ type: "base", text });
    if (g !== gen) return;
    if (m.type === "failed") { said.textContent = `Could not read the baseline: ${m.message}`; return; }
    const now = current() || last;
    if (now) compare(now.request, now.resp);
  }


  function pin() {
    const now = current();
    if (!now || !comparable(now.request, now.resp)) {
      tell("Compare needs the output of a show that succeeded (YAML or JSON) to pin.", true);
      return;
    }
    setBase(now.resp.output, `the output pinned at ${new Date().toLocaleTimeString()}`, formatOf(now.request));
  }

  async function againstShared() {
    const req = shared();
    if (!req || !runner()) return;
    said.textContent = "Running the shared version…";
    let resp;
    try {
      resp = await runner().run(req, { lane: "compare", session: "compare-shared" });
    } catch (err) {
      said.textContent = `Could not run the shared version: ${err.message}`;
      return;
    }
    if (!resp) { said.textContent = "The shared version's run was replaced; try again."; return; }
    if (!comparable(req, resp)) { said.textContent = `The shared version does not show objects to compare (exit status ${resp.exitCode}).`; return; }
    setBase(resp.output, "the shared version this page was opened on", formatOf(req));
  }

  function againstVariant() {
    let v;
    try {
      v = parseVariant(input.value);
    } catch (err) {
      input.setAttribute("aria-invalid", "true");
      said.textContent = `The variant's flags: ${err.message}.`;
      return;
    }
    input.removeAttribute("aria-invalid");
    gen++;
    base = { text: "", label: `this workspace with ${input.value.trim()}`, variant: v, format: "" };
    buttons();
    said.textContent = `Baseline: ${base.label}. Running it…`;
    const now = current();
    if (now && comparable(now.request, now.resp)) variantThen(now.request, now.resp);
  }

  // variantThen runs the variant of an answer's request (the engine's
  // compare lane, after the answer) as the baseline, then compares.
  async function variantThen(request, resp, t0 = performance.now()) {
    const g = ++gen;
    const b = base;
    let vr;
    try {
      vr = await runner().run(applyVariant(request, b.variant), { lane: "compare" });
    } catch (err) {
      if (g === gen) said.textContent = `Could not run the variant: ${err.message}`;
      return;
    }
    if (g !== gen || base !== b || !vr) return; // a newer answer, or another baseline
    if (!comparable(request, vr)) {
      said.textContent = `The variant shows no objects to compare (exit status ${vr.exitCode}): ${(vr.diagnostics?.[0]?.message || vr.stderr || "").split("\n")[0]}`;
      list.replaceChildren();
      count.hidden = true;
      return;
    }
    b.text = vr.output;
    b.format = formatOf(request);
    const m = await ask({ type: "base", text: vr.output });
    if (g !== gen || base !== b) return;
    if (m.type === "failed") { said.textContent = `Could not read the variant's output: ${m.message}`; return; }
    compare(request, resp, t0);
  }

  function clear() {
    gen++;
    base = null;
    intro();
  }

  function copyCommand() {
    const now = current() || last;
    const line = diffCommand(now?.resp?.command || "");
    if (!line) { tell("Copy as command needs show's command line.", true); return; }
    copy(line, `Copied the command line; it compares with ${baselineFile}: download it with “Download ${baselineFile}”.`);
  }

  // later runs f after the frame that paints the output (or soon, in a
  // page that paints no frames).
  function later(f) {
    let done = false;
    const once = () => { if (!done) { done = true; f(); } };
    requestAnimationFrame(() => setTimeout(once));
    setTimeout(once, 250);
  }

  // compare compares an answer with the baseline and draws it; t0 is
  // when the answer was shown (its output painted in the next frame).
  async function compare(request, resp, t0 = performance.now()) {
    const g = ++gen;
    last = { request, resp };
    if (base.format && base.format !== formatOf(request)) {
      // The same objects printed otherwise are other texts: kubecfg diff
      // would compare the values, the pane compares the text.
      said.textContent = `The baseline is ${base.format.toUpperCase()} and the output ${formatOf(request).toUpperCase()}: set Output format back, or pin the output again.`;
      list.replaceChildren();
      count.hidden = true;
      return;
    }
    const t1 = performance.now();
    const m = await ask({ type: "compare", text: resp.output });
    const posted = postMs;
    if (g !== gen || !base) return;
    if (m.type === "failed") { said.textContent = `Could not compare: ${m.message}`; return; }
    const t2 = performance.now();
    draw(m.result, request);
    const t3 = performance.now();
    // Read by the tests and the benchmark (e2e/browser/compare-bench.mjs):
    // addedMs from the frame after the output's to the comparison drawn,
    // the worker's time, and this thread's (the post and the drawing).
    performance.mark("kubecfg:compared", { detail: {
      addedMs: t3 - t1, sinceAnswerMs: t3 - t0, workerMs: m.ms, postMs: posted, drawMs: t3 - t2,
      counts: m.result.counts, bytes: resp.output.length,
    } });
  }

  function draw({ entries, counts }, request) {
    const text = summary(counts);
    count.textContent = text;
    count.hidden = false;
    count.classList.toggle("some", text !== "no object changed");
    const parts = [`${text[0].toUpperCase()}${text.slice(1)} against ${base.label}`];
    const n = (k, w) => (counts[k] ? `${counts[k]} ${w}` : "");
    const detail = [n("changed", "changed"), n("added", "added"), n("removed", "removed"), n("unchanged", "unchanged")].filter(Boolean).join(", ");
    said.textContent = `${parts[0]}${detail && detail !== `${counts.changed} changed` ? ` (${detail})` : ""}.`;
    let lines = 0;
    let cut = 0;
    const out = [];
    for (const e of entries) {
      const name = `${e.kind || "(no kind)"} ${e.namespace ? `${e.namespace}/` : ""}${e.name}`;
      const sec = el("section", { className: `cmp-obj ${e.state}` },
        el("h2", {}, el("span", { className: "cmp-state", textContent: e.state }), name));
      sec.dataset.desc = e.desc;
      sec.setAttribute("aria-label", `${name}: ${e.state}`);
      if (e.hunks) {
        for (const h of e.hunks) {
          if (lines >= maxLines) { cut += h.lines.length; continue; }
          lines += h.lines.length;
          const hunk = el("div", { className: "cmp-hunk" });
          for (const l of h.lines) hunk.append(line(l, request));
          sec.append(hunk);
        }
      }
      out.push(sec);
    }
    if (cut) out.push(el("p", { className: "muted", textContent: `${cut} more lines of diffs are not drawn.` }));
    list.replaceChildren(...out);
  }

  function line(l, request) {
    const sign = l.op === " " ? " " : l.op;
    const num = l.op === "-" ? l.a : l.b;
    const gutter = el("span", { className: "n", textContent: String(num) });
  gutter.setAttribute("aria-hidden", "true");
  const kids = [gutter, `${sign} ${l.text}`];
    if (l.op !== "+") return el("div", { className: `cmp-line${l.op === "-" ? " del" : ""}` }, ...kids);
    const b = el("button", { type: "button", className: "cmp-line add", title: `Output line ${l.b}: go to the source line that made it` }, ...kids);
    b.dataset.line = String(l.b);
    b.setAttribute("aria-label", `Output line ${l.b}, ${l.text.trim()}: go to its source`);
    b.addEventListener("click", () => toSource(request, l.b));
    return b;
  }

  // toSource traces output line n of request's answer and opens the
  // first workspace file:line the trace names (kubecfg's order: the most
  // recent evaluation first).
  async function toSource(request, n) {
    const g = gen;
    tell(`Tracing output line ${n}…`);
    let resp;
    try {
      resp = await runner().run({ ...request, traceLine: n }, { lane: "trace" });
    } catch (err) {
      tell(`Could not trace output line ${n}: ${err.message}`, true);
      return;
    }
    if (!resp || g !== gen) return; // replaced by a newer trace or answer
    const fs = files();
    const p = (resp.trace?.places || []).find((q) => q.workspace && q.line > 0 && Object.hasOwn(fs, q.file));
    if (!p) {
      tell(resp.trace?.error ? `Output line ${n}: ${resp.trace.error}.` : `No source line of the workspace feeds output line ${n}.`, !!resp.trace?.error);
      return;
    }
    goto(p.file, p.line, 1);
    tell(`Output line ${n} comes from ${p.file}:${p.line}.`);
    performance.mark("kubecfg:compare-traced", { detail: { line: n, file: p.file, sourceLine: p.line } });
  }

  intro();

  return {
    pin,
    /** shown is told of each answer on the page: with a baseline, it is compared after it is painted. */
    shown(request, resp, from = "") {
      buttons();
      // A run that failed leaves the last comparison, greyed as the output is.
      const failed = !!base && !from && !!resp && (resp.exitCode ?? 0) !== 0;
      panel.classList.toggle("stale", failed);
      if (!base || from || !comparable(request, resp)) return;
      const t0 = performance.now();
      const g = gen;
      if (!base.variant) {
        later(() => { if (g === gen) compare(request, resp, t0); });
        return;
      }
      // A variant is a run of the engine: once typing pauses, so that
      // an edit seldom waits behind it in the engine's worker.
      clearTimeout(variantTimer);
      variantTimer = setTimeout(() => { if (g === gen && current()?.resp === resp) variantThen(request, resp, t0); }, variantPauseMs);
    },
  };
}
