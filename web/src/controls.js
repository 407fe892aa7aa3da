// The playground page's controls, the CLI's flags: Command, Output format,
// Expression (eval -e), --show-provenance, --alpha (in the Features
// panel), Validate and its Kubernetes version (beside the output), the
// ext vars and TLAs (the Variables panel), the export's file names (the
// Export panel), and the Run button with its key, Ctrl-Enter (Cmd-Enter
// on a Mac).
import { defaultExportNames, linesWithoutValue } from "./state.js";

const varKinds = ["extStr", "extCode", "tlaStr", "tlaCode"];

/**
 * renderControls shows the controls c (state.js blankControls' shape) in
 * els: command, output, expr, alpha, provenance (the --show-provenance
 * checkbox), exportNames and exportExt (the Export panel's inputs),
 * validate and k8sVersion (the Validate switch and the Kubernetes version
 * picker beside the output), exportNote (what it says when the command
 * is not show), timeLimit (the Time limit menu: seconds, "0" the page's
 * default), and vars (extStr, extCode, tlaStr, tlaCode: the textareas).
 */
export function renderControls(els, c) {
  els.command.value = c.command;
  els.output.value = c.output;
  els.expr.value = c.expr;
  els.alpha.checked = c.alpha;
  els.provenance.checked = c.showProvenance;
  els.exportNames.value = c.exportNames;
  els.exportExt.value = c.exportExt;
  els.exportNames.placeholder = defaultExportNames;
  showTimeLimit(els.timeLimit, c.timeLimit);
  if (els.validate) {
    els.validate.checked = c.validate;
    showOption(els.k8sVersion, c.kubernetesVersion);
  }
  for (const k of varKinds) {
    els.vars[k].value = c.vars[k];
    flagLines(els.vars[k]);
  }
  enableFor(els, c.command);
}

// showTimeLimit selects seconds (0: the default) in the Time limit menu,
// adding it when a link brought a limit the menu does not list.
function showTimeLimit(menu, seconds) {
  showOption(menu, String(Math.max(0, Number(seconds) || 0)), " s");
}

// showOption selects v in menu, adding it (its text v + unit) when the
// menu does not list it (a link's Kubernetes version this build lacks).
function showOption(menu, v, unit = "") {
  if (![...menu.options].some((o) => o.value === v)) menu.add(new Option(v + unit, v));
  menu.value = v;
}

// flagLines marks a variables box that has a line without "=", with a
// note under it that says what the page and the command line make of it.
function flagLines(box) {
  const missing = linesWithoutValue(box.value);
  let note = box.nextElementSibling?.classList.contains("var-note") ? box.nextElementSibling : null;
  if (missing.length === 0) {
    box.removeAttribute("aria-invalid");
    note?.remove();
    return;
  }
  if (!note) {
    note = box.ownerDocument.createElement("small");
    note.className = "var-note";
    note.id = box.id + "-note";
    box.after(note);
  }
  const { line, name } = missing[0];
  note.textContent = `Line ${line} (${name}) has no "=": here it is ${name} with an empty value; the command line would read $${name} from the environment.`;
  box.setAttribute("aria-invalid", "true");
  box.setAttribute("aria-describedby", note.id);
}

// enableFor enables the controls of command: -e for eval, show's flags for
// show (eval has none of them; the request leaves them out).
function enableFor(els, command) {
  els.expr.disabled = command !== "eval";
  if (command === "eval") exprOffer(els).hidden = true;
  const show = command === "show";
  for (const el of [els.provenance, els.exportNames, els.exportExt, els.exportRun, els.validate, els.k8sVersion]) if (el) el.disabled = !show;
  els.exportNote.hidden = show;
}

