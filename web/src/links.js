// The playground page's links. Every state of the page is a URL: the
// fragment carries the workspace, the controls and the engine version
// (#s=…), kept up to date as you type. A page starts on what its URL
// names (an example, a #s= link, a /s/ID snippet) or on the saved
// workspace, and Share makes a short link with the share service when
// there is one.
import * as store from "./state.js";
import * as ws from "./workspaces.js";
import { examples, exampleByName } from "./examples.js";
import { maxDecoded, encodeFragment, decodeFragment } from "./share.js";

// The fragments this tab wrote last, the newest and the one before it,
// space-separated: on a reload the page's fragment is one of them (the one
// before when the reload was already under way as the newest was written),
// and it may be a little older than the autosave, which then wins.
const ownFragmentKey = "kubecfg-playground/own-fragment";

/** snapshot is what a link carries of the state: the workspace (its links too), the controls and the engine version. */
export function snapshot(state, version) {
  const snap = { files: state.files, entry: state.entry, controls: state.controls, version: version || "" };
  if (state.links && Object.keys(state.links).length) snap.links = state.links;
  return snap;
}

/**
 * workspaceBytes is about how many bytes a snapshot of state takes: its
 * files' lengths, counted without serialising them (which a big
 * workspace cannot afford at every keystroke).
 */
export function workspaceBytes(state) {
  let n = 0;
  for (const p of Object.keys(state.files)) n += p.length + state.files[p].length;
  return n;
}

/**
 * fitsAddress says whether the workspace's snapshot can ride in the
 * page's address (#s=…, which the page decodes up to 1 MiB).
 */
export function fitsAddress(state) {
  return workspaceBytes(state) <= maxDecoded;
}

/** updateURL writes snap as the page's fragment (#s=…), on the page's path without /s/ID. */
export async function updateURL(snap) {
  const frag = await encodeFragment(snap);
  try {
    const newest = (sessionStorage.getItem(ownFragmentKey) || "").split(" ").pop();
    sessionStorage.setItem(ownFragmentKey, newest && newest !== frag ? `${newest} ${frag}` : frag);
  } catch { /* private mode */ }
  history.replaceState(null, "", `${location.pathname.replace(/\/s\/[^/]+$/, "/")}${location.search}#s=${frag}`);
}

const sameWorkspace = (a, b) => !!a && !!b &&
  JSON.stringify([a.files, a.entry, a.controls, a.links || {}]) === JSON.stringify([b.files, b.entry, b.controls, b.links || {}]);

/**
 * initialState decides what the page starts on: a link's workspace, or
 * start0, the saved workspace a tab starts on (workspaces.js, starting).
 * It resolves to { s, why, replaces, version, bad, keepAddress }: the
 * state, what the status line says, whether it replaces the saved
 * workspace (a link or an example), the link's engine version, whether
 * why is an error, whether the page keeps its address until an edit
 * (a short link's /s/ID; a dead one, so that it can be read and
 * reported), and dead (a short link that names no snippet).
 */
export async function initialState(start0) {
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
        // Compared as the page keeps states: a link of a build whose
        // controls were fewer (no show --show-provenance, say) is the same.
        if (sameWorkspace(store.normalize(s), saved)) return { s: { ...s, active: saved.active, example: saved.example }, why: "Restored your workspace." };
        return { s, why: "Loaded the shared workspace.", replaces: true, version: s.version };
      }
    } catch (err) {
      return { s: start0?.state || store.fromExample(examples[0]), why: err.message, bad: true };
    }
  }
  const m = /\/s\/([^/]+)$/.exec(location.pathname);
  if (m) {
    // A dead link says so, keeps its address, and offers the saved
    // workspace (or the first example) and the Example menu.
    let why = "The shared snippet was not found";
    try {
      const res = await snippetResponse(m[1]);
      if (res.ok) {
        const s = await res.json();
        if (store.validState(s) && sameWorkspace(store.normalize(s), start0?.state)) {
          return { s: { ...s, active: start0.state.active, example: start0.state.example }, why: "Restored your workspace.", keepAddress: true };
        }
        if (store.validState(s)) return { s, why: "Loaded the shared snippet.", replaces: true, version: s.version, keepAddress: true };
        why = "The shared snippet is not a playground state";
      } else if (res.status !== 404 && res.status !== 400) {
        why = `The shared snippet could not be loaded (the share service answered ${res.status})`;
      }
    } catch (err) {
      why = `The shared snippet could not be loaded (${err.message})`;
    }
    const offer = start0 ? "Showing your workspace; the Example menu has the examples."
      : "Showing the first example; the Example menu has the others.";
    return { s: start0?.state || store.fromExample(examples[0]), why: `${why}. ${offer}`, bad: true, keepAddress: true, dead: true };
  }
  if (start0) return { s: start0.state, why: "Restored your workspace." };
  return { s: store.fromExample(examples[0]), why: "" };
}

