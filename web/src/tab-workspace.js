// This tab's workspace on the playground page, and the Example menu that
// switches it. Each tab edits one of the workspaces kept in this browser
// (workspaces.js, keep.js), which it has claimed; it keeps the page state,
// saves it (autosave.js: a while after each change, and at once when the
// page goes away), and goes to another: a gallery example or a link (a
// new workspace, saved once it is changed, so looking at examples does
// not push your own workspaces out), or a kept one from the menu, or back
// to the one it left last ("Restore previous workspace").
import * as store from "./state.js";
import * as ws from "./workspaces.js";
import { examples, exampleByName } from "./examples.js";

/** workspaceLabel names a kept workspace in the menu: its entry, files and time. */
export function workspaceLabel(x, now = new Date()) {
  const at = new Date(x.at);
  const when = x.at === 0 ? "earlier"
    : at.toDateString() === now.toDateString() ? at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })
      : at.toLocaleDateString([], { month: "short", day: "numeric" });
  const entry = x.entry.length > 32 ? `…${x.entry.slice(-31)}` : x.entry;
  return `${entry}${x.count > 1 ? ` +${x.count - 1}` : ""}, ${when}`;
}

/**
 * tabWorkspace keeps this tab's workspace. els: menu (the Example select)
 * and restore (the "Restore previous workspace" button). deps: editor
 * (whose per-file states a new workspace drops), render() draws the page
 * for a new state, changed(opts) is the page's change hook, tell(text,
 * bad) the status line's notice.
 */
