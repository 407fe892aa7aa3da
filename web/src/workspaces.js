// The workspaces kept in this browser. Each tab of the playground edits a
// workspace of its own, so two tabs never write over each other's work.
// Their list (the index) is kept here, in localStorage; their contents are
// kept file by file in IndexedDB (keep.js, idb-store.js, autosave.js), or,
// where a browser has no IndexedDB, here too, whole, on every change:
//
//   - A reloaded tab keeps its workspace (its id is in sessionStorage).
//   - A new tab continues the most recently saved workspace, unless another
//     open tab has it; then the new tab starts on a copy.
//   - The most recent workspaces (maxKept) are kept, and the page lists the
//     others in its Example menu; older ones are dropped, never one that an
//     open tab has. When storage is full, the oldest are dropped to make
//     room; a save that fails anyway drops nothing.
//
// Which workspaces are open is told by Web Locks: an open tab holds the
// lock named after its workspace until it closes or switches. Without Web
// Locks (a page not served over https or from localhost) every workspace
// counts as free, and two tabs can write over each other as they did
// before this module.
import { normalize, validState } from "./state.js";
import { toBase64url } from "./base64url.js";

/** maxKept is how many workspaces are kept. */
export const maxKept = 10;

/** indexKey is the storage key of the list of kept workspaces. */
export const indexKey = "kubecfg-playground/workspaces";
// The one workspace of the builds before there were several: it stays
// where it was, as the workspace with this id.
const legacyId = "v1";
const itemPrefix = "kubecfg-playground/workspace/";
const itemKey = (id) => (id === legacyId ? "kubecfg-playground/v1" : itemPrefix + id);
const tabKey = "kubecfg-playground/tab-workspace";
const lockPrefix = "kubecfg-playground/workspace/";
const validId = (id) => typeof id === "string" && /^[A-Za-z0-9_-]{1,40}$/.test(id);

/** newId returns a fresh workspace id. */
export function newId() {
  return toBase64url(crypto.getRandomValues(new Uint8Array(9)));
}

// An index entry; rev, when known, is the edit of the workspace last
// saved (autosave.js), which the boot script matches with a saved answer.
// The open file (active) is there for the boot script too.
const summary = (id, at, s, rev) => ({
  id, at, entry: s.entry, count: Object.keys(s.files).length,
  ...(Number.isInteger(rev) ? { rev, active: s.active } : {}),
});

/**
 * list returns the kept workspaces, the most recently saved first, as
 * { id, at (ms since the epoch; 0 when unknown), entry, count (of files) }.
 */
export function list(storage = globalThis.localStorage) {
  try {
    const raw = storage.getItem(indexKey);
    if (raw === null) {
      const s = read(legacyId, storage);
      return s ? [summary(legacyId, 0, s)] : [];
    }
    const xs = JSON.parse(raw);
    if (!Array.isArray(xs)) return [];
    const seen = new Set();
    return xs.filter((x) => x && validId(x.id) && !seen.has(x.id) && seen.add(x.id) &&
      Number.isFinite(x.at) && typeof x.entry === "string" && Number.isInteger(x.count));
  } catch {
    return [];
  }
}

/** read returns workspace id's state, or null when it is missing or damaged. */
export function read(id, storage = globalThis.localStorage) {
  if (!validId(id)) return null;
  try {
    const s = JSON.parse(storage.getItem(itemKey(id)));
    return validState(s) ? normalize(s) : null;
  } catch {
    return null;
  }
}

/**
 * write saves state as workspace id, which becomes the most recently
 * saved. It drops the oldest workspaces past maxKept, and, when storage is
 * full, the oldest as long as that makes room; never id or one in held
 * (the ids open in other tabs). It reports whether the workspace was
 * saved; when it was not, nothing else was dropped either.
 */
