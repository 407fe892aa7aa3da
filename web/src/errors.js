// The errors pane above the output (#errors on the playground and on the
// embed page): what a failed run says, as text, never as HTML. The
// playground shows the CLI's error text with each place of the error in
// the workspace as a button that goes there; the embed page shows the text
// as it is. The places are the engine's data (the diagnostics' frames),
// never read out of the text.

/**
 * exprFile is the file of a diagnostic placed in eval's -e expression
 * (pkg/playground ExprFile): its line and column are the expression's.
 */
export const exprFile = "(expression)";

/** workspacePath maps a diagnostic's file to a path of files (an object path → text), or "". */
export function workspacePath(files, file) {
  if (!file) return "";
  let f = file.startsWith("file://") ? file.slice("file://".length) : file;
  if (Object.hasOwn(files, f)) return f;
  let best = "";
  for (const p of Object.keys(files)) {
    if ((f === p || f.endsWith("/" + p)) && p.length > best.length) best = p;
  }
  return best;
}

function pre(text, className = "") {
  const el = document.createElement("pre");
  if (className) el.className = className;
  el.textContent = text;
  return el;
}

/**
 * maxPlaces is the most places an errors pane makes into buttons (or,
 * without an error text, lists): an error that names 100,000 places
 * shows the first ones so and says how many more there are.
 */
export const maxPlaces = 200;

// appendAll appends nodes to el one by one: a spread into append() of an
// unbounded list passes V8's limit on a call's arguments.
function appendAll(el, nodes) {
  for (const n of nodes) el.append(n);
}

// morePlaces is the line that says how many places were left out.
const morePlaces = (n) => pre(`… and ${n} more place${n === 1 ? "" : "s"}.`, "hint more-places");

/**
 * framePlaces finds where text names each of frames' places: a frame with
 * a place (line) and its text as the error text prints it (text: the
 * engine's diag.Frame.Text), looked for after the one before, so the
 * places come in the text's order, as the engine lists them. It returns {
 * start, end, frame } for each place found; nothing in text is read as a
 * place unless a frame says it is one.
 */
export function framePlaces(text, frames) {
  const out = [];
  let at = 0;
  for (const frame of frames) {
    if (!frame?.line || !frame.text) continue;
    const i = text.indexOf(frame.text, at);
    if (i < 0) continue;
    out.push({ start: i, end: i + frame.text.length, frame });
    at = i + frame.text.length;
  }
  return out;
}

// frameName is a frame's file as a name of the workspace: a file URL's
// path, its escapes undone.
function frameName(file) {
  if (!file.startsWith("file://")) return file;
  const name = file.slice("file://".length);
  try { return decodeURIComponent(name); } catch { return name; } // not an escaped URL: as it is
}

/**
 * linkedText returns the nodes of text with every place of frames (the
 * response's diagnostics' frames, drawn from that data: framePlaces) that
 * is in a workspace file (files: path → text) as a button that calls
 * goto(path, line, column), named by the path as typed (a file URL's
 * escapes undone); a place in internal:/// or outside the workspace stays
 * text. Without goto a workspace place is text too, still named by the
 * path as typed. links counts the places named so; past maxPlaces of them
 * the rest stay in the text as it is, counted by more. A place of eval's
 * wrapper of -e's expression (a frame marked wrapper, named as the input)
 * is no place in that file: it goes to the Expression box (goto(exprFile,
 * line, column)) when it is in the expression, else it stays text.
 */
export function linkedText(text, files, goto, frames = []) {
  const nodes = [];
  let links = 0;
  let more = 0;
  let at = 0;
  for (const { start, end, frame } of framePlaces(text, frames)) {
    // A yakl: import's place: the scheme stays text, the file is linked.
    const frameFile = frame.file || ""; // a place without a file is no workspace place
    const scheme = frameFile.startsWith("yakl:") ? "yakl:".length : 0;
    const yakl = scheme && text.startsWith("yakl:", start) ? scheme : 0;
    const file = frameFile.slice(scheme);
    if (!file || file.startsWith("internal:")) continue;
    const path = workspacePath(files, frameName(file));
    if (!path) continue;
    if (links >= maxPlaces) {
      more++;
      continue;
    }
    if (frame.wrapper && (!frame.expr || !goto)) continue; // the text as it is
    const placeText = text.slice(start + yakl, end);
    if (start + yakl > at) nodes.push(document.createTextNode(text.slice(at, start + yakl)));
    links++;
    at = end;
    // The path as typed, then the place's line and column as the text
    // names them; a text that does not name the frame's file first (no
    // producer writes one) is shown as it is.
    const shown = placeText.startsWith(file) ? path + placeText.slice(file.length) : placeText;
    if (!goto) {
      nodes.push(document.createTextNode(shown));
      continue;
    }
    const loc = document.createElement("button");
    loc.type = "button";
    loc.className = "loc";
    if (frame.wrapper) {
      // kubecfg's text names the wrapper's place; the button goes to the
      // same place in the Expression box.
      loc.textContent = placeText;
      loc.setAttribute("aria-label", `Go to ${placeText}: the Expression, column ${frame.expr.column}`);
      loc.addEventListener("click", () => goto(exprFile, frame.expr.line, frame.expr.column));
      nodes.push(loc);
      continue;
    }
    loc.textContent = shown;
    // The name holds the text shown (a range's end included), as axe's
    // label-content-name-mismatch asks: voice control users say what they see.
    loc.setAttribute("aria-label", `Go to ${loc.textContent}`);
    loc.addEventListener("click", () => goto(path, frame.line, frame.column));
    nodes.push(loc);
  }
  if (at < text.length) nodes.push(document.createTextNode(text.slice(at)));
  return { nodes, links, more };
}

