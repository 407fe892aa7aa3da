// The playground page: wires the editor, the workspace tabs, the controls,
// the features panel and the output to the evaluation worker. Everything
// the user types is kept in the page state and autosaved on every change.
import "./style.css";
import { createEditor, createOutput } from "./editor.js";
import { examples, exampleByName } from "./examples.js";
import { Runner, stoppedSentence } from "./runner.js";
import * as store from "./state.js";
import * as ws from "./workspaces.js";
import { encodeTxtar } from "./txtar.js";
import { encodeZip } from "./zip.js";
import { readOpened, openedMessage, pathProblem, archiveComment } from "./open.js";
import { buildLineMap } from "./linemap.js";
import { encodeFragment, decodeFragment } from "./share.js";
import { saveResult, savedResult, prerenderedResult } from "./saved.js";
import { fileTabs } from "./tabs.js";

performance.mark("kubecfg:main-start"); // read by the benchmark, with the runner's and show's marks
const $ = (id) => document.getElementById(id);

let state = null;
// This tab's workspace (web/src/workspaces.js): its id, the function that
// gives it up, the ids open in other tabs (which saving never drops), and
// the workspace this tab left last, which "Restore previous workspace"
// goes back to.
let wsId = "";
let releaseWs = () => {};
let heldWs = new Set();
let previousWs = "";
let lastResponse = null;
let lineMap = null;
let timer = 0;
let runner = null;
let engineReady = false;

// ---- status line -------------------------------------------------------

// Each finished run counts up data-runs on the status region, so a test
// (or assistive tech watching attributes) can tell a new result from an old one.
function finished() {
  const el = $("status");
  el.dataset.runs = String(Number(el.dataset.runs || 0) + 1);
}

function status(text, bad = false) {
  const el = $("status");
  el.textContent = text;
  el.className = bad ? "bad" : "";
}

// A notice is a message about something the user did (a file added, an
// example loaded). Edits run at once, so the run's own status line would
// replace it: the notice rides along after the next run's status instead.
let notice = "";
function tell(text, bad = false) {
  notice = text;
  status(text, bad);
}
function runStatus(text, bad = false, { keep = false } = {}) {
  status(notice ? `${text} ${notice}` : text, bad);
  if (!keep) notice = "";
}

// ---- state changes -----------------------------------------------------

function save() {
  return ws.write(wsId, state, { held: heldWs });
}

function changed({ run = true, keep = true } = {}) {
  if (keep && !save()) tell("Could not save the workspace in this browser (storage full or off): download it as .txtar to keep it.", true);
  clearTimeout(urlTimer);
  urlTimer = setTimeout(updateURL, 500);
  if (run) schedule();
}

// Every state of the page is a URL: the fragment carries the workspace,
// the controls and the engine version (#s=…), kept up to date as you type.
let urlTimer = 0;
function snapshot() {
  return { files: state.files, entry: state.entry, controls: state.controls, version: runner?.version || "" };
}

// The fragments this tab wrote last, the newest and the one before it,
// space-separated: on a reload the page's fragment is one of them (the one
// before when the reload was already under way as the newest was written),
// and it may be a little older than the autosave, which then wins.
const ownFragmentKey = "kubecfg-playground/own-fragment";

async function updateURL() {
  const frag = await encodeFragment(snapshot());
  try {
    const newest = (sessionStorage.getItem(ownFragmentKey) || "").split(" ").pop();
    sessionStorage.setItem(ownFragmentKey, newest && newest !== frag ? `${newest} ${frag}` : frag);
  } catch { /* private mode */ }
  history.replaceState(null, "", `${location.pathname.replace(/\/s\/[^/]+$/, "/")}${location.search}#s=${frag}`);
}

const sameWorkspace = (a, b) => !!a && !!b &&
  JSON.stringify([a.files, a.entry, a.controls]) === JSON.stringify([b.files, b.entry, b.controls]);

// schedule runs the workspace as soon as this turn of the event loop is
// over (changes made together run once). There is no debounce: the runner
// keeps one run in flight and only the newest edit queued, so typing into
// a slow program costs no more runs than it can finish.
function schedule() {
  clearTimeout(timer);
  timer = setTimeout(runNow, 0);
}

