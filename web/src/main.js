// The playground page's start-up: it finds the page's elements, hands each
// part of the page the ones it uses (controls.js the controls,
// features-panel.js the features table, files.js the file tabs and tools,
// tab-workspace.js the Example menu, results.js the output and errors
// pane, links.js the share link, status.js the status line, layout.js the
// layout by width, help.js the help panel), wires them to
// one another and to the evaluation worker, and starts the page on what
// its URL names or the saved workspace. Everything the user types is kept
// in the page state and autosaved on every change.
import "./style.css";
import { createEditor, createOutput } from "./editor.js";
import { exprEditor } from "./expr-editor.js";
import { Runner, seconds, stoppedSentence, fastWanted } from "./runner.js";
import * as ws from "./workspaces.js";
import { openKeep } from "./keep.js";
import { statusLine, banner } from "./status.js";
import { tabWorkspace } from "./tab-workspace.js";
import { filesPane, download } from "./files.js";
import { renderControls, bindControls } from "./controls.js";
import { featuresPanel } from "./features-panel.js";
import { results } from "./results.js";
import { workspacePath } from "./errors.js";
import { snapshot, updateURL, initialState, share, shareOutdated, fitsAddress } from "./links.js";
import { panelTabs } from "./tabs.js";
import { provenance } from "./provenance.js";
import { toRequest } from "./state.js";
import { searchPaths } from "./search-paths.js";
import { pageLang } from "./lang.js";
import { helpPanel, exampleAbout, opensLink } from "./help.js";
import { resultLayout, foldControls } from "./layout.js";
import { exampleByName } from "./examples.js";
import { lazy, loadAll } from "./lazy.js";

// The export's code (and its zip writer): a chunk loaded after the first result.
const exporter = lazy(() => import("./export.js"));
// The Validate switch's check (validate.js): a chunk loaded when the switch is first on.
let checker = null;
let check = null;

performance.mark("kubecfg:main-start"); // read by the benchmark, with the runner's and show's marks
// On a browser's first visit (the help panel over the page) and on a short
// link the boot script lets the engine's first run go first (boot.js
// holdMain): the editors are made once it says.
if (globalThis.kubecfgStartGate) await globalThis.kubecfgStartGate;
const $ = (id) => document.getElementById(id);

const status = statusLine($("status"), $("announce"));
const controlEls = {
  command: $("command"), output: $("output"), alpha: $("alpha"), run: $("run"), keys: document,
  expr: exprEditor($("expr"), {
    hint: "$   (e.g. kubecfg.fold(kubecfg.layouts.gvkNsName, $, {}))", describedBy: "expr-help",
    // The language service's completion, where kubecfg is predefined (RFC06).
    complete: [(context) => langService.completionSource("<expression>")(context)], onRunNow: () => run.runNow(),
  }),
  provenance: $("show-provenance"), validate: $("validate"), k8sVersion: $("k8s-version"), exportNames: $("export-names"), exportExt: $("export-ext"),
  exportRun: $("export-objects"), exportNote: $("export-note"), timeLimit: $("time-limit"),
  vars: { extStr: $("var-extStr"), extCode: $("var-extCode"), tlaStr: $("var-tlaStr"), tlaCode: $("var-tlaCode") },
};

// ---- state changes -----------------------------------------------------

// The search paths (-J, KUBECFG_JPATH, -U) and the offer of -J vendor.
const paths = searchPaths({
  jpath: $("path-jpath"), jpathEnv: $("path-jpathEnv"), jurl: $("path-jurl"),
  offer: $("vendor-offer"), yes: $("vendor-yes"), no: $("vendor-no"),
}, { state: () => workspace.state, changed: (o) => changed(o), tell: (t) => status.tell(t) });

const shareEls = { box: $("share-box"), url: $("share-url"), note: $("share-note"), size: $("share-size") };

const state = () => workspace.state;
const link = () => snapshot(state(), run.runner?.version);

