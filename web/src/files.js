// The workspace's files on the playground page: the file tabs, the file
// toolbar (add, rename, delete, make entry, open files or a folder,
// download as .txtar or .zip), the file-name dialog, and files and
// folders dropped on the editor.
import { fileTabs, tabKeys } from "./tabs.js";
import { fileTree, tabPaths, manyFiles } from "./file-tree.js";
import { fileMap, blankControls, normalize } from "./state.js";
import { lazy } from "./lazy.js";

// Opening and downloading archives, and the rule of a path: chunks loaded
// after the first result (lazy.js). They import nothing the page's first
// chunk has, or it would be split off into a chunk of its own.
const opener = lazy(() => import("./open.js"));
const txtar = lazy(() => import("./txtar.js"));
const zip = lazy(() => import("./zip.js"));

/** freeName is a name for a new file that files (path → text) does not have yet: lib.libsonnet, lib2.libsonnet, … */
export function freeName(files) {
  for (let i = 1; ; i++) {
    const name = `lib${i === 1 ? "" : i}.libsonnet`;
    if (!Object.hasOwn(files, name)) return name;
  }
}

/**
 * downloaded is the state a playground download holds, as readOpened read
 * it (its files, entry and settings).
 */
export function downloaded(opened) {
  const files = fileMap(opened.files);
  return normalize({ files, entry: opened.entry, active: opened.entry, controls: opened.settings.controls, links: opened.settings.links, example: "" });
}

/**
 * sameWorkspace tells whether two states hold the same files (in any
 * order: a zip holds them in path order), entry, controls and links.
 */
export function sameWorkspace(a, b) {
  const key = (s) => JSON.stringify([Object.entries(s.files).sort(([p], [q]) => (p < q ? -1 : p > q ? 1 : 0)), s.entry, s.controls, s.links || {}]);
  return key(a) === key(b);
}