// snippetResponse fetches short link id's snippet, or takes the fetch the
// boot script started for it (once: a later call fetches again).
function snippetResponse(id) {
  const early = globalThis.kubecfgSnippet;
  globalThis.kubecfgSnippet = null;
  return early?.id === id ? early.response : fetch(`../api/snippets/${id}`);
}

/** maxShortLink is the most a short link's snippet may hold: the share service's body limit (pkg/share.MaxBody). */
export const maxShortLink = 64 << 10;

/**
 * linkKind says what link a snapshot of bytes (its JSON, UTF-8) can have:
 * "short" (/s/ID, from the share service), "fragment" (#s=…, which the
 * page decodes up to share.js maxDecoded) or "none" (too large for both:
 * the workspace is shared as a download).
 */
export function linkKind(bytes) {
  return bytes <= maxShortLink ? "short" : bytes <= maxDecoded ? "fragment" : "none";
}

const kB = (n) => `${n < 1e6 ? `${Math.round(n / 1e3)} kB` : `${(n / 1e6).toFixed(1)} MB`}`;

/**
 * share stores snap with the share service and shows the link it gives
 * (or, without a service or past its 64 KiB, a #s= link) in els (box, the
 * hidden paragraph, url, its text field, note, what says when the link
 * is outdated, and size, what says when the workspace is too large for
 * a short link or any link), then copies it with copy(text, done).
 */
export async function share(els, snap, copy) {
  // Only what decides the result, so one snippet always gets one ID.
  const body = JSON.stringify(snap);
  const bytes = new TextEncoder().encode(body).length;
  const kind = linkKind(bytes);
  let url = "";
  let fallback = "";
  if (kind === "short") {
    try {
      const res = await fetch("api/snippets", { method: "POST", headers: { "content-type": "application/json" }, body });
      if (res.ok) url = new URL((await res.json()).url, location.href).href;
      else fallback = `the share service answered ${res.status}`;
    } catch { fallback = "the share service could not be reached"; } // the fragment link still works
  }
  if (!url && kind !== "none") url = `${location.origin}${location.pathname}#s=${await encodeFragment(snap)}`;
  els.box.hidden = false;
  if (els.note) els.note.hidden = true;
  els.url.classList.remove("stale");
  if (els.size) {
    els.size.hidden = kind === "short";
    els.size.textContent = kind === "fragment"
      ? `This workspace (${kB(bytes)}) is past a short link's ${maxShortLink >> 10} KiB: the link carries it in the address.`
      : `This workspace (${kB(bytes)}) is larger than a link can carry (a short link holds ${maxShortLink >> 10} KiB, a link with the workspace in its address 1 MiB): share it as a download, Download .zip or .txtar; opening the download brings back its files and entry.`;
  }
  if (els.size && fallback) {
    els.size.hidden = false;
    els.size.textContent = `No short link: ${fallback}. This link carries the workspace in its address.`;
  }
  els.url.parentElement.hidden = kind === "none";
  if (kind === "none") {
    els.url.value = "";
    return;
  }
  els.url.value = url;
  els.url.select();
  await copy(url, fallback
    ? `Copied a long link: ${fallback}, so the link carries the workspace in its address instead of a short /s/ link.`
    : "Copied the link.");
}

/**
 * shareOutdated marks the link in the share box (els: box, url, note) as
 * one to an earlier version of the workspace, after an edit.
 */
export function shareOutdated(els) {
  if (els.box.hidden || !els.note.hidden) return;
  els.note.hidden = false;
  els.url.classList.add("stale");
}
