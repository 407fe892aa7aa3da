// The errors pane above the output (#errors on the playground and on the
// embed page): what a failed run says, as text, never as HTML. The
// playground shows the CLI's error text with each place in the workspace
// as a button that goes there; the embed page shows the text as it is.

/** workspacePath maps a diagnostic's file to a path of files (an object path → text), or "". */
export function workspacePath(files, file) {
  if (!file) return "";
  let f = file.replace(/^file:\/\//, "");
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

// A place in an error text: a file (a file:// URL as the CLI prints it, an
// internal:/// one, or a plain path at the start of a word) and
// :line:column, with an optional -endColumn, or :(line:column)-(line:column).
const placeRe = /(file:\/\/\S*?|internal:\/\/\S*?|(?<=^|[\s("'`])[^\s:()"'`]+?)(?::(\d+):(\d+)(?:-\d+)?|:\((\d+):(\d+)\)-\(\d+:\d+\))/g;

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
 * linkedText returns the nodes of text with every place in a workspace
 * file (files: path → text) as a button that calls goto(path, line,
 * column), named by the path as typed (a file URL's escapes undone); a
 * place in internal:/// or outside the workspace stays text. Without goto
 * a workspace place is text too, still named by the path as typed. links
 * counts the places named so; past maxPlaces of them the rest stay in the
 * text as it is, counted by more.
 */
export function linkedText(text, files, goto) {
  const nodes = [];
  let links = 0;
  let more = 0;
  let at = 0;
  for (const m of text.matchAll(placeRe)) {
    const file = m[1];
    if (file.startsWith("internal:")) continue;
    let name = file.replace(/^file:\/\//, "");
    if (file.startsWith("file:")) {
      try { name = decodeURIComponent(name); } catch { /* not an escaped URL: as it is */ }
    }
    const path = workspacePath(files, name);
    if (!path) continue;
    if (links >= maxPlaces) {
      more++;
      continue;
    }
    const line = Number(m[2] ?? m[4]);
    const column = Number(m[3] ?? m[5]);
    if (m.index > at) nodes.push(document.createTextNode(text.slice(at, m.index)));
    links++;
    at = m.index + m[0].length;
    if (!goto) {
      nodes.push(document.createTextNode(path + m[0].slice(file.length)));
      continue;
    }
    const loc = document.createElement("button");
    loc.type = "button";
    loc.className = "loc";
    loc.textContent = path + m[0].slice(file.length);
    // The name holds the text shown (a range's end included), as axe's
    // label-content-name-mismatch asks: voice control users say what they see.
    loc.setAttribute("aria-label", `Go to ${loc.textContent}`);
    loc.addEventListener("click", () => goto(path, line, column));
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
 * showDiagnostics fills box with a failed response's error (the
 * playground): the whole error text as the CLI prints it (stderr), every
 * place in a workspace file a button that calls goto(path, line, column),
 * and the diagnostics' hints the text lacks; without stderr, each
 * diagnostic's place, message and hint. A run that succeeded without
 * diagnostics hides the box.
 */
export function showDiagnostics(box, resp, { files, goto }) {
  box.replaceChildren();
  const diags = resp.diagnostics || [];
  if ((resp.exitCode ?? 0) === 0 && !diags.length) { box.hidden = true; return; }
  if (resp.stderr) {
    const { nodes, links, more } = linkedText(resp.stderr.replace(/\n+$/, ""), files, goto);
    // A diagnostic whose place the text does not give as a file:line:col
    // (a message located from its data) keeps its own button, first.
    const d = diags[0];
    const path = d ? workspacePath(files, d.file) : "";
    if (!links && d?.line && path) box.append(placeButton(path, d, goto));
    const text = pre("", "stderr");
    appendAll(text, nodes);
    box.append(text);
    if (more) box.append(morePlaces(more));
    for (const hint of new Set(diags.slice(0, maxPlaces).map((x) => x.hint))) if (hint && !resp.stderr.includes(hint)) box.append(pre(hint, "hint"));
    box.hidden = false;
    return;
  }
  for (const d of diags.slice(0, maxPlaces)) {
    const path = workspacePath(files, d.file);
    if (d.line) box.append(placeButton(path, d, goto));
    box.append(pre(d.message));
    if (d.hint) box.append(pre(d.hint, "hint"));
  }
  if (diags.length > maxPlaces) box.append(morePlaces(diags.length - maxPlaces));
  box.hidden = false;
}

/**
 * showFailure fills box with a failed run's error text (the embed page):
 * stderr (places in files, a map path → text, named by the path as typed),
 * or else the diagnostics' messages; it hides the box when the
 * run succeeded. It reports whether the run failed.
 */
export function showFailure(box, resp, files = {}) {
  box.replaceChildren();
  const failed = (resp.exitCode ?? 0) !== 0;
  if (failed && resp.stderr) {
    // The snippet's places named by its file name as typed, as text.
    const text = pre("");
    appendAll(text, linkedText(resp.stderr, files, null).nodes);
    box.append(text);
  } else if (failed) box.append(pre((resp.diagnostics || []).map((d) => d.message).join("\n")));
  box.hidden = !failed;
  return failed;
}

/** showStopped shows that a run was stopped (the watchdog) or ended with the engine (a crash). */
export function showStopped(box, sentence) {
  box.replaceChildren(pre(sentence, "timeout"));
  box.hidden = false;
}