/** download offers content to the user as a file called name. */
export function download(name, content, type = "text/plain") {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * filesPane wires the file tabs and tools. els: tabs (the tablist), panel
 * (the editor's tabpanel, which also takes dropped files), the buttons
 * add, rename, remove, entry, open, openFolder, txtar and zip, allFiles
 * (shown in a big workspace: the "All files" dialog), input and
 * folderInput (the hidden file inputs, the second a folder picker), and
 * dialog (the name dialog: dialog, title, input, error, ok). A folder
 * (picked, or dropped on the editor) opens as a new workspace
 * (newWorkspace(state, why), tab-workspace.js); files dropped or picked
 * are added to this one.
 * deps: state() is the page state, editor the source editor, changed(),
 * tell(text, bad) the status line's notice, drawDiagnostics() draws the
 * open file's diagnostics, command() the last run's command line,
 * marked() the files that hold lines the trace marked, opened(path) is
 * told of each file opened.
 */
export function filesPane(els, { state, editor, changed, tell, drawDiagnostics, command, newWorkspace, marked = () => new Set(), opened = () => {} }) {
  // The files opened last (most recent first): in a big workspace they
  // keep their tabs.
  let recent = [];
  const tree = fileTree(document, { paths: () => Object.keys(state().files), entry: () => state().entry, open: (p) => openFile(p) });
  els.allFiles.addEventListener("click", () => tree.show());

  function renderTabs() {
    const s = state();
    const paths = Object.keys(s.files);
    recent = recent.filter((p) => Object.hasOwn(s.files, p));
    const tabs = fileTabs(document, tabPaths(paths, s.entry, s.active, recent), s.entry, s.active, marked());
    els.allFiles.hidden = paths.length <= manyFiles;
    els.allFiles.textContent = `All files (${paths.length})…`;
    for (const tab of tabs) tab.addEventListener("click", () => openFile(tab.dataset.path));
    const focused = els.tabs.contains(document.activeElement) ? document.activeElement.dataset.path : null;
    els.tabs.replaceChildren(...tabs);
    if (focused != null) tabs.find((t) => t.dataset.path === focused)?.focus(); // a redraw keeps the keyboard's place
    const active = els.tabs.querySelector('[aria-selected="true"]');
    if (active) els.panel.setAttribute("aria-labelledby", active.id);
    els.entry.disabled = s.active === s.entry;
    els.remove.disabled = Object.keys(s.files).length <= 1;
  }

  function openFile(path) {
    const s = state();
    s.active = path;
    recent = [path, ...recent.filter((p) => p !== path)].slice(0, 2 * manyFiles);
    editor.open(path, s.files[path]);
    renderTabs();
    drawDiagnostics();
    opened(path);
    changed({ run: false });
  }

  async function askName(title, initial) {
    let pathProblem;
    try {
      ({ pathProblem } = await opener()); // the rule of a path
    } catch (err) {
      tell(`Could not open the dialog: ${err.message}`, true);
      return null;
    }
    const { dialog: dlg, input, error } = els.dialog;
    els.dialog.title.textContent = title;
    error.textContent = "";
    input.value = initial;
    return new Promise((resolve) => {
      const validate = () => {
        const v = input.value.trim();
        let err = pathProblem(v);
        if (!err && v !== initial && Object.hasOwn(state().files, v)) err = `${v} already exists`;
        error.textContent = err;
        return err === "";
      };
      const onClose = () => {
        dlg.removeEventListener("close", onClose);
        resolve(dlg.returnValue === "ok" ? input.value.trim() : null);
      };
      // OK is the form's only submit button, so Enter in the field is OK;
      // Cancel (and Escape) close the dialog with no name.
      els.dialog.ok.onclick = (ev) => { if (!validate()) ev.preventDefault(); };
      if (els.dialog.cancel) els.dialog.cancel.onclick = () => dlg.close("");
      dlg.addEventListener("close", onClose);
      dlg.returnValue = "";
      dlg.showModal();
      input.select();
    });
  }

  async function addFile() {
    const name = await askName("New file", freeName(state().files));
    if (!name) return;
    state().files[name] = "";
    openFile(name);
    changed();
    editor.view.focus();
  }

  async function renameFile() {
    const old = state().active;
    const name = await askName(`Rename ${old}`, old);
    if (!name || name === old) return;
    const s = state();
    const files = fileMap();
    for (const [p, t] of Object.entries(s.files)) files[p === old ? name : p] = t;
    s.files = files;
    if (s.entry === old) s.entry = name;
    editor.forget(old);
    openFile(name);
    changed();
  }

  function deleteFile() {
    const s = state();
    const path = s.active;
    const paths = Object.keys(s.files);
    if (paths.length <= 1) return;
    if (!confirm(`Delete ${path}?`)) return;
    delete s.files[path];
    editor.forget(path);
    if (s.entry === path) s.entry = Object.keys(s.files)[0];
    openFile(s.entry);
    changed();
    tell(`Deleted ${path}.`);
  }

  function makeEntry() {
    const s = state();
    s.entry = s.active;
    renderTabs();
    changed();
  }

  // openFolder opens a project's folder (items: { path, file }) as a new
  // workspace: the one it replaces is kept ("Restore previous workspace").
  async function openFolder(items) {
    let open, opened;
    try {
      open = await opener();
      opened = await open.readFolder(items);
    } catch (err) {
      tell(`Could not open the folder: ${err.message}`, true);
      return;
    }
    if (!opened.files.size) {
      tell(`${open.folderMessage(opened)} There is nothing to evaluate in it.`, true);
      return;
    }
    const files = fileMap();
    for (const [p, t] of opened.files) files[p] = t;
    // The browser passes no links on: jsonnet-bundler's are made again.
    const links = open.bundlerLinks(files);
    const n = Object.keys(links).length;
    const made = n ? ` Made jsonnet-bundler's ${n} link${n === 1 ? "" : "s"} in vendor/ (such as ${Object.keys(links)[0]}) from ${Object.hasOwn(files, "jsonnetfile.lock.json") ? "jsonnetfile.lock.json" : "jsonnetfile.json"}.` : "";
    const next = { files, entry: opened.entry, active: opened.entry, controls: blankControls(), example: "", links };
    await newWorkspace(next, `${open.folderMessage(opened)}${made} Your previous workspace is kept: “Restore previous workspace”.`);
  }

  async function addDroppedFiles(fileList) {
    const items = [...fileList]; // an input's FileList empties when it is reset
    let open, opened;
    try {
      open = await opener();
      opened = await open.readOpened(items);
    } catch (err) {
      tell(`Could not open the files: ${err.message}`, true);
      return;
    }
    const s = state();
    // One of the playground's own downloads opens as the workspace it
    // holds, exactly (unless it is this one), as a new workspace.
    if (items.length === 1 && opened.settings && opened.files.size) {
      const next = downloaded(opened);
      if (!sameWorkspace(next, s)) {
        const skipped = opened.skipped.length ? ` ${open.openedMessage({ skipped: opened.skipped }).replace(/^Opened nothing\. /, "")}` : "";
        await newWorkspace(next, `Opened ${items[0].name}: ${opened.files.size} file${opened.files.size === 1 ? "" : "s"}, the entry ${next.entry}, search paths, links and settings as downloaded.${skipped} Your previous workspace is kept: “Restore previous workspace”.`);
        return;
      }
    }
    const added = [];
    const differing = [];
    let unchanged = 0;
    for (const [p, t] of opened.files) {
      if (!Object.hasOwn(s.files, p)) added.push(p);
      else if (s.files[p] === t) unchanged++;
      else differing.push(p);
    }
    // Opening never overwrites an edit unasked.
    const replace = differing.length > 0 &&
      confirm(`Replace ${differing.length === 1 ? differing[0] : `${differing.length} files (${differing.join(", ")})`} with the opened version?`);
    const replaced = replace ? differing : [];
    const kept = replace ? [] : differing;
    for (const p of [...added, ...replaced]) {
      s.files[p] = opened.files.get(p);
      editor.forget(p);
    }
    const entry = opened.entry && opened.entry !== s.entry && (added.includes(opened.entry) || replaced.includes(opened.entry)) ? opened.entry : "";
    if (entry) s.entry = entry;
    tell(open.openedMessage({ added, replaced, kept, unchanged, entry, skipped: opened.skipped }), opened.skipped.length > 0);
    if (added.length || replaced.length || entry) {
      openFile(entry || (Object.hasOwn(s.files, s.active) ? s.active : s.entry));
      changed(); // after the message, so that a failure to save is not hidden
    }
  }

  els.add.addEventListener("click", addFile);
  els.rename.addEventListener("click", renameFile);
  els.remove.addEventListener("click", deleteFile);
  els.entry.addEventListener("click", makeEntry);
  els.open.addEventListener("click", () => els.input.click());
  els.openFolder.addEventListener("click", () => els.folderInput.click());
  els.folderInput.addEventListener("change", (e) => {
    const items = [...e.target.files].map((file) => ({ path: file.webkitRelativePath || file.name, file }));
    e.target.value = "";
    if (items.length) openFolder(items);
  });
  // The files are copied out of the input before it is emptied.
  els.input.addEventListener("change", (e) => { addDroppedFiles([...e.target.files]); e.target.value = ""; });
  // The workspace as it is at the click, whenever the chunks come. The
  // downloads hold the state's settings and links in their comment
  // (open.js archiveComment), so that they reopen exactly.
  els.txtar.addEventListener("click", async () => {
    const s = state();
    const [files, entry, cmd, settings] = [fileMap(s.files), s.entry, command(), { controls: s.controls, links: s.links }];
    try {
      const [{ encodeTxtar }, { archiveComment }] = await Promise.all([txtar(), opener()]);
      download("workspace.txtar", encodeTxtar(files, archiveComment(entry, cmd, settings)));
    } catch (err) {
      tell(`Could not make the .txtar: ${err.message}`, true);
    }
  });
  els.zip.addEventListener("click", async () => {
    const s = state();
    const [files, entry, cmd, settings, when] = [fileMap(s.files), s.entry, command(), { controls: s.controls, links: s.links }, new Date()];
    try {
      const [{ encodeZip }, { archiveComment }] = await Promise.all([zip(), opener()]);
      download("workspace.zip", encodeZip(files, when, archiveComment(entry, cmd, settings)), "application/zip");
    } catch (err) {
      tell(`Could not make the zip: ${err.message}`, true);
    }
  });
  const panel = els.panel;
  panel.addEventListener("dragover", (e) => { e.preventDefault(); panel.classList.add("dragging"); });
  panel.addEventListener("dragleave", () => panel.classList.remove("dragging"));
  panel.addEventListener("drop", (e) => {
    e.preventDefault();
    panel.classList.remove("dragging");
    const dt = e.dataTransfer;
    if (!dt) return;
    // A dropped folder opens as a project; dropped files are added. What
    // was dropped is read now: after this handler the browser empties it.
    const files = [...(dt.files || [])];
    const entries = [...(dt.items || [])].map((i) => i.webkitGetAsEntry?.()).filter(Boolean);
    opener().then(({ droppedEntries }) => droppedEntries(entries)).then((items) => {
      if (items) openFolder(items);
      else if (files.length) addDroppedFiles(files);
    }, (err) => tell(`Could not read what was dropped: ${err.message}`, true));
  });
  tabKeys(els.tabs, (tab) => openFile(tab.dataset.path));

  return {
    /** renderTabs draws the file tabs of the page state. */
    renderTabs,
    /** openFile makes path the open file. */
    openFile,
  };
}