let urlTimer = 0;
function changed({ run: again = true, keep = true } = {}) {
  shareOutdated(shareEls);
  paths.offer(); // files added or removed may make it a jsonnet-bundler project
  if (keep && !workspace.save()) status.tell("Could not save the workspace in this browser (storage full or off): download it as .txtar to keep it.", true);
  clearTimeout(urlTimer);
  // A workspace past what an address carries is not put in it at every
  // edit (the share box says how to share it).
  if (fitsAddress(state())) urlTimer = setTimeout(() => updateURL(link()), 500);
  else if (location.hash) history.replaceState(null, "", location.pathname.replace(/\/s\/[^/]+$/, "/") + location.search);
  if (again) run.schedule();
}

// ---- the parts of the page ---------------------------------------------

// The editor's language service (lang.js): its worker starts after the first result.
const langService = pageLang({
  state, editor: () => editor, open: (path, line, column) => run.goto(path, line, column),
  tell: (text, bad) => status.tell(text, bad), formatButton: $("format-file"),
});

const editor = createEditor($("editor-panel"), {
  langService,
  onChange(path, text) {
    state().files[path] = text;
    traced.edited(); // the marks are of the program before this edit
    run.typed();
    changed();
  },
  onRunNow: () => run.runNow(),
  onHoverLine: (n) => run.mapFromSource(n),
  // Not inside the editor's own update: both dispatch to the editor too.
  onCursorLine: (n, user) => setTimeout(() => {
    run.mapFromSource(n);
    if (user) traced.sourceCursor(editor.current, n);
  }),
  onTraceKey: () => traced.traceKey(),
});

const output = createOutput($("output-view"), {
  onHoverLine: (n) => run.mapFromOutput(n),
  onCursorLine: (n) => traced.outputCursor(n),
  onTraceKey: () => traced.traceKey(),
});

const features = featuresPanel($("features-table"), { controls: () => state().controls, changed });

const workspace = tabWorkspace({ menu: $("examples"), restore: $("restore") }, {
  editor, render, changed, tell: status.tell,
});

const files = filesPane({
  tabs: $("file-tabs"), panel: $("editor-panel"),
  add: $("add-file"), rename: $("rename-file"), remove: $("delete-file"), entry: $("entry-file"),
  open: $("open-files"), input: $("file-input"), txtar: $("download-txtar"), zip: $("download-zip"),
  openFolder: $("open-folder"), folderInput: $("folder-input"), allFiles: $("all-files"),
  dialog: { dialog: $("name-dialog"), title: $("name-dialog-title"), input: $("name-input"), error: $("name-error"), ok: $("name-ok"), cancel: $("name-cancel") },
}, {
  state, editor, changed, tell: status.tell,
  newWorkspace: (next, why) => workspace.newWorkspace(next, why),
  drawDiagnostics: () => run.drawDiagnostics(),
  command: () => run.lastResponse?.command || "",
  marked: () => editor.marked,
  opened: (path) => traced.opened(path),
});

// Where an output line comes from, and the reverse (provenance.js).
const traced = provenance({ bar: $("trace") }, {
  runner: () => run.runner, files: () => state().files, editor, output,
  open: (path, line) => run.goto(path, line, 1),
  marked: () => files.renderTabs(),
});

const run = results({ command: $("command-line"), errors: $("errors"), view: $("output-view"), staleNote: $("stale-note"), stop: $("stop"), progress: $("engine-progress") }, {
  state, editor, output, status, features, openFile: files.openFile, traced, stamp: () => workspace.stamp, expr: controlEls.expr, fix: applyFix, after: answered,
  limitRaised(limit, ms) {
    showControls();
    changed({ run: false });
    status.tell(`The first run took ${seconds(Math.round(ms / 100) * 100)}, past the ${seconds(run.runner.defaultTimeoutMs)} default: this workspace's Time limit is now ${seconds(limit * 1000)} (the Time limit next to Run changes it).`);
  },
});

