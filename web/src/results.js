// Running the workspace on the playground page and showing the answer:
// the output, the command line, the errors pane, the editor's
// diagnostics, the features table, the status line, and the compiled
// view's line mapping (a .yakl entry shown as -o jsonnet: hovering a line
// on either side lights up its pair). While the engine starts, the page
// shows an answer it already has (saved.js): the engine's answer to the
// same request on an earlier visit, or the build's answer to the first
// example. The engine's latest answer is saved a second after it arrives
// (or when the page goes away), not on every keystroke.
import { stoppedSentence, seconds, firstRunMs } from "./runner.js";
import * as store from "./state.js";
import { buildLineMap } from "./linemap.js";
import { saveResult, savedResult, prerenderedResult } from "./saved.js";
import { showDiagnostics, showStopped, showEmpty, workspacePath, exprFile } from "./errors.js";

/** errorPauseMs is the pause in typing after which a new error shows in the errors pane. */
export const errorPauseMs = 800;

// isEmpty says whether a request's entry is an empty file (its run fails
// with a parse error that is no mistake yet).
const isEmpty = (request) => !!request?.entry && typeof request.files?.[request.entry] === "string" && /^\s*$/.test(request.files[request.entry]) && !request.exec;

/**
 * RunResponse is the engine's answer (the envelope's Response, generated
 * from the Go types in envelope.gen.js) as the runner hands it over, with
 * its wall time.
 * @typedef {import("./envelope.gen.js").Response & { wallMs?: number }} RunResponse
 */

/** @param {RunResponse} resp */
function firstLine(resp) {
  const d = resp.diagnostics?.[0];
  return (d?.message || resp.stderr || "").split("\n")[0];
}

/**
 * results runs the page state and shows its answers. els: command (the
 * command line's code element), errors (the errors pane), view (the
 * output view's element, greyed while its output is stale) and staleNote
 * (the line that says so). deps:
 * state() is the page state, editor and output the two views, status the
 * status line (status.js), features the features panel
 * (features-panel.js), openFile(path) opens a workspace file, traced
 * the trace's marks (provenance.js), told of each answer shown. els.stop,
 * when given, is the Stop button: shown while a run has taken a second;
 * els.progress, the engine's download shown in an empty output pane.
 * stamp() names the state a request is made from ({ id, rev }:
 * tab-workspace.js), saved with its answer for the boot script. expr, the
 * Expression box (expr-editor.js), marks the diagnostics placed in it
 * (file exprFile). fix(it) carries out an error's one-click fix
 * (errors.js fixesFor). after(request, resp, from), when given, is told
 * of each answer shown (after(null) when the page has none): the
 * Validate switch's check (validate.js) follows it.
 *
 * A workspace's first run on the page (after it was entered: forget) at
 * the default Time limit gets firstRunMs instead, as a first run pays
 * for caches that later runs find filled (2,000 ConfigMaps take 8.7 s
 * in the page the first time); when it took longer than the default,
 * the workspace's Time limit is raised to the menu's shortest that fits
 * it with room to spare, and limitRaised(seconds, ms) is told, to say so.
 * A failure within the default does not count: the first run is the
 * first answer that succeeds or takes longer (or that the watchdog
 * stops), once.
 */