// exprOffer is the offer of eval shown when you type in the Expression box
// under show, made on first use: the box is eval's -e.
function exprOffer(els) {
  const field = els.expr.view.dom.parentElement;
  let offer = field.querySelector(".expr-offer");
  if (offer) return offer;
  offer = field.ownerDocument.createElement("p");
  offer.className = "offer expr-offer";
  offer.setAttribute("role", "status");
  offer.hidden = true;
  const yes = field.ownerDocument.createElement("button");
  yes.type = "button";
  yes.textContent = "Switch to eval";
  yes.addEventListener("click", () => {
    els.command.value = "eval";
    els.command.dispatchEvent(new Event("change"));
    els.expr.focus();
  });
  offer.append("The Expression is eval's -e: show takes none. ", yes);
  field.append(offer);
  return offer;
}

// autoEval is set while the eval feature is on because choosing eval (or
// the compiled view) turned it on: going back to show turns it off again.
let autoEval = false;

/**
 * bindControls makes the controls in els (renderControls' and run, the
 * button; keys, the element whose Ctrl-Enter runs) change the workspace's
 * controls. deps: controls() is the page state's controls, changed() is
 * called after each change, runNow() runs the workspace, traceKey()
 * traces the output line under the output's cursor, evalEnabled()
 * says whether the engine has the eval feature on, rerender() shows the
 * page state's controls again, tell(text) is the status line's notice,
 * limitChanged() applies a new Time limit.
 */
export function bindControls(els, { controls, changed, runNow, traceKey, evalEnabled, rerender, tell, limitChanged }) {
  els.command.addEventListener("change", (e) => {
    const c = controls();
    c.command = e.target.value;
    enableFor(els, c.command);
    if (c.command === "eval" && !evalEnabled() && c.features.eval !== false) {
      // kubecfg eval is behind the eval feature (RFC05): the choice turns it on.
      c.features.eval = true;
      autoEval = true;
      rerender();
      tell("kubecfg eval is the alpha feature eval: turned it on (--features=eval; the Features table can turn it off).");
    } else if (c.command === "show" && autoEval && c.features.eval === true) {
      // show needs no eval feature: the one the choice of eval set goes.
      delete c.features.eval;
      autoEval = false;
      rerender();
      tell("Back to show: turned the eval feature off again (the page had turned it on for eval).");
    }
    changed();
  });
  els.timeLimit.addEventListener("change", (e) => { controls().timeLimit = Number(e.target.value) || 0; limitChanged(); changed({ run: false }); });
  els.output.addEventListener("change", (e) => {
    const c = controls();
    c.output = e.target.value;
    if (c.output === "jsonnet" && c.command !== "eval") {
      // The compiled view is `kubecfg eval FILE.yakl -o jsonnet`.
      c.command = "eval";
      if (!evalEnabled()) {
        c.features.eval = true;
        autoEval = true;
      }
      rerender();
      tell("The compiled view is kubecfg eval -o jsonnet: switched the command to eval.");
    }
    changed();
  });
  els.expr.addEventListener("input", (e) => { controls().expr = e.target.value; changed(); });
  els.expr.addEventListener("blocked", () => { if (controls().command !== "eval") exprOffer(els).hidden = false; });
  els.alpha.addEventListener("change", (e) => { controls().alpha = e.target.checked; changed(); });
  els.provenance.addEventListener("change", (e) => { controls().showProvenance = e.target.checked; changed(); });
  els.validate?.addEventListener("change", (e) => { controls().validate = e.target.checked; changed(); });
  els.k8sVersion?.addEventListener("change", (e) => { controls().kubernetesVersion = e.target.value; changed(); });
  els.exportNames.addEventListener("input", (e) => { controls().exportNames = e.target.value; changed(); });
  els.exportExt.addEventListener("input", (e) => { controls().exportExt = e.target.value; changed(); });
  for (const k of varKinds) {
    els.vars[k].addEventListener("input", (e) => { controls().vars[k] = e.target.value; flagLines(e.target); changed(); });
  }
  els.run.addEventListener("click", () => runNow());
  els.keys.addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter" || !(ev.ctrlKey || ev.metaKey) || ev.defaultPrevented) return;
    ev.preventDefault();
    if (ev.shiftKey) traceKey(); // the trace's key, Ctrl/Cmd-Shift-Enter (editor.js traceKey)
    else runNow();
  });
}