// enter makes id, which this tab has claimed (release gives it up), the
// tab's workspace, with the state next; the workspace it leaves stays
// kept, and becomes the previous one when it was ever saved.
function enter(id, release, next) {
  if (wsId && ws.read(wsId)) previousWs = wsId;
  $("restore").hidden = !previousWs || previousWs === id;
  releaseWs();
  releaseWs = release;
  wsId = id;
  ws.setTabWorkspace(id);
  for (const p of Object.keys(state?.files || {})) editor.forget(p);
  state = store.normalize(next);
  for (const p of Object.keys(state.files)) editor.forget(p);
  render();
  renderRecent();
}

/**
 * newWorkspace starts this tab on a new workspace holding next (an
 * example): saved once it is changed, so looking at examples does not
 * push your own workspaces out.
 */
async function newWorkspace(next, why) {
  const { id, release } = await ws.claimNew();
  enter(id, release, next);
  changed({ keep: false });
  if (why) tell(why);
}

// ---- workspaces ----------------------------------------------------------

// The Example menu lists the other workspaces kept in this browser (the
// other tabs' and older ones), the most recently saved first.
const recentGroup = document.createElement("optgroup");
recentGroup.label = "Your other workspaces";

/** workspaceLabel names a kept workspace in the menu: its entry, files and time. */
function workspaceLabel(x, now = new Date()) {
  const at = new Date(x.at);
  const when = x.at === 0 ? "earlier"
    : at.toDateString() === now.toDateString() ? at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })
      : at.toLocaleDateString([], { month: "short", day: "numeric" });
  const entry = x.entry.length > 32 ? `…${x.entry.slice(-31)}` : x.entry;
  return `${entry}${x.count > 1 ? ` +${x.count - 1}` : ""}, ${when}`;
}

function renderRecent() {
  const others = ws.list().filter((x) => x.id !== wsId);
  recentGroup.replaceChildren(...others.map((x) => new Option(workspaceLabel(x), `ws:${x.id}`)));
  if (!others.length) recentGroup.remove();
  else if (!recentGroup.parentNode) $("examples").options[0].after(recentGroup);
}

/**
 * switchWorkspace moves this tab to the kept workspace id, unless another
 * tab has it; why is what the status line says.
 */
async function switchWorkspace(id, why = "") {
  const next = ws.read(id);
  const x = ws.list().find((y) => y.id === id);
  const name = x ? workspaceLabel(x) : "";
  if (!next) {
    tell("That workspace is no longer kept in this browser.", true);
    if (id === previousWs) $("restore").hidden = true;
    renderRecent();
    return;
  }
  const release = await ws.claim(id);
  if (!release) {
    tell(`That workspace${name ? ` (${name})` : ""} is open in another tab: switch to that tab to edit it.`, true);
    return;
  }
  enter(id, release, next);
  changed();
  tell(why || `Switched to your workspace ${name}. The one you left is kept in the Example menu.`);
}

// ---- editor ------------------------------------------------------------

const editor = createEditor($("editor-panel"), {
  onChange(path, text) {
    state.files[path] = text;
    changed();
  },
  onRunNow: () => runNow(),
  onHoverLine: (n) => mapFromSource(n),
  // Not inside the editor's own update: it dispatches to the editor too.
  onCursorLine: (n) => setTimeout(() => mapFromSource(n)),
});

const output = createOutput($("output-view"), {
  onHoverLine(n) {
    const src = mappingActive() && n ? lineMap.toSource.get(n) || 0 : 0;
    editor.highlightLine(src);
    output.highlightLine(src ? n : 0); // both ends of the pair light up
  },
});

function mappingActive() {
  return lineMap && state.active === state.entry;
}

function mapFromSource(n) {
  const out = mappingActive() && n ? lineMap.toOutput.get(n) || 0 : 0;
  output.highlightLine(out);
  editor.highlightLine(out ? n : 0); // both ends of the pair light up
}