export function write(id, state, { storage = globalThis.localStorage, now = Date.now(), held = new Set(), rev } = {}) {
  let others = list(storage).filter((x) => x.id !== id);
  const droppable = () => others.findLast((x) => !held.has(x.id));
  const dropped = [];
  const drop = (x) => {
    others = others.filter((y) => y !== x);
    dropped.push([itemKey(x.id), storage.getItem(itemKey(x.id))]);
    storage.removeItem(itemKey(x.id));
  };
  // put writes key, dropping the oldest workspaces while storage is full.
  const put = (key, text) => {
    for (;;) {
      try {
        storage.setItem(key, text);
        return true;
      } catch {
        const x = droppable();
        if (!x) return false;
        drop(x);
      }
    }
  };
  try {
    const saved = put(itemKey(id), JSON.stringify(state));
    if (!saved) {
      // Too large even alone: what was dropped for it goes back (into the
      // room it left).
      for (const [k, v] of dropped) if (v !== null) storage.setItem(k, v);
      return false;
    }
    while (others.length >= maxKept && droppable()) drop(droppable());
    // The index is small; if even it does not fit, the workspace is still
    // saved, and its tab finds it by its id.
    put(indexKey, JSON.stringify([summary(id, now, state, rev), ...others]));
    return true;
  } catch {
    return false; // no storage at all (a SecurityError)
  }
}

/**
 * note lists workspace id (kept elsewhere: IndexedDB) as the most recently
 * saved, with rev, and drops from the list the oldest past maxKept, never
 * id or one in held. It returns the ids it dropped, whose contents the
 * caller deletes.
 */
export function note(id, state, { storage = globalThis.localStorage, now = Date.now(), held = new Set(), rev } = {}) {
  const others = list(storage).filter((x) => x.id !== id);
  const dropped = [];
  for (let i = others.length - 1; i >= 0 && others.length >= maxKept; i--) {
    if (held.has(others[i].id)) continue;
    dropped.push(others[i].id);
    others.splice(i, 1);
  }
  try {
    storage.setItem(indexKey, JSON.stringify([summary(id, now, state, rev), ...others]));
  } catch {
    return []; // the list stays as it was; so do the workspaces
  }
  return dropped;
}

/**
 * unlist takes the oldest workspace that is neither keep nor in held out
 * of the list, to make room; it returns its id, or "" when there is none.
 */
export function unlist(keep, held = new Set(), storage = globalThis.localStorage) {
  const xs = list(storage);
  const x = xs.findLast((y) => y.id !== keep && !held.has(y.id));
  if (!x) return "";
  try {
    storage.setItem(indexKey, JSON.stringify(xs.filter((y) => y !== x)));
  } catch {
    return "";
  }
  return x.id;
}

/**
 * listAgain adds the workspaces of ids (kept elsewhere, each with its
 * state) that the list lost, first, as recent as the newest listed one.
 */
export function listAgain(found, storage = globalThis.localStorage) {
  try {
    const kept = list(storage);
    const known = new Set(kept.map((x) => x.id));
    const add = found.filter((f) => validId(f.id) && !known.has(f.id)).map((f) => summary(f.id, kept[0]?.at || 0, f.state, f.rev));
    if (add.length) storage.setItem(indexKey, JSON.stringify([...add, ...kept]));
  } catch {
    // No room (or no storage): they stay as they are, for the next visit.
  }
}

/**
 * stored lists the workspaces whose contents are kept in localStorage
 * (all of them, in a browser without IndexedDB; before it, the ones to
 * move there), as [{ id, state }].
 */
export function stored(storage = globalThis.localStorage) {
  const out = [];
  try {
    const ids = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key === itemKey(legacyId)) ids.push(legacyId);
      else if (key?.startsWith(itemPrefix)) ids.push(key.slice(itemPrefix.length));
    }
    for (const id of ids) {
      const s = read(id, storage);
      if (s) out.push({ id, state: s });
    }
  } catch {
    // no storage
  }
  return out;
}

/** unstore removes workspace id's contents from localStorage (it moved to IndexedDB). */
export function unstore(id, storage = globalThis.localStorage) {
  try { storage.removeItem(itemKey(id)); } catch { /* no storage */ }
}

/**
 * keepList writes the list as it is read now, so that it outlives the
 * legacy workspace it may be made from (list() reads the builds before
 * several workspaces from their one key).
 */
export function keepList(storage = globalThis.localStorage) {
  try {
    if (storage.getItem(indexKey) === null) {
      const xs = list(storage);
      if (xs.length) storage.setItem(indexKey, JSON.stringify(xs));
    }
  } catch {
    // no storage
  }
}

/**
 * adoptOldBackup keeps the backup of builds before several workspaces
 * (their "Restore previous workspace" read it from one key) as the oldest
 * workspace, so nothing it held is lost.
 */