// validated follows each answer shown with the Validate switch's check
// (validate.js), its chunk loaded when the switch is first on.
function validated(request, resp, from) {
  if (!check && !state().controls.validate) return;
  checker ||= import("./validate.js").catch((err) => {
    checker = null;
    throw err;
  });
  checker.then((m) => {
    check ||= m.validation({
      runner: run.runner, state, output, errors: $("errors"), command: $("command-line"), switchEl: $("validate"),
      setExtra: run.setExtra, pathOf: workspacePath, goto: run.goto, tell: status.tell, load: m.schemaLoader(fetch, location.href),
    });
    check.shown(request, resp, from);
  }, (err) => status.tell(`Could not load the validation: ${err.message}`, true));
}

// The Compare pane (compare.js): a chunk loaded when its tab is first
// shown; told of each answer, with the one on the page and the state a
// shared link opened (its baseline "the shared version").
let onPage = null;
let sharedState = null;
let compare = null;
function answered(request, resp, from) {
  validated(request, resp, from);
  if (!from) onPage = request && resp ? { request, resp } : null;
  compare?.then((c) => c?.shown(request, resp, from));
}
new MutationObserver(() => {
  if ($("compare-panel").hidden) return;
  compare ||= import("./compare.js").then((m) => m.compareView({ panel: $("compare-panel"), tab: $("tab-compare") }, {
    runner: () => run.runner, files: () => state().files, goto: run.goto, copy: status.copy, download, tell: status.tell,
    shared: () => sharedState && toRequest(sharedState, run.runner?.version), current: () => onPage,
  }), (err) => { compare = null; status.tell(`Could not load Compare: ${err.message}`, true); });
}).observe($("compare-panel"), { attributeFilter: ["hidden"] });
const fromShare = (init) => init.replaces && !new URLSearchParams(location.hash.slice(1)).has("example");

// applyFix carries out an error's one-click fix (errors.js fixesFor): eval
// as the Command menu's choice makes it, a feature turned on as its box in
// the Features table does.
function applyFix(it) {
  if (it.command) {
    controlEls.command.value = it.command;
    controlEls.command.dispatchEvent(new Event("change"));
    return;
  }
  state().controls.features[it.feature] = true;
  features.render();
  status.tell(`Turned on the feature ${it.feature} (--features=${it.feature}; the Features table can turn it off).`);
  changed({ run: false });
  run.runNow();
}

addEventListener("pagehide", run.saveNow);
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") run.saveNow(); });

const about = exampleAbout({ menu: $("examples"), line: $("example-about"), help: $("help-example") }, exampleByName);

// showControls shows the state's controls and its example in the menu.
function showControls() {
  renderControls(controlEls, state().controls);
  workspace.showSelected();
  about.show(state().example);
}

function render() {
  run.forget(); // another workspace: the output on the page is not its own
  files.renderTabs();
  showControls();
  paths.render();
  editor.open(state().active, state().files[state().active]);
  features.render();
}

let selectPane = () => {};
let help = null;
const top = document.querySelector("header.top");

function bind() {
  bindControls(controlEls, {
    controls: () => state().controls, changed, runNow: () => run.runNow(), rerender: showControls, tell: status.tell,
    traceKey: () => traced.traceKey(), limitChanged: () => run.limitChanged(),
    evalEnabled: () => features.rows.find((r) => r.name === "eval")?.enabled,
  });
  controlEls.expr.addEventListener("input", () => run.typed());
  workspace.bindMenu();
  $("stop").addEventListener("click", () => run.stop());
  $("copy-command").addEventListener("click", () => status.copy($("command-line").textContent, "Copied the command line."));
  $("copy-output").addEventListener("click", () => status.copy(output.text, "Copied the output."));
  $("download-output").addEventListener("click", () => {
    const ext = { yaml: "yaml", json: "json", jsonnet: "jsonnet" }[state().controls.output] || "txt";
    download(`output.${ext}`, output.text);
  });
  $("export-objects").addEventListener("click", async () => {
    if (!run.runner) return;
    const request = toRequest(state(), run.runner.version); // as it is at the click
    let exportObjects;
    try {
      ({ exportObjects } = await exporter());
    } catch (err) {
      status.tell(`Could not load the export: ${err.message}`, true);
      return;
    }
    exportObjects(request, {
      runner: run.runner, download, tell: status.tell, stopped: stoppedSentence,
      failed(resp) { // in the errors pane, above the output
        run.showErrors(resp);
        selectPane($("tab-output"));
      },
    });
  });
  $("share").addEventListener("click", () => share(shareEls, link(), status.copy));
  selectPane = panelTabs($("result-tabs"), document);
  resultLayout({ list: $("result-tabs"), output: $("tab-output"), select: selectPane });
  foldControls({ section: $("controls"), toggle: $("controls-toggle") });
  help = helpPanel({ button: $("help-button"), dialog: $("help-dialog") });
  // Never a modal over what a link shows: a "New here?" line instead.
  help.firstVisit({ link: opensLink(), after: top });
}