// ---- file tabs ---------------------------------------------------------

function renderTabs() {
  const list = $("file-tabs");
  const tabs = fileTabs(document, Object.keys(state.files), state.entry, state.active);
  for (const tab of tabs) tab.addEventListener("click", () => openFile(tab.dataset.path));
  list.replaceChildren(...tabs);
  const active = list.querySelector('[aria-selected="true"]');
  if (active) $("editor-panel").setAttribute("aria-labelledby", active.id);
  $("entry-file").disabled = state.active === state.entry;
  $("delete-file").disabled = Object.keys(state.files).length <= 1;
}

function tabKeys(list, onMove) {
  list.addEventListener("keydown", (ev) => {
    const tabs = [...list.querySelectorAll("[role=tab]")];
    const i = tabs.indexOf(document.activeElement);
    if (i < 0) return;
    let j = -1;
    if (ev.key === "ArrowRight") j = (i + 1) % tabs.length;
    else if (ev.key === "ArrowLeft") j = (i - 1 + tabs.length) % tabs.length;
    else if (ev.key === "Home") j = 0;
    else if (ev.key === "End") j = tabs.length - 1;
    if (j < 0) return;
    ev.preventDefault();
    onMove(tabs[j]);
    list.querySelectorAll("[role=tab]")[j]?.focus();
  });
}

function openFile(path) {
  state.active = path;
  editor.open(path, state.files[path]);
  renderTabs();
  drawDiagnostics();
  changed({ run: false });
}

function askName(title, initial) {
  const dlg = $("name-dialog");
  const input = $("name-input");
  $("name-dialog-title").textContent = title;
  $("name-error").textContent = "";
  input.value = initial;
  return new Promise((resolve) => {
    const validate = () => {
      const v = input.value.trim();
      let err = pathProblem(v);
      if (!err && v !== initial && Object.hasOwn(state.files, v)) err = `${v} already exists`;
      $("name-error").textContent = err;
      return err === "";
    };
    const onClose = () => {
      dlg.removeEventListener("close", onClose);
      resolve(dlg.returnValue === "ok" ? input.value.trim() : null);
    };
    $("name-ok").onclick = (ev) => { if (!validate()) ev.preventDefault(); };
    dlg.addEventListener("close", onClose);
    dlg.returnValue = "";
    dlg.showModal();
    input.select();
  });
}

async function addFile() {
  const name = await askName("New file", "lib.libsonnet");
  if (!name) return;
  state.files[name] = "";
  openFile(name);
  changed();
  editor.view.focus();
}

async function renameFile() {
  const old = state.active;
  const name = await askName(`Rename ${old}`, old);
  if (!name || name === old) return;
  const files = {};
  for (const [p, t] of Object.entries(state.files)) files[p === old ? name : p] = t;
  state.files = files;
  if (state.entry === old) state.entry = name;
  editor.forget(old);
  openFile(name);
  changed();
}

function deleteFile() {
  const path = state.active;
  const paths = Object.keys(state.files);
  if (paths.length <= 1) return;
  if (!confirm(`Delete ${path}?`)) return;
  delete state.files[path];
  editor.forget(path);
  if (state.entry === path) state.entry = Object.keys(state.files)[0];
  openFile(state.entry);
  changed();
  tell(`Deleted ${path}.`);
}

function makeEntry() {
  state.entry = state.active;
  renderTabs();
  changed();
}