export function tabWorkspace(els, { editor, render, changed, tell }) {
  let state = null;
  // Where workspaces are kept (keep.js; set by use()), and the saver of
  // this one, with how its last save ended.
  let keep = null;
  let saving = null;
  let saveOk = true;
  // The workspace's id, the function that gives it up, the ids open in
  // other tabs (which saving never drops), and the workspace this tab
  // left last, which "Restore previous workspace" goes back to.
  let id = "";
  let release = () => {};
  let held = new Set();
  let previous = "";

  // The Example menu lists the other workspaces kept in this browser (the
  // other tabs' and older ones), the most recently saved first.
  const recentGroup = document.createElement("optgroup");
  recentGroup.label = "Your other workspaces";

  const failed = "Could not save the workspace in this browser (storage full or off): download it as .txtar to keep it.";
  function report(ok) {
    if (!ok && saveOk) tell(failed, true);
    saveOk = ok;
  }

  // save notes a change, which is saved a moment later; it reports whether
  // the saves so far went well.
  function save() {
    saving?.touch();
    return saveOk;
  }

  // The page going away gets what is not saved yet written at once.
  const away = () => saving?.journal();
  addEventListener("pagehide", away);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") away(); });

  /**
   * enter makes next, which this tab has claimed (give gives it up), the
   * tab's workspace, with the state next; base is what the keep holds of
   * it (keep.js read; null for a new one). The workspace it leaves stays
   * kept (its last changes are saved), and becomes the previous one when
   * it was ever saved.
   */
  function enter(nextId, give, next, base = null) {
    if (saving) keep.leave(id, saving);
    if (id && ws.list().some((x) => x.id === id)) previous = id;
    els.restore.hidden = !previous || previous === nextId;
    release();
    release = give;
    id = nextId;
    ws.setTabWorkspace(nextId);
    for (const p of Object.keys(state?.files || {})) editor.forget(p);
    const mine = store.normalize(next);
    state = mine;
    saving = keep.saverFor(nextId, () => mine, base, { held: () => held, report });
    for (const p of Object.keys(state.files)) editor.forget(p);
    render();
    renderRecent();
  }

  /**
   * newWorkspace starts this tab on a new workspace holding next (an
   * example): saved once it is changed.
   */
  async function newWorkspace(next, why) {
    const claimed = await ws.claimNew();
    enter(claimed.id, claimed.release, next, null);
    changed({ keep: false });
    if (why) tell(why);
  }

  function renderRecent() {
    const others = ws.list().filter((x) => x.id !== id);
    recentGroup.replaceChildren(...others.map((x) => new Option(workspaceLabel(x), `ws:${x.id}`)));
    if (!others.length) recentGroup.remove();
    else if (!recentGroup.parentNode) els.menu.options[0].after(recentGroup);
  }

  /**
   * switchTo moves this tab to the kept workspace target, unless another
   * tab has it; why is what the status line says.
   */
  async function switchTo(target, why = "") {
    const kept = await keep.read(target);
    const next = kept?.state;
    const x = ws.list().find((y) => y.id === target);
    const name = x ? workspaceLabel(x) : "";
    if (!next) {
      tell("That workspace is no longer kept in this browser.", true);
      if (target === previous) els.restore.hidden = true;
      renderRecent();
      return;
    }
    const give = await ws.claim(target);
    if (!give) {
      tell(`That workspace${name ? ` (${name})` : ""} is open in another tab: switch to that tab to edit it.`, true);
      return;
    }
    enter(target, give, next, kept.base);
    changed();
    tell(why || `Switched to your workspace ${name}. The one you left is kept in the Example menu.`);
  }

  function showSelected() {
    els.menu.value = state.example && exampleByName(state.example) ? state.example : "";
  }

  // bindMenu fills the Example menu and makes it and the restore button work.
  function bindMenu() {
    const sel = els.menu;
    // The same options as the page's own (scripts/prerender.mjs), which give
    // the menu its width before this script runs.
    sel.replaceChildren(new Option("(your workspace)", ""), recentGroup, ...examples.map((ex) => new Option(ex.title, ex.name)));
    // The list of the other workspaces is made afresh when the menu is used
    // and when another tab saves.
    sel.addEventListener("focus", renderRecent);
    sel.addEventListener("pointerdown", renderRecent);
    addEventListener("storage", (ev) => { if (ev.key === null || ev.key === ws.indexKey) renderRecent(); });
    // Arrowing through the closed menu changes its value at each step,
    // each with a change event: those steps are not choices. A change
    // made by the keyboard waits for Enter; leaving the menu without it
    // shows the workspace's own entry again. A pick from the open list (a
    // click, or Enter there) is a choice at once.
    let stepping = false;
    let pending = false;
    sel.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" && pending) {
        ev.preventDefault();
        pending = false;
        choose();
      } else if (ev.key !== "Enter" && ev.key !== "Tab" && !ev.altKey) {
        // A closed menu's step fires its change in this key's own task;
        // the keyup may never come here (a key that opens the list, on
        // some systems, sends it to the list), so the flag ends with the task.
        stepping = true;
        setTimeout(() => { stepping = false; });
      }
    });
    sel.addEventListener("blur", () => {
      if (!pending) return;
      pending = false;
      showSelected();
    });
    sel.addEventListener("change", () => {
      if (stepping) {
        pending = true;
        return;
      }
      pending = false;
      choose();
    });
    function choose() {
      if (sel.value.startsWith("ws:")) {
        const target = sel.value.slice(3);
        sel.value = "";
        switchTo(target);
        return;
      }
      if (sel.value === "") {
        // "(your workspace)": back to the workspace this tab left for an
        // example or a link, when one is kept.
        if (previous && ws.list().some((x) => x.id === previous)) {
          switchTo(previous, "Restored your workspace.");
          return;
        }
        sel.value = state.example && exampleByName(state.example) ? state.example : "";
        tell("No other workspace of yours is kept in this browser: this one is yours, and your edits to it are saved.");
        return;
      }
      const ex = exampleByName(sel.value);
      if (!ex) return;
      history.replaceState(null, "", `#example=${ex.name}`);
      newWorkspace(store.fromExample(ex), `Loaded the example “${ex.title}”. Your previous workspace is kept: “Restore previous workspace”.`);
    }
    els.restore.addEventListener("click", () => switchTo(previous, "Restored the previous workspace."));
  }

  return {
    /** state is the page state: the workspace and its controls. */
    get state() { return state; },
    /** id is the kept workspace this tab edits. */
    get id() { return id; },
    /** previous is the workspace "Restore previous workspace" goes back to. */
    get previous() { return previous; },
    set previous(v) { previous = v; },
    /** setHeld records the workspaces open in other tabs, which saving keeps. */
    setHeld(ids) { held = ids; },
    /** use sets where workspaces are kept (keep.js openKeep), before enter. */
    use(k) { keep = k; },
    /**
     * stamp names the state as it is now: { id, rev } (the workspace and
     * its edit, autosave.js), for a saved answer to say what it answers.
     */
    get stamp() { return { id, rev: saving?.rev ?? 0 }; },
    /** save notes a change of the workspace, saved a moment later; false when saving failed. */
    save,
    /** flush saves now what is not saved yet; it resolves to whether it went to disk. */
    flush: () => saving?.flush() ?? Promise.resolve(true),
    enter,
    newWorkspace,
    switchTo,
    renderRecent,
    bindMenu,
    /** showSelected makes the menu show the state's gallery example, or "(your workspace)". */
    showSelected,
  };
}
