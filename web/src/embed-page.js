// The embed page (/embed#…): one snippet, editable, with its output and a
// link to open it in the full playground; no chrome, sized to its content
// (it tells the embedding page its height). Its state lives in the URL
// fragment only, so an embed never touches the playground's saved workspace.
// Its errors pane is the playground's (errors.js), showing the CLI's text.
// A click on an output line marks the snippet's lines that feed it, as on
// the playground (provenance.js). With validate in its fragment (embed.js's
// data-validate) or its state, each show is validated against Kubernetes'
// schemas as the playground's Validate switch does (validate.js).
import "./style.css";
import "./embed.css";
import { createEditor, createOutput } from "./editor.js";
import { Runner, stoppedSentence } from "./runner.js";
import * as store from "./state.js";
import { exampleByName, examples } from "./examples.js";
import { encodeFragment, decodeFragment } from "./share.js";
import { showFailure, workspacePath } from "./errors.js";
import { provenance } from "./provenance.js";

const $ = (id) => document.getElementById(id);

let state;
let timer = 0;
let runner;
let ready = false;

function status(text, bad = false) {
  $("status").textContent = text;
  $("status").className = bad ? "status-bar bad" : "status-bar";
}

async function initial() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.has("s")) {
    const s = await decodeFragment(params.get("s"));
    if (!store.validState(s)) throw new Error("shared link: not a playground state");
    const n = store.normalize({ active: s.entry, ...s });
    if (params.has("validate")) {
      n.controls.validate = true;
      n.controls.kubernetesVersion = store.kubernetesVersion(params.get("validate"));
    }
    return n;
  }
  const ex = exampleByName(params.get("example") || "") || examples[0];
  return store.fromExample(ex);
}

async function updateLink() {
  const snap = { files: state.files, entry: state.entry, controls: state.controls };
  $("open-playground").href = new URL(`./#s=${await encodeFragment(snap)}`, location.href).href;
}

function reportSize() {
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  if (parent !== window) parent.postMessage({ type: "kubecfg:embed-size", height }, "*");
}

async function run() {
  clearTimeout(timer);
  updateLink();
  if (!ready) return;
  const req = store.toRequest(state, runner.version);
  let resp;
  try {
    resp = await runner.run(req);
  } catch (err) {
    status(stoppedSentence(err) || `The engine failed: ${err.message}`, true);
    return;
  }
  if (!resp) return;
  output.set(resp.output || "", req.output === "jsonnet" ? "jsonnet" : req.output === "json" ? "json" : "yaml");
  traced.shown(req, resp);
  const failed = showFailure($("errors"), resp, state.files);
  shownDiags = (resp.diagnostics || []).filter((d) => !d.file || d.file.endsWith(state.entry));
  validated(req, resp);
  const ms = resp.timings?.totalMs ?? 0;
  status(failed ? `Failed (exit ${resp.exitCode}) in ${Math.round(ms)} ms.` : `Evaluated in ${Math.round(ms)} ms.`, failed);
  $("status").dataset.runs = String(Number($("status").dataset.runs || 0) + 1);
  drawDiags();
  reportSize();
}

// The editor's marks: the run's diagnostics of the snippet, and its
// validation's (extra).
let shownDiags = [];
let extra = [];
function drawDiags() {
  editor.setDiagnostics([...shownDiags, ...extra.filter((d) => d.file && d.file.endsWith(state.entry))]);
}

// validated follows a run with the Validate switch's check, when the
// embed's state has it on (validate.js, loaded then).
let check = null;
function validated(req, resp) {
  if (!check && !state.controls.validate) return;
  import("./validate.js").then((m) => {
    check ||= m.validation({
      runner, state: () => state, output, errors: $("errors"),
      setExtra: (d) => { extra = d; drawDiags(); },
      pathOf: workspacePath,
      goto: (path, line, column) => { if (path === state.entry) editor.goto(line, column); },
      load: m.schemaLoader(fetch, location.href),
    });
    check.shown(req, resp);
  }, (err) => status(`Could not load the validation: ${err.message}`, true));
}

const editor = createEditor($("editor-panel"), {
  onChange(path, text) {
    state.files[path] = text;
    traced.edited();
    clearTimeout(timer);
    timer = setTimeout(run, 300);
  },
  onRunNow: run,
  onHoverLine: () => {},
  onCursorLine: (n, user) => { if (user) setTimeout(() => traced.sourceCursor(state.entry, n)); },
  onTraceKey: () => traced.traceKey(),
});
const output = createOutput($("output-view"), {
  onHoverLine: () => {},
  onCursorLine: (n) => traced.outputCursor(n),
  onTraceKey: () => traced.traceKey(),
});
// The snippet is its entry file: places in other files are listed, not links.
const traced = provenance({ bar: $("trace") }, {
  runner: () => runner, files: () => ({ [state.entry]: state.files[state.entry] }), editor, output,
  open: (path, line) => editor.goto(line, 1),
});

async function start() {
  try {
    state = await initial();
  } catch (err) {
    // A broken or oversized link: its error stays, and no example runs in
    // place of what the link meant.
    status(err.message, true);
    $("errors").replaceChildren(Object.assign(document.createElement("pre"), { textContent: err.message }));
    $("errors").hidden = false;
    $("embed-file").textContent = "";
    $("editor-panel").hidden = true;
    $("trace").hidden = true;
    new ResizeObserver(reportSize).observe(document.body);
    return;
  }
  state.active = state.entry;
  $("embed-file").textContent = state.entry;
  editor.open(state.entry, state.files[state.entry]);
  new ResizeObserver(reportSize).observe(document.body);
  updateLink();
  runner = globalThis.kubecfgEngine || Runner.fromPage();
  try {
    await runner.start();
  } catch (err) {
    status(`Could not start the engine: ${err.message}`, true);
    return;
  }
  ready = true;
  run();
}

// A link pasted into an open embed's address (hashchange) is the embed of
// that snippet, as a fresh load of it would be.
addEventListener("hashchange", async () => {
  if (!runner) {
    // The embed started on a broken link: it starts now, on this one.
    $("editor-panel").hidden = false;
    $("trace").hidden = false;
    $("errors").hidden = true;
    start();
    return;
  }
  let next;
  try {
    next = await initial();
  } catch (err) {
    status(err.message, true);
    return;
  }
  editor.forget(state?.entry);
  traced.edited();
  state = next;
  state.active = state.entry;
  $("embed-file").textContent = state.entry;
  $("editor-panel").hidden = false;
  $("trace").hidden = false;
  $("errors").hidden = true;
  editor.open(state.entry, state.files[state.entry]);
  run();
});

start();