async function addDroppedFiles(fileList) {
  let opened;
  try {
    opened = await readOpened([...fileList]);
  } catch (err) {
    tell(`Could not open the files: ${err.message}`, true);
    return;
  }
  const added = [];
  const differing = [];
  let unchanged = 0;
  for (const [p, t] of opened.files) {
    if (!Object.hasOwn(state.files, p)) added.push(p);
    else if (state.files[p] === t) unchanged++;
    else differing.push(p);
  }
  // Opening never overwrites an edit unasked.
  const replace = differing.length > 0 &&
    confirm(`Replace ${differing.length === 1 ? differing[0] : `${differing.length} files (${differing.join(", ")})`} with the opened version?`);
  const replaced = replace ? differing : [];
  const kept = replace ? [] : differing;
  for (const p of [...added, ...replaced]) {
    state.files[p] = opened.files.get(p);
    editor.forget(p);
  }
  const entry = opened.entry && opened.entry !== state.entry && (added.includes(opened.entry) || replaced.includes(opened.entry)) ? opened.entry : "";
  if (entry) state.entry = entry;
  tell(openedMessage({ added, replaced, kept, unchanged, entry, skipped: opened.skipped }), opened.skipped.length > 0);
  if (added.length || replaced.length || entry) {
    openFile(entry || (state.active in state.files ? state.active : state.entry));
    changed(); // after the message, so that a failure to save is not hidden
  }
}

function download(name, content, type = "text/plain") {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// ---- controls ----------------------------------------------------------

function renderControls() {
  const c = state.controls;
  $("command").value = c.command;
  $("output").value = c.output;
  $("expr").value = c.expr;
  $("expr").disabled = c.command !== "eval";
  $("alpha").checked = c.alpha;
  for (const k of ["extStr", "extCode", "tlaStr", "tlaCode"]) $(`var-${k}`).value = c.vars[k];
  $("examples").value = state.example && exampleByName(state.example) ? state.example : "";
}

function bindControls() {
  $("command").addEventListener("change", (e) => { state.controls.command = e.target.value; $("expr").disabled = e.target.value !== "eval"; changed(); });
  $("output").addEventListener("change", (e) => {
    const c = state.controls;
    c.output = e.target.value;
    if (c.output === "jsonnet" && c.command !== "eval") {
      // The compiled view is `kubecfg eval FILE.yakl -o jsonnet`.
      c.command = "eval";
      if (!lastRows.find((r) => r.name === "eval")?.enabled) c.features.eval = true;
      renderControls();
      tell("The compiled view is kubecfg eval -o jsonnet: switched the command to eval.");
    }
    changed();
  });
  $("expr").addEventListener("input", (e) => { state.controls.expr = e.target.value; changed(); });
  $("alpha").addEventListener("change", (e) => { state.controls.alpha = e.target.checked; changed(); });
  for (const k of ["extStr", "extCode", "tlaStr", "tlaCode"]) {
    $(`var-${k}`).addEventListener("input", (e) => { state.controls.vars[k] = e.target.value; changed(); });
  }
  $("run").addEventListener("click", () => runNow());
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" && (ev.ctrlKey || ev.metaKey) && !ev.defaultPrevented) { ev.preventDefault(); runNow(); }
  });
  const sel = $("examples");
  // The same options as the page's own (scripts/prerender.mjs), which give
  // the menu its width before this script runs.
  sel.replaceChildren(new Option("(your workspace)", ""), recentGroup, ...examples.map((ex) => new Option(ex.title, ex.name)));
  // The list of the other workspaces is made afresh when the menu is used
  // and when another tab saves.
  sel.addEventListener("focus", renderRecent);
  sel.addEventListener("pointerdown", renderRecent);
  addEventListener("storage", (ev) => { if (ev.key === null || ev.key === ws.indexKey) renderRecent(); });
  sel.addEventListener("change", () => {
    if (sel.value.startsWith("ws:")) {
      const id = sel.value.slice(3);
      sel.value = "";
      switchWorkspace(id);
      return;
    }
    const ex = exampleByName(sel.value);
    if (!ex) return;
    history.replaceState(null, "", `#example=${ex.name}`);
    newWorkspace(store.fromExample(ex), `Loaded the example “${ex.title}”. Your previous workspace is kept: “Restore previous workspace”.`);
  });
  $("restore").addEventListener("click", () => switchWorkspace(previousWs, "Restored the previous workspace."));
  $("add-file").addEventListener("click", addFile);
  $("rename-file").addEventListener("click", renameFile);
  $("delete-file").addEventListener("click", deleteFile);
  $("entry-file").addEventListener("click", makeEntry);
  $("open-files").addEventListener("click", () => $("file-input").click());
  $("file-input").addEventListener("change", (e) => { addDroppedFiles(e.target.files); e.target.value = ""; });
  $("download-txtar").addEventListener("click", () => {
    const cmd = lastResponse?.command || "";
    download("workspace.txtar", encodeTxtar(state.files, archiveComment(state.entry, cmd)));
  });
  $("download-zip").addEventListener("click", () => {
    try {
      download("workspace.zip", encodeZip(state.files, new Date(), archiveComment(state.entry)), "application/zip");
    } catch (err) {
      tell(`Could not make the zip: ${err.message}`, true);
    }
  });
  const panel = $("editor-panel");
  panel.addEventListener("dragover", (e) => { e.preventDefault(); panel.classList.add("dragging"); });
  panel.addEventListener("dragleave", () => panel.classList.remove("dragging"));
  panel.addEventListener("drop", (e) => {
    e.preventDefault();
    panel.classList.remove("dragging");
    if (e.dataTransfer?.files?.length) addDroppedFiles(e.dataTransfer.files);
  });
  $("copy-command").addEventListener("click", () => copy($("command-line").textContent, "Copied the command line."));
  $("copy-output").addEventListener("click", () => copy(output.text, "Copied the output."));
  $("download-output").addEventListener("click", () => {
    const ext = { yaml: "yaml", json: "json", jsonnet: "jsonnet" }[state.controls.output] || "txt";
    download(`output.${ext}`, output.text);
  });
  $("share").addEventListener("click", share);
  const results = $("result-tabs");
  const select = (tab) => {
    for (const t of results.querySelectorAll("[role=tab]")) {
      const on = t === tab;
      t.setAttribute("aria-selected", String(on));
      t.tabIndex = on ? 0 : -1;
      $(t.getAttribute("aria-controls")).hidden = !on;
    }
  };
  for (const t of results.querySelectorAll("[role=tab]")) t.addEventListener("click", () => select(t));
  tabKeys(results, select);
  tabKeys($("file-tabs"), (tab) => openFile(tab.dataset.path));
}