export function adoptOldBackup(storage = globalThis.localStorage) {
  const oldKey = "kubecfg-playground/previous";
  try {
    const raw = storage.getItem(oldKey);
    if (raw === null) return;
    let s = null;
    try { s = JSON.parse(raw); } catch { /* damaged: nothing to keep */ }
    if (validState(s)) {
      const id = newId();
      const kept = list(storage);
      storage.setItem(itemKey(id), JSON.stringify(s));
      try {
        storage.setItem(indexKey, JSON.stringify([...kept, summary(id, 0, normalize(s))]));
      } catch (err) {
        storage.removeItem(itemKey(id));
        throw err;
      }
    }
    storage.removeItem(oldKey);
  } catch {
    // No room (or no storage): it stays where it was, for the next visit.
  }
}

/**
 * adoptOrphans lists again the saved workspaces that the index lost:
 * localStorage gives no transaction across tabs, so two tabs saving at
 * once can each write an index without the other's workspace (and an
 * index that did not fit leaves its workspace out too). Each is listed
 * first, as recent as the newest listed one, since it was being edited
 * lately; none is dropped to make room.
 */
export function adoptOrphans(storage = globalThis.localStorage) {
  try {
    const kept = list(storage);
    const known = new Set(kept.map((x) => x.id));
    const orphans = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      const id = key?.startsWith(itemPrefix) ? key.slice(itemPrefix.length) : null;
      if (!validId(id) || known.has(id)) continue;
      const s = read(id, storage);
      if (s) orphans.push(summary(id, kept[0]?.at || 0, s));
    }
    if (orphans.length) storage.setItem(indexKey, JSON.stringify([...orphans, ...kept]));
  } catch {
    // No room (or no storage): they stay as they are, for the next visit.
  }
}

/**
 * starting returns the workspace a tab starts on when no link says
 * otherwise, as { id, state }: the tab's own (it was reloaded), else the
 * most recently saved one; null when there is none.
 */
export function starting(storage = globalThis.localStorage, session = globalThis.sessionStorage) {
  const own = tabWorkspace(session);
  const own0 = own && read(own, storage);
  if (own0) return { id: own, state: own0 };
  for (const x of list(storage)) {
    const s = read(x.id, storage);
    if (s) return { id: x.id, state: s };
  }
  return null;
}

/** tabWorkspace returns the id of this tab's workspace, or null for a new tab. */
export function tabWorkspace(session = globalThis.sessionStorage) {
  try {
    const id = session.getItem(tabKey);
    return validId(id) ? id : null;
  } catch {
    return null;
  }
}

/** setTabWorkspace records id as this tab's workspace (it survives a reload). */
export function setTabWorkspace(id, session = globalThis.sessionStorage) {
  try { session.setItem(tabKey, id); } catch { /* private mode: a reload starts as a new tab */ }
}

/**
 * claim takes workspace id for this tab. It resolves to a function that
 * gives it up, or to null when another tab has it (after waiting up to
 * wait ms for it to let go: a reloaded tab's old page may still hold its
 * workspace for a moment). The tab keeps it until then or until it closes.
 */
export function claim(id, { wait = 0, locks = globalThis.navigator?.locks } = {}) {
  if (!locks) return Promise.resolve(() => {});
  return new Promise((resolve) => {
    let release;
    const kept = new Promise((r) => { release = r; });
    const opts = wait > 0 ? { signal: AbortSignal.timeout(wait) } : { ifAvailable: true };
    locks.request(lockPrefix + id, opts, (lock) => {
      if (!lock) {
        resolve(null);
        return undefined;
      }
      resolve(release);
      return kept;
    }).catch((err) => {
      // Waited in vain; or locks refused (an opaque origin): as without them.
      resolve(err?.name === "TimeoutError" || err?.name === "AbortError" ? null : () => {});
    });
  });
}

/** claimNew claims a fresh workspace id for this tab: { id, release }. */
export async function claimNew(opts) {
  const id = newId();
  return { id, release: (await claim(id, opts)) || (() => {}) };
}

/** heldIds resolves to the ids of the workspaces open in tabs (this one's too). */
export async function heldIds(locks = globalThis.navigator?.locks) {
  try {
    const { held = [] } = locks ? await locks.query() : {};
    return new Set(held.map((l) => l.name).filter((n) => n?.startsWith(lockPrefix)).map((n) => n.slice(lockPrefix.length)));
  } catch {
    return new Set();
  }
}