// followLink loads the link pasted into the address bar of this tab (a
// #s= or #example= fragment: hashchange) into a new workspace, as a page
// opened on it would; the workspace it replaces is kept ("Restore
// previous workspace"). The page's own fragments are written with
// replaceState, which fires no hashchange.
async function followLink() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (!params.has("s") && !params.has("example")) return;
  const init = await initialState({ id: workspace.id, state: state() });
  if (!init.replaces) {
    if (init.bad) status.tell(init.why, true); // a broken link: the workspace stays
    return;
  }
  run.saveNow();
  await workspace.newWorkspace(init.s);
  sharedState = fromShare(init) ? structuredClone(state()) : null;
  const kept = workspace.previous ? " Your previous workspace is kept: “Restore previous workspace”." : "";
  const version = init.version && run.runner?.version && init.version !== run.runner.version
    ? ` This link was made with kubecfg ${init.version}; this is kubecfg ${run.runner.version}, so results may differ.` : "";
  status.tell(`${init.why}${kept}${version}`);
}

// ---- start -------------------------------------------------------------

async function start() {
  bind();
  // The saved workspaces: IndexedDB, file by file (or localStorage). The
  // boot script has painted a saved answer already, without waiting here.
  const keep = await openKeep({ opening: globalThis.kubecfgDbOpening });
  workspace.use(keep);
  const start0 = await keep.starting();
  const init = await initialState(start0);
  // This tab's workspace: the one it starts on, unless another tab has it
  // (then a copy), or a new one for a link or an example, which leaves
  // yours as it was.
  const refreshHeld = () => ws.heldIds().then((ids) => { workspace.setHeld(ids); });
  const held = refreshHeld(); // for saving, which needs it later: not waited for here
  addEventListener("focus", refreshHeld);
  let id = "";
  let release = null;
  if (!init.replaces && start0) {
    // A reload waits a moment for the old page to let go of the workspace
    // (a duplicated tab, which has the same id, does not).
    const reload = performance.getEntriesByType("navigation")[0]?.type === "reload";
    id = start0.id;
    release = await ws.claim(id, { wait: reload && id === ws.tabWorkspace() ? 2000 : 0 });
  }
  if (!release) ({ id, release } = await ws.claimNew());
  if (!init.replaces && start0 && id !== start0.id) {
    const copy = "Your workspace is open in another tab too: this tab has a copy of it, saved on its own.";
    init.why = init.bad ? `${init.why} ${copy}` : copy;
  }
  if (init.replaces && start0) {
    workspace.previous = start0.id;
    init.why += " Your workspace is kept: “Restore previous workspace”.";
  }
  workspace.enter(id, release, init.s, id === start0?.id ? start0.base : null);
  if (fromShare(init)) sharedState = structuredClone(state());
  // A link's or an example's workspace is saved once you change it, so
  // opening links does not push your own workspaces out.
  if (!init.replaces) held.then(workspace.save);
  if (!init.keepAddress) updateURL(link());
  if (init.why) status.tell(init.why, !!init.bad);
  if (init.dead) banner(top, init.why);
  addEventListener("hashchange", () => {
    followLink().catch((err) => status.tell(`Could not open the link: ${err.message}`, true));
  });
  status.run("Loading the engine…", !!init.bad, { keep: true });
  const runner = globalThis.kubecfgEngine || Runner.fromPage();
  run.runner = runner;
  controlEls.timeLimit.options[0].text = `${seconds(runner.defaultTimeoutMs)}`; // the default, which ?timeout=MS sets
  runner.opts.onProgress = (p) => run.progress(p);
  runner.opts.onReady = () => run.started();
  runner.opts.onRestart = (why, request) => {
    if (why !== "full") return;
    const names = request?.exportDir || request?.exportNames;
    const what = request?.traceLine || request?.traceAll ? "where a line comes from is traced by it"
      : names ? "the export's file names use sprig's template functions"
        : request?.command === "validate" ? "Validate checks the objects with it"
          : fastWanted(request) ? "the feature fast-eval is on" : "this program uses validateJSONSchema";
    status.run(`Loading the full engine (${what})…`, false, { keep: true });
    run.startingFull();
  };
  const first = run.runNow();
  // The plain-text blocks painted before this script ran (boot.js) give way
  // to the editors, which now hold the same text if the page started there.
  for (const el of document.querySelectorAll(".prerendered")) el.remove();
  try {
    await runner.start();
  } catch (err) {
    const why = { saved: ". The output is the result saved from your last visit.", build: ". The output is this example's result as computed when the playground was built." };
    status.show(`Could not start the engine: ${err.message}${why[run.showing] || ""}`, true);
    offline();
    return;
  }
  run.ready();
  const s = runner.startup;
  performance.mark("kubecfg:engine-ready", { detail: s && { ...s, startedAt: s.startedAt - performance.timeOrigin, readyAt: s.readyAt - performance.timeOrigin } });
  $("version").textContent = `kubecfg ${runner.version}`;
  if (init.version && init.version !== runner.version) {
    status.tell(`This link was made with kubecfg ${init.version}; this is kubecfg ${runner.version}, so results may differ.`);
  }
  if (!run.lastResponse) features.set(runner.features);
  await first;
  const langReady = langService.start();
  loadAll(); // the chunks the first result did without (lazy.js)
  // After the language service has started (or failed to, in 10 s), so
  // that neither waits on the other for the CPU.
  Promise.race([langReady, new Promise((r) => setTimeout(r, 10000))]).then(() => prepareFullEngine(runner));
  // The service worker caches the whole site (both engines) for offline
  // use: after the first result, so it does not compete with it.
  offline();
}