async function copy(text, done) {
  try {
    await navigator.clipboard.writeText(text);
    status(done); // no run follows a copy, so a plain status line
  } catch {
    status("The browser refused the clipboard; select the text and copy it.", true);
  }
}

// ---- features panel ----------------------------------------------------

function renderFeatures(rows) {
  const body = $("features-table").tBodies[0];
  if (!rows || !rows.length) return;
  const byName = new Map([...body.rows].map((r) => [r.dataset.name, r]));
  if (byName.size !== rows.length || rows.some((r) => !byName.has(r.name))) {
    body.replaceChildren();
    byName.clear();
    for (const r of rows) {
      const tr = body.insertRow();
      tr.dataset.name = r.name;
      const nameCell = tr.insertCell();
      const label = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.setAttribute("aria-label", r.name);
      box.addEventListener("change", () => {
        state.controls.features[r.name] = box.checked;
        changed();
        renderFeatures(lastRows);
      });
      const code = document.createElement("code");
      code.textContent = r.name;
      label.append(box, code);
      label.title = r.doc;
      nameCell.append(label);
      for (let i = 0; i < 5; i++) tr.insertCell();
      const reset = document.createElement("button");
      reset.type = "button";
      reset.textContent = "reset";
      reset.setAttribute("aria-label", `reset ${r.name} to its default`);
      reset.addEventListener("click", () => {
        delete state.controls.features[r.name];
        changed();
        renderFeatures(lastRows);
      });
      tr.insertCell().append(reset);
      byName.set(r.name, tr);
    }
  }
  for (const r of rows) {
    const tr = byName.get(r.name);
    const set = state.controls.features[r.name];
    const box = tr.cells[0].querySelector("input");
    box.checked = set === undefined ? r.enabled : set;
    tr.cells[1].textContent = r.stage;
    tr.cells[2].textContent = r.default ? "on" : "off";
    tr.cells[3].textContent = r.enabled ? "on" : "off";
    tr.cells[3].className = r.enabled ? "on" : "";
    tr.cells[4].textContent = r.source;
    tr.cells[4].className = "src";
    tr.cells[5].textContent = r.since;
    tr.cells[6].querySelector("button").hidden = set === undefined;
  }
}
let lastRows = [];