function placeButton(path, d, goto) {
  const loc = document.createElement("button");
  loc.type = "button";
  loc.className = "loc";
  loc.textContent = `${path || d.file}:${d.line}:${d.column || 1}`;
  loc.setAttribute("aria-label", `Go to ${loc.textContent}`);
  loc.addEventListener("click", () => goto(path, d.line, d.column));
  return loc;
}

/**
 * fixesFor lists the one-click fixes a failed response's error offers:
 * { label, fix } where fix is { feature } (a feature gate's error, kind
 * "gate": turn its feature on) or { command: "eval" } (show found no
 * object where it looked for one inside the input's object: eval shows
 * any value there). The engine's data says which, not the error's text.
 * @param {import("./envelope.gen.js").Response} resp
 */
export function fixesFor(resp) {
  if ((resp.exitCode ?? 0) === 0) return [];
  const diags = resp.diagnostics || [];
  const out = [];
  const gates = new Set();
  for (const d of diags) {
    if (d.kind === "gate" && d.feature && !gates.has(d.feature)) {
      gates.add(d.feature);
      out.push({ label: `Turn on ${d.feature}`, fix: { feature: d.feature } });
    }
  }
  // The engine marks show's error for a value eval prints (not at "$":
  // eval's wrapper takes only an object, as kubecfg's does).
  if (diags.some((d) => d.offerEval)) {
    out.push({ label: "Switch to eval", fix: { command: "eval" } });
  }
  return out;
}

// fixButtons are the buttons of a response's fixes (fixesFor), each
// calling fix(it).
function fixButtons(resp, fix) {
  if (!fix) return [];
  return fixesFor(resp).map(({ label, fix: it }) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "fix";
    b.textContent = label;
    b.addEventListener("click", () => fix(it));
    return b;
  });
}

/**
 * showDiagnostics fills box with a failed response's error (the
 * playground): the whole error text as the CLI prints it (stderr), every
 * place in a workspace file a button that calls goto(path, line, column),
 * and the diagnostics' hints the text lacks; without stderr, each
 * diagnostic's place, message and hint. A run that succeeded without
 * diagnostics hides the box. With fix, the error's one-click fixes
 * (fixesFor) follow as buttons that call fix(it).
 * @param {HTMLElement} box
 * @param {import("./envelope.gen.js").Response} resp
 */
export function showDiagnostics(box, resp, { files, goto, fix = null }) {
  box.replaceChildren();
  const diags = resp.diagnostics || [];
  if ((resp.exitCode ?? 0) === 0 && !diags.length) { box.hidden = true; return; }
  if (resp.stderr) {
    const { nodes, links, more } = linkedText(resp.stderr.replace(/\n+$/, ""), files, goto, diags.flatMap((x) => x.frames || []));
    // A diagnostic whose place the text does not give as a file:line:col
    // (a message located from its data) keeps its own button, first.
    const d = diags[0];
    const path = d ? workspacePath(files, d.file) : "";
    if (!links && d?.line && (path || d.file === exprFile)) box.append(placeButton(path || exprFile, d, goto));
    const text = pre("", "stderr");
    appendAll(text, nodes);
    box.append(text);
    if (more) box.append(morePlaces(more));
    for (const hint of new Set(diags.slice(0, maxPlaces).map((x) => x.hint))) if (hint && !resp.stderr.includes(hint)) box.append(pre(hint, "hint"));
    box.append(...fixButtons(resp, fix));
    box.hidden = false;
    return;
  }
  for (const d of diags.slice(0, maxPlaces)) {
    const path = workspacePath(files, d.file);
    if (d.line) box.append(placeButton(path || (d.file === exprFile ? exprFile : ""), d, goto));
    box.append(pre(d.message));
    if (d.hint) box.append(pre(d.hint, "hint"));
  }
  if (diags.length > maxPlaces) box.append(morePlaces(diags.length - maxPlaces));
  box.append(...fixButtons(resp, fix));
  box.hidden = false;
}

/**
 * showFailure fills box with a failed run's error text (the embed page):
 * stderr (places in files, a map path → text, named by the path as typed),
 * or else the diagnostics' messages; it hides the box when the
 * run succeeded. It reports whether the run failed.
 * @param {HTMLElement} box
 * @param {import("./envelope.gen.js").Response} resp
 */
export function showFailure(box, resp, files = {}) {
  box.replaceChildren();
  const failed = (resp.exitCode ?? 0) !== 0;
  if (failed && resp.stderr) {
    // The snippet's places named by its file name as typed, as text.
    const text = pre("");
    appendAll(text, linkedText(resp.stderr, files, null, (resp.diagnostics || []).flatMap((x) => x.frames || [])).nodes);
    box.append(text);
  } else if (failed) box.append(pre((resp.diagnostics || []).map((d) => d.message).join("\n")));
  box.hidden = !failed;
  return failed;
}

/**
 * showEmpty says, calmly, that the entry (name) is empty: what the run
 * failed of is no mistake yet.
 */
export function showEmpty(box, name) {
  box.replaceChildren(pre(`${name} is empty: write the program there (an object of Kubernetes objects for show, e.g. { cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } } }).`, "hint empty"));
  box.hidden = false;
}

/** showStopped shows that a run was stopped (the watchdog) or ended with the engine (a crash). */
export function showStopped(box, sentence) {
  box.replaceChildren(pre(sentence, "timeout"));
  box.hidden = false;
}