export function results(els, { state, editor, output, status, features, openFile, traced, stamp = () => null, limitRaised = () => {}, expr = null, fix = null, after = () => {} }) {
  let runner = null;
  let engineReady = false;
  let lastResponse = null;
  let lineMap = null;
  let timer = 0;
  // Where the answer on the page came from: "" (the engine), "saved" or "build".
  let showing = "";
  let unsaved = null;
  let saveTimer = 0;
  const stamps = new WeakMap(); // request → the stamp of the state it was made from
  let startingFull = false; // the status line says the full engine is on its way
  let firstRun = true; // no engine answer yet for the workspace on the page
  let extra = []; // diagnostics of the answer's check (setExtra: validate.js)

  // schedule runs the workspace as soon as this turn of the event loop is
  // over (changes made together run once). There is no debounce: the
  // runner keeps one run in flight and only the newest edit queued, so
  // typing into a slow program costs no more runs than it can finish.
  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(() => runNow({ edit: true }), 0);
  }

  // While you type (typed()), a new error waits for a pause before the
  // errors pane shows it (the editor's squiggle is drawn at once): a word
  // typed half way is no error worth a flash. An answer that succeeds, the
  // error already shown, and a run you asked for (Run, Ctrl-Enter) show at
  // once. The status line's "Failed" waits with the pane (late, when
  // given, says it when the pause comes); showErrors says whether the
  // error waits.
  let lastEdit = -Infinity;
  let errorsTimer = 0;
  let shownError = "";
  /** @param {RunResponse} resp */
  function showErrors(resp, request, late = null) {
    clearTimeout(errorsTimer);
    const failed = (resp.exitCode ?? 0) !== 0;
    if (failed && isEmpty(request)) {
      shownError = "";
      delete els.errors.dataset.pending;
      showEmpty(els.errors, request.entry);
      return false;
    }
    const text = failed ? resp.stderr || JSON.stringify(resp.diagnostics || []) : "";
    const wait = lastEdit + errorPauseMs - performance.now();
    const draw = () => {
      shownError = text;
      delete els.errors.dataset.pending;
      showDiagnostics(els.errors, resp, { files: state().files, goto, fix });
    };
    if (failed && text !== shownError && wait > 0) {
      els.errors.dataset.pending = "error"; // for tests: an error waits for the pause
      errorsTimer = setTimeout(() => {
        if (lastResponse !== resp) return;
        draw();
        late?.();
      }, wait);
      return true;
    }
    draw();
    return false;
  }

  // runNow runs the workspace. Before the engine is ready the run waits in
  // the runner's queue and goes to the worker the moment it is (a newer
  // edit replaces it), so the first result does not wait on this thread.
  async function runNow({ edit = false } = {}) {
    if (!edit) lastEdit = -Infinity; // asked for: its error shows at once
    clearTimeout(timer);
    timer = 0;
    if (!runner) return; // start() runs the workspace once it has made the runner
    const request = store.toRequest(state(), runner.version);
    stamps.set(request, stamp());
    runner.setLimit(limitMs());
    if (engineReady) status.run("Evaluating…", false, { keep: true });
    else if (!lastResponse) {
      const saved = savedResult(runner.build(), request);
      const built = saved ? null : prerenderedResult(request);
      if (saved) show(saved, request, { from: "saved" });
      else if (built) show(built, request, { from: "build" });
    } else if (showing) status.run("Loading the engine… The output is from before your edit.", false, { keep: true });
    let resp;
    const ticking = engineReady ? tick() : null;
    try {
      resp = await runner.run(request);
    } catch (err) {
      untick(ticking);
      const stopped = stoppedSentence(err);
      if (stopped) {
        stop(stopped, err);
        return;
      }
      if (engineReady) status.run(`The engine failed: ${err.message}`, true); // else start() says why
      return;
    }
    untick(ticking);
    if (!resp) return; // superseded by a newer edit
    show(resp, request);
  }

  // limitMs is the Time limit of the page state, or the page's default.
  function limitMs() {
    const s = Number(state().controls.timeLimit) || 0;
    if (s > 0) return s * 1000;
    return firstRun ? Math.max(firstRunMs, runner.defaultTimeoutMs) : runner.defaultTimeoutMs;
  }

  // fitLimit raises the workspace's Time limit after its first run, when
  // that took ms, past the default: to the menu's shortest limit of at
  // least 1.5 times ms (the longest when none is).
  function fitLimit(ms) {
    const c = state().controls;
    if ((Number(c.timeLimit) || 0) > 0 || !(ms > runner.defaultTimeoutMs)) return;
    const menu = store.timeLimits.filter((t) => t > 0);
    const fit = menu.find((t) => t * 1000 >= ms * 1.5) || menu[menu.length - 1];
    c.timeLimit = fit;
    runner.setLimit(limitMs());
    limitRaised(fit, ms);
  }

  // tick starts the clock of a run: after a second the status line counts
  // its seconds against the limit and the Stop button shows, until untick.
  let clock = null;
  function tick() {
    clearInterval(clock?.interval);
    const t0 = performance.now();
    const me = { interval: 0, limit: seconds(runner.opts.timeoutMs) };
    me.interval = setInterval(() => {
      if (els.stop) els.stop.hidden = false;
      status.run(`Evaluating… ${seconds(Math.floor((performance.now() - t0) / 1000) * 1000)} of the ${me.limit} limit.`, false, { keep: true });
    }, 1000);
    clock = me;
    return me;
  }

  function untick(me) {
    if (!me) return;
    clearInterval(me.interval);
    if (clock !== me) return; // a newer run's clock is going
    clock = null;
    if (els.stop) els.stop.hidden = true;
  }

  // stop says that a run was stopped (err a TimeoutError: the watchdog, or
  // the user) or ended with the engine (a crash), in the errors pane and
  // the status line.
  function stop(sentence, err) {
    firstRun = false;
    lastResponse = null;
    lineMap = null;
    traced.shown(null, null);
    const raise = err?.kind === "timeout" && err.reason === "limit" ? " A program that needs longer is not a runaway: raise the Time limit next to Run." : "";
    clearTimeout(errorsTimer);
    shownError = "";
    delete els.errors.dataset.pending;
    showStopped(els.errors, sentence + raise);
    after(null);
    // The output of the last run that finished stays, greyed and marked
    // stale: it is not the stopped program's.
    if (output.text && els.view) {
      els.view.classList.add("stale");
      if (els.staleNote) els.staleNote.hidden = false;
    }
    status.run(sentence + raise, true);
    status.finished();
  }

  function saveLater(request, resp) {
    unsaved = { build: runner.build(), request, resp, stamp: stamps.get(request) };
    clearTimeout(saveTimer);
    saveTimer = setTimeout(saveNow, 1000);
  }

  function saveNow() {
    clearTimeout(saveTimer);
    if (unsaved) saveResult(unsaved.build, unsaved.request, unsaved.resp, undefined, unsaved.stamp);
    unsaved = null;
  }

  // show puts a response on the page: the engine's, or one shown while the
  // engine starts: from "saved", the answer the engine gave to the same
  // request on an earlier visit; from "build", the answer to the first
  // example computed when the site was built.
  /** @param {RunResponse} resp */
  function show(resp, request, { from = "" } = {}) {
    startingFull = false;
    const early = from !== ""; // not the engine's own answer to this visit
    lastResponse = resp;
    showing = from;
    const ok = (resp.exitCode ?? 0) === 0;
    // A failed run with nothing to show keeps the last output on the page,
    // greyed and marked stale beside the error, so typing a line does not
    // blank the output at every keystroke that leaves the program broken.
    const keepOld = !ok && !resp.output && !!output.text;
    els.view?.classList.toggle("stale", keepOld);
    if (els.staleNote) els.staleNote.hidden = !keepOld;
    if (!keepOld) output.set(resp.output || "", request.output === "json" ? "json" : request.output === "jsonnet" ? "jsonnet" : "yaml");
    traced.shown(request, resp);
    els.command.textContent = resp.command || ""; // the engine writes it (kubecfg.Invocation.CommandLine)
    const ms = resp.timings?.totalMs ?? resp.wallMs ?? 0;
    const t = ms < 10 ? ms.toFixed(1) : Math.round(ms);
    const failedLine = () => status.run(`Failed (exit ${resp.exitCode}) in ${t} ms: ${firstLine(resp)}`, true);
    const waits = showErrors(resp, request, failedLine);
    if (resp.features && resp.features.length) features.set(resp.features);
    lineMap = ok && request.output === "jsonnet" && request.entry.endsWith(".yakl")
      ? buildLineMap(request.files[request.entry], resp.output) : null;
    drawDiagnostics();
    if (from === "saved") status.run(`Showing the result saved from your last visit (${ok ? "evaluated" : `failed, exit ${resp.exitCode},`} in ${t} ms); the engine is starting…`, !ok, { keep: true });
    else if (from === "build") status.run("Showing this example's result as computed when the playground was built; the engine is starting…", !ok, { keep: true });
    else if (ok) status.run(`Evaluated in ${t} ms.`);
    else if (isEmpty(request)) status.run(`${request.entry} is empty.`);
    else if (waits) status.run("Typing: an error shows when you pause.");
    else failedLine();
    const mark = (name) => performance.getEntriesByName(name).length || performance.mark(name, { detail: { wallMs: resp.wallMs, totalMs: resp.timings?.totalMs, from } });
    mark("kubecfg:first-result");
    if (!early) {
      mark("kubecfg:first-engine-result");
      saveLater(request, resp);
      // A quick failure (a folder opened before its -J) leaves the first
      // run to the next answer, which pays for the caches:
      // kube-prometheus's, with -J vendor, takes 10 s.
      if (firstRun && (ok || (resp.wallMs ?? ms) > runner.defaultTimeoutMs)) {
        firstRun = false;
        fitLimit(resp.wallMs ?? ms);
      }
    }
    status.finished();
    after(request, resp, from);
  }

  // goto is an error's place, clicked in the errors pane.
  function goto(path, line, column) {
    if (path === exprFile) return expr?.goto(column);
    if (path && path !== state().active) openFile(path);
    editor.goto(line, column);
  }

  function drawDiagnostics() {
    const s = state();
    const diags = [...lastResponse?.diagnostics || [], ...extra].filter((d) => workspacePath(s.files, d.file) === s.active);
    editor.setDiagnostics(diags);
    expr?.setDiagnostics((lastResponse?.diagnostics || []).filter((d) => d.file === exprFile));
  }

  function mappingActive() {
    return lineMap && state().active === state().entry;
  }

  return {
    /** runner is the engine's runner (runner.js), once the page has one. */
    get runner() { return runner; },
    set runner(r) { runner = r; },
    /** limitChanged applies the page state's Time limit, to the run in progress too. */
    limitChanged() {
      if (!runner) return;
      runner.setLimit(limitMs());
      if (clock) clock.limit = seconds(runner.opts.timeoutMs);
    },
    /** stop ends the run in progress (the Stop button). */
    stop() { runner?.stop(); },
    /** startingFull records that the status line says the full engine is on its way. */
    startingFull() { startingFull = true; },
    /**
     * started is told that an engine's worker is ready (runner.js
     * onReady): when the page was saying the full engine is on its way
     * and no run's status has replaced that, it says that it started.
     */
    started() {
      if (!startingFull) return;
      startingFull = false;
      status.run("Started the full engine.", false, { keep: true });
    },
    /** ready records that the engine has started: runs now say "Evaluating…". */
    ready() {
      engineReady = true;
      if (els.progress) els.progress.hidden = true;
    },
    /**
     * progress shows how an engine's download goes (runner.js onProgress):
     * on the status line, and above an empty output pane while the page
     * has nothing to show.
     */
    progress({ loaded, total, done }) {
      const mb = (n) => (n / 1e6).toFixed(1);
      const full = engineReady; // the full engine, loaded for a run that needs it
      const what = full ? "the full engine" : "the engine";
      // (The bytes counted are the engine's, after the transfer's
      // compression: no size is said for the full engine, whose total is
      // not known, lest it read as the download's.)
      const text = done ? `Starting ${what}…`
        : total ? `Downloading ${what}: ${mb(loaded)} of ${mb(total)} MB (${Math.min(99, Math.floor(100 * loaded / total))}%)…`
          : full ? `Downloading ${what}…` : `Downloading ${what}: ${mb(loaded)} MB…`;
      if (full) startingFull = true;
      if (full || !showing) status.run(text, false, { keep: true });
      const bar = els.progress;
      if (!bar || full) return;
      bar.hidden = !!lastResponse || !!output.text;
      const meter = bar.querySelector("progress");
      if (total) {
        meter.max = total;
        meter.value = Math.min(loaded, total);
      } else meter.removeAttribute("value");
      bar.querySelector("span").textContent = text;
    },
    /**
     * forget clears the answer on the page, when the page goes to another
     * workspace: a first run of it that fails does not show the output
     * of the one before as its own stale output.
     */
    forget() {
      firstRun = true;
      if (!lastResponse && !output.text) return;
      lastResponse = null;
      lineMap = null;
      output.set("", "yaml");
      els.view?.classList.remove("stale");
      if (els.staleNote) els.staleNote.hidden = true;
      els.errors.replaceChildren();
      els.errors.hidden = true;
      traced.shown(null, null);
      after(null);
    },
    /** lastResponse is the answer on the page, or null. */
    get lastResponse() { return lastResponse; },
    /** showing is where the answer on the page came from: "" (the engine), "saved" or "build". */
    get showing() { return showing; },
    schedule,
    runNow,
    /** typed records a keystroke in the editor or the Expression box (its error waits for a pause). */
    typed() {
      lastEdit = performance.now();
      clearTimeout(errorsTimer); // an error of the text before this keystroke stays unshown
    },
    /** saveNow saves the engine's latest answer at once. */
    saveNow,
    /** drawDiagnostics draws the answer's diagnostics of the open file in the editor. */
    drawDiagnostics,
    /** setExtra draws diags (the answer's check: validate.js) with the answer's own. */
    setExtra(diags) {
      extra = diags;
      drawDiagnostics();
    },
    /** showErrors shows a failed answer's diagnostics in the errors pane (an export's, say). */
    showErrors(resp) {
      clearTimeout(errorsTimer);
      shownError = "";
      delete els.errors.dataset.pending;
      showDiagnostics(els.errors, resp, { files: state().files, goto, fix });
    },
    /** goto opens path (when it is not open) and puts the cursor at line:column. */
    goto,
    /** mapFromSource lights up source line n and its output line (0: none). */
    mapFromSource(n) {
      const out = mappingActive() && n ? lineMap.toOutput.get(n) || 0 : 0;
      output.highlightLine(out, true); // scrolled to when off screen
      editor.highlightLine(out ? n : 0); // both ends of the pair light up
    },
    /** mapFromOutput lights up output line n and its source line (0: none). */
    mapFromOutput(n) {
      const src = mappingActive() && n ? lineMap.toSource.get(n) || 0 : 0;
      editor.highlightLine(src, true);
      output.highlightLine(src ? n : 0); // both ends of the pair light up
    },
  };
}