// ---- running -----------------------------------------------------------


// runNow runs the workspace. Before the engine is ready the run waits in
// the runner's queue and goes to the worker the moment it is (a newer edit
// replaces it), so the first result does not wait on this thread.
async function runNow() {
  clearTimeout(timer);
  if (!runner) return; // start() runs the workspace once it has made the runner
  const request = store.toRequest(state, runner.version);
  if (engineReady) runStatus("Evaluating…", false, { keep: true });
  else if (!lastResponse) {
    const saved = savedResult(runner.build(), request);
    const built = saved ? null : prerenderedResult(request);
    if (saved) show(saved, request, { from: "saved" });
    else if (built) show(built, request, { from: "build" });
  } else if (showing) runStatus("Loading the engine… The output is from before your edit.", false, { keep: true });
  let resp;
  try {
    resp = await runner.run(request);
  } catch (err) {
    const stopped = stoppedSentence(err);
    if (stopped) {
      showStopped(stopped);
      return;
    }
    if (engineReady) runStatus(`The engine failed: ${err.message}`, true); // else start() says why
    return;
  }
  if (!resp) return; // superseded by a newer edit
  show(resp, request);
}

// showStopped says that a run was stopped (the watchdog) or ended with the
// engine (a crash), in the errors pane and the status line.
function showStopped(sentence) {
  lastResponse = null;
  lineMap = null;
  const box = $("errors");
  const p = document.createElement("pre");
  p.className = "timeout";
  p.textContent = sentence;
  box.replaceChildren(p);
  box.hidden = false;
  runStatus(p.textContent, true);
  finished();
}

// The engine's latest answer is saved a second after it arrives (or when
// the page goes away), not on every keystroke.
let unsaved = null;
let saveTimer = 0;
function saveLater(request, resp) {
  unsaved = { build: runner.build(), request, resp };
  clearTimeout(saveTimer);
  saveTimer = setTimeout(saveNow, 1000);
}
function saveNow() {
  clearTimeout(saveTimer);
  if (unsaved) saveResult(unsaved.build, unsaved.request, unsaved.resp);
  unsaved = null;
}
addEventListener("pagehide", saveNow);
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") saveNow(); });

// show puts a response on the page: the engine's, or one shown while the
// engine starts (web/src/saved.js): from "saved", the answer the engine
// gave to the same request on an earlier visit; from "build", the answer
// to the first example computed when the site was built.
let showing = "";
function show(resp, request, { from = "" } = {}) {
  const early = from !== ""; // not the engine's own answer to this visit
  lastResponse = resp;
  showing = from;
  const ok = (resp.exitCode ?? 0) === 0;
  output.set(resp.output || "", request.output === "json" ? "json" : request.output === "jsonnet" ? "jsonnet" : "yaml");
  $("command-line").textContent = resp.command || ""; // the engine writes it (kubecfg.Invocation.CommandLine)
  renderErrors(resp);
  if (resp.features && resp.features.length) { lastRows = resp.features; renderFeatures(lastRows); }
  lineMap = ok && request.output === "jsonnet" && request.entry.endsWith(".yakl")
    ? buildLineMap(request.files[request.entry], resp.output) : null;
  drawDiagnostics();
  const ms = resp.timings?.totalMs ?? resp.wallMs ?? 0;
  const t = ms < 10 ? ms.toFixed(1) : Math.round(ms);
  if (from === "saved") runStatus(`Showing the result saved from your last visit (${ok ? "evaluated" : `failed, exit ${resp.exitCode},`} in ${t} ms); the engine is starting…`, !ok, { keep: true });
  else if (from === "build") runStatus("Showing this example's result as computed when the playground was built; the engine is starting…", !ok, { keep: true });
  else if (ok) runStatus(`Evaluated in ${t} ms.`);
  else runStatus(`Failed (exit ${resp.exitCode}) in ${t} ms: ${firstLine(resp)}`, true);
  const mark = (name) => performance.getEntriesByName(name).length || performance.mark(name, { detail: { wallMs: resp.wallMs, totalMs: resp.timings?.totalMs, from } });
  mark("kubecfg:first-result");
  if (!early) {
    mark("kubecfg:first-engine-result");
    saveLater(request, resp);
  }
  finished();
}

