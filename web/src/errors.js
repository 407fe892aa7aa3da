// The errors pane above the output (#errors on the playground and on the
// embed page): what a failed run says, as text, never as HTML. The
// playground shows each diagnostic with its place as a button that goes
// there; the embed page shows the CLI's error text as it is.

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

/**
 * showDiagnostics fills box with a response's diagnostics (the
 * playground): each one's place (a button that calls goto(path, line,
 * column), path being the workspace file or ""), message and hint; the
 * stderr text when there are none. A run that succeeded without
 * diagnostics hides the box.
 */
export function showDiagnostics(box, resp, { files, goto }) {
  box.replaceChildren();
  const diags = resp.diagnostics || [];
  if ((resp.exitCode ?? 0) === 0 && !diags.length) { box.hidden = true; return; }
  for (const d of diags) {
    const path = workspacePath(files, d.file);
    if (d.line) {
      const loc = document.createElement("button");
      loc.type = "button";
      loc.className = "loc";
      loc.textContent = `${path || d.file}:${d.line}:${d.column || 1}`;
      loc.setAttribute("aria-label", `Go to ${loc.textContent}`);
      loc.addEventListener("click", () => goto(path, d.line, d.column));
      box.append(loc);
    }
    box.append(pre(d.message));
    if (d.hint) box.append(pre(d.hint, "hint"));
  }
  if (!diags.length && resp.stderr) box.append(pre(resp.stderr));
  box.hidden = false;
}

/**
 * showFailure fills box with a failed run's error text (the embed page):
 * stderr, or else the diagnostics' messages; it hides the box when the
 * run succeeded. It reports whether the run failed.
 */
export function showFailure(box, resp) {
  box.replaceChildren();
  const failed = (resp.exitCode ?? 0) !== 0;
  if (failed) box.append(pre(resp.stderr || (resp.diagnostics || []).map((d) => d.message).join("\n")));
  box.hidden = !failed;
  return failed;
}

/** showStopped shows that a run was stopped (the watchdog) or ended with the engine (a crash). */
export function showStopped(box, sentence) {
  box.replaceChildren(pre(sentence, "timeout"));
  box.hidden = false;
}