/**
 * prepareFullEngine starts the full engine (runner.js prepareFull) in idle
 * time after the first result when this browser has it already (the
 * service worker cached it on an earlier visit) and the language service
 * has started, so the first trace, or
 * the first run that needs JSON Schema, answers as fast as later ones
 * instead of waiting for the download and start of the full engine. On a
 * first visit it is not fetched: that is what the core engine saves.
 */
function prepareFullEngine(runner) {
  const url = runner.opts.fullWasmUrl;
  if (!url || runner.full || !globalThis.caches || new URLSearchParams(location.search).has("noprepare")) return; // ?noprepare: the benchmark's baseline
  const idle = globalThis.requestIdleCallback || ((f) => setTimeout(f, 500));
  idle(async () => {
    const cached = await caches.match(new URL(url, location.href).href).catch(() => null);
    if (cached) runner.prepareFull();
  }, { timeout: 5000 });
}

/** offline registers the service worker and announces new versions. */
function offline() {
  if (!("serviceWorker" in navigator) || new URLSearchParams(location.search).has("nosw")) return;
  navigator.serviceWorker.addEventListener("message", (ev) => {
    if (ev.data?.type !== "update-ready") return;
    $("update").hidden = false;
    status.tell("A new version of the playground is ready: reload to update (your workspace is saved).");
  });
  navigator.serviceWorker.register("sw.js").catch((err) => console.warn("service worker:", err.message));
}

$("update").addEventListener("click", () => { workspace.save(); location.reload(); });

// A fault of the page itself (a bug, not bad input: that gets its own
// message) still says so instead of leaving "Loading the engine…" up.
start().catch((err) => {
  console.error(err);
  status.show(`The playground could not start: ${err.message}. Your saved workspaces are untouched.`, true);
});