function firstLine(resp) {
  const d = resp.diagnostics?.[0];
  return (d?.message || resp.stderr || "").split("\n")[0];
}

/** workspacePath maps a diagnostic's file to a workspace path, or "". */
function workspacePath(file) {
  if (!file) return "";
  let f = file.replace(/^file:\/\//, "");
  if (Object.hasOwn(state.files, f)) return f;
  let best = "";
  for (const p of Object.keys(state.files)) {
    if ((f === p || f.endsWith("/" + p)) && p.length > best.length) best = p;
  }
  return best;
}

function renderErrors(resp) {
  const box = $("errors");
  box.replaceChildren();
  const diags = resp.diagnostics || [];
  if ((resp.exitCode ?? 0) === 0 && !diags.length) { box.hidden = true; return; }
  for (const d of diags) {
    const path = workspacePath(d.file);
    if (d.line) {
      const loc = document.createElement("button");
      loc.type = "button";
      loc.className = "loc";
      loc.textContent = `${path || d.file}:${d.line}:${d.column || 1}`;
      loc.setAttribute("aria-label", `Go to ${loc.textContent}`);
      loc.addEventListener("click", () => {
        if (path && path !== state.active) openFile(path);
        editor.goto(d.line, d.column);
      });
      box.append(loc);
    }
    const msg = document.createElement("pre");
    msg.textContent = d.message;
    box.append(msg);
    if (d.hint) {
      const hint = document.createElement("pre");
      hint.className = "hint";
      hint.textContent = d.hint;
      box.append(hint);
    }
  }
  if (!diags.length && resp.stderr) {
    const pre = document.createElement("pre");
    pre.textContent = resp.stderr;
    box.append(pre);
  }
  box.hidden = false;
}

function drawDiagnostics() {
  const diags = (lastResponse?.diagnostics || []).filter((d) => workspacePath(d.file) === state.active);
  editor.setDiagnostics(diags);
}

// ---- sharing -----------------------------------------------------------

async function share() {
  // Only what decides the result, so one snippet always gets one ID.
  const snap = snapshot();
  let url = "";
  try {
    const res = await fetch("api/snippets", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(snap),
    });
    if (res.ok) url = new URL((await res.json()).url, location.href).href;
  } catch { /* no share service: the fragment link still works */ }
  if (!url) url = `${location.origin}${location.pathname}#s=${await encodeFragment(snap)}`;
  $("share-box").hidden = false;
  $("share-url").value = url;
  $("share-url").select();
  await copy(url, "Copied the link.");
}

// initialState decides what the page starts on: a link's workspace, or
// start0, the saved workspace a tab starts on (workspaces.js, starting).
async function initialState(start0) {
  const hash = location.hash.slice(1);
  const params = new URLSearchParams(hash);
  if (params.has("example")) {
    const ex = exampleByName(params.get("example"));
    if (ex) return { s: store.fromExample(ex), why: `Loaded the example “${ex.title}”.`, replaces: true };
  }
  let own = null;
  try { own = sessionStorage.getItem(ownFragmentKey); } catch { /* private mode */ }
  // A reload of a tab whose fragment is its own: its workspace, which may
  // be newer than the fragment.
  if (params.has("s") && own?.split(" ").includes(params.get("s")) && start0 && start0.id === ws.tabWorkspace()) return { s: start0.state, why: "Restored your workspace." };
  if (params.has("s")) {
    try {
      const s = await decodeFragment(params.get("s"));
      if (store.validState(s)) {
        const saved = start0?.state;
        if (sameWorkspace(s, saved)) return { s: { ...s, active: saved.active, example: saved.example }, why: "Restored your workspace." };
        return { s, why: "Loaded the shared workspace.", replaces: true, version: s.version };
      }
    } catch (err) {
      return { s: start0?.state || store.fromExample(examples[0]), why: err.message, bad: true };
    }
  }
  const m = /\/s\/([A-Za-z0-9_-]+)$/.exec(location.pathname);
  if (m) {
    try {
      const res = await fetch(`../api/snippets/${m[1]}`);
      if (res.ok) {
        const s = await res.json();
        if (store.validState(s)) return { s, why: "Loaded the shared snippet.", replaces: true, version: s.version };
      }
    } catch { /* fall through */ }
  }
  if (start0) return { s: start0.state, why: "Restored your workspace." };
  return { s: store.fromExample(examples[0]), why: "" };
}

