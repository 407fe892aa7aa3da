// The playground page's controls, the CLI's flags: Command, Output format,
// Expression (eval -e), --alpha (in the Features panel), the ext vars and
// TLAs (the Variables panel), and the Run button with its key, Ctrl-Enter
// (Cmd-Enter on a Mac).

const varKinds = ["extStr", "extCode", "tlaStr", "tlaCode"];

/**
 * renderControls shows the controls c (state.js blankControls' shape) in
 * els: command, output, expr, alpha, and vars (extStr, extCode, tlaStr,
 * tlaCode: the textareas).
 */
export function renderControls(els, c) {
  els.command.value = c.command;
  els.output.value = c.output;
  els.expr.value = c.expr;
  els.expr.disabled = c.command !== "eval";
  els.alpha.checked = c.alpha;
  for (const k of varKinds) els.vars[k].value = c.vars[k];
}

/**
 * bindControls makes the controls in els (renderControls' and run, the
 * button; keys, the element whose Ctrl-Enter runs) change the workspace's
 * controls. deps: controls() is the page state's controls, changed() is
 * called after each change, runNow() runs the workspace, evalEnabled()
 * says whether the engine has the eval feature on, rerender() shows the
 * page state's controls again, tell(text) is the status line's notice.
 */
export function bindControls(els, { controls, changed, runNow, evalEnabled, rerender, tell }) {
  els.command.addEventListener("change", (e) => { controls().command = e.target.value; els.expr.disabled = e.target.value !== "eval"; changed(); });
  els.output.addEventListener("change", (e) => {
    const c = controls();
    c.output = e.target.value;
    if (c.output === "jsonnet" && c.command !== "eval") {
      // The compiled view is `kubecfg eval FILE.yakl -o jsonnet`.
      c.command = "eval";
      if (!evalEnabled()) c.features.eval = true;
      rerender();
      tell("The compiled view is kubecfg eval -o jsonnet: switched the command to eval.");
    }
    changed();
  });
  els.expr.addEventListener("input", (e) => { controls().expr = e.target.value; changed(); });
  els.alpha.addEventListener("change", (e) => { controls().alpha = e.target.checked; changed(); });
  for (const k of varKinds) {
    els.vars[k].addEventListener("input", (e) => { controls().vars[k] = e.target.value; changed(); });
  }
  els.run.addEventListener("click", () => runNow());
  els.keys.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" && (ev.ctrlKey || ev.metaKey) && !ev.defaultPrevented) { ev.preventDefault(); runNow(); }
  });
}