// ---- start -------------------------------------------------------------

function render() {
  renderTabs();
  renderControls();
  editor.open(state.active, state.files[state.active]);
  renderFeatures(lastRows);
}

async function start() {
  bindControls();
  ws.adoptOldBackup();
  ws.adoptOrphans();
  const start0 = ws.starting();
  const init = await initialState(start0);
  // This tab's workspace: the one it starts on, unless another tab has it
  // (then a copy), or a new one for a link or an example, which leaves
  // yours as it was.
  const refreshHeld = () => ws.heldIds().then((ids) => { heldWs = ids; });
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
    previousWs = start0.id;
    init.why += " Your workspace is kept: “Restore previous workspace”.";
  }
  enter(id, release, init.s);
  // A link's or an example's workspace is saved once you change it, so
  // opening links does not push your own workspaces out.
  if (!init.replaces) held.then(save);
  updateURL();
  if (init.why) tell(init.why, !!init.bad);
  runStatus("Loading the engine…", !!init.bad, { keep: true });
  runner = globalThis.kubecfgEngine || Runner.fromPage();
  runner.opts.onRestart = (why) => {
    if (why === "full") runStatus("Loading the full engine (this program uses validateJSONSchema)…", false, { keep: true });
  };
  const first = runNow();
  // The plain-text blocks painted before this script ran (boot.js) give way
  // to the editors, which now hold the same text if the page started there.
  for (const el of document.querySelectorAll(".prerendered")) el.remove();
  try {
    await runner.start();
  } catch (err) {
    const why = { saved: ". The output is the result saved from your last visit.", build: ". The output is this example's result as computed when the playground was built." };
    status(`Could not start the engine: ${err.message}${why[showing] || ""}`, true);
    offline();
    return;
  }
  engineReady = true;
  const s = runner.startup;
  performance.mark("kubecfg:engine-ready", { detail: s && { ...s, startedAt: s.startedAt - performance.timeOrigin, readyAt: s.readyAt - performance.timeOrigin } });
  $("version").textContent = `kubecfg ${runner.version}`;
  if (init.version && init.version !== runner.version) {
    tell(`This link was made with kubecfg ${init.version}; this is kubecfg ${runner.version}, so results may differ.`);
  }
  if (!lastResponse) {
    lastRows = runner.features;
    renderFeatures(lastRows);
  }
  await first;
  // The service worker caches the whole site (both engines) for offline
  // use: after the first result, so it does not compete with it.
  offline();
}

/** offline registers the service worker and announces new versions. */
function offline() {
  if (!("serviceWorker" in navigator) || new URLSearchParams(location.search).has("nosw")) return;
  navigator.serviceWorker.addEventListener("message", (ev) => {
    if (ev.data?.type !== "update-ready") return;
    $("update").hidden = false;
    tell("A new version of the playground is ready: reload to update (your workspace is saved).");
  });
  navigator.serviceWorker.register("sw.js").catch((err) => console.warn("service worker:", err.message));
}

$("update").addEventListener("click", () => { save(); location.reload(); });

// A fault of the page itself (a bug, not bad input: that gets its own
// message) still says so instead of leaving "Loading the engine…" up.
start().catch((err) => {
  console.error(err);
  status(`The playground could not start: ${err.message}. Your saved workspaces are untouched.`, true);
});

