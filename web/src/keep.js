// Where this browser keeps the playground's workspaces: their contents in
// IndexedDB, file by file (idb-store.js, saved by autosave.js), and their
// list in localStorage (workspaces.js). Opening it moves the workspaces of
// earlier builds, kept whole in localStorage, into IndexedDB, and lists
// again the ones the list lost. A browser without IndexedDB keeps them all
// in localStorage, as before (kind "localStorage").
import * as ws from "./workspaces.js";
import { openStore } from "./idb-store.js";
import { saver, emptyBase, journalKey, withJournal, restOf } from "./autosave.js";
import { validState, normalize } from "./state.js";

/**
 * openKeep opens the keep: { kind, read, starting, saverFor, remove }.
 * storage is localStorage, idb the IndexedDB factory (either may be
 * missing); opening is the database's opening when it has started already
 * (idb-store.js openDb, called by the boot script).
 */
export async function openKeep({ storage = globalThis.localStorage, idb = globalThis.indexedDB, opening = null } = {}) {
  ws.adoptOldBackup(storage);
  ws.adoptOrphans(storage);
  const db = await openStore(idb, opening);
  if (!db) return localKeep(storage);
  await moveIn(db, storage);
  return dbKeep(db, storage);
}

// moveIn moves the workspaces kept in localStorage into db, and lists again
// the ones db holds that the list lost (two tabs writing it at once).
async function moveIn(db, storage) {
  ws.keepList(storage);
  for (const { id, state } of ws.stored(storage)) {
    try {
      await db.adopt(id, state, ws.list(storage).find((x) => x.id === id)?.at || 0);
      ws.unstore(id, storage); // only once it is on disk there
    } catch {
      // No room: it stays in localStorage, and is moved on a later visit.
    }
  }
  try {
    const known = new Set(ws.list(storage).map((x) => x.id));
    const lost = [];
    for (const id of await db.ids()) {
      if (known.has(id)) continue;
      const w = await db.load(id);
      if (w && validState(w.state)) lost.push({ id, state: w.state, rev: w.rev });
    }
    ws.listAgain(lost, storage);
  } catch {
    // It stays unlisted until the next visit.
  }
}

// starting is the workspace a tab starts on, given read: the tab's own (it
// was reloaded), else the most recently saved one that can be read.
async function starting(read, storage, session) {
  const own = ws.tabWorkspace(session);
  const mine = own && (await read(own));
  if (mine) return { id: own, ...mine };
  for (const x of ws.list(storage)) {
    const w = await read(x.id);
    if (w) return { id: x.id, ...w };
  }
  return null;
}

function dbKeep(db, storage) {
  // The savers of workspaces this tab left, while their last save is being
  // written: a read of one waits for it.
  const leaving = new Map();

  /**
   * read resolves to workspace id as { state, base } (base is what the
   * store holds, for saverFor), or null when it is not kept. A journal
   * newer than the store's record (the page went away before its save was
   * on disk) is laid over it.
   */
  async function read(id) {
    await leaving.get(id);
    let w = null;
    try {
      w = await db.load(id);
    } catch {
      w = null;
    }
    const base = w ? { rev: w.rev, versions: w.versions, texts: new Map(Object.entries(w.state.files)), rest: restOf(normalize(w.state)) } : emptyBase();
    let j = null;
    try { j = storage.getItem(journalKey(id)); } catch { /* no storage */ }
    const got = j ? withJournal(w && { rev: w.rev, state: w.state }, j) : w;
    if (!got || !validState(got.state)) return null;
    return { state: normalize(got.state), base: { ...base, rev: got.rev } };
  }

  return {
    kind: "IndexedDB",
    read,
    /** starting resolves to the workspace a tab starts on ({ id, state, base }), or null. */
    starting: (session = globalThis.sessionStorage) => starting(read, storage, session),
    /**
     * saverFor saves workspace id (its state is state(), what the store
     * holds of it base) as it changes (autosave.js). held() is the set of
     * ids open in tabs, which are never dropped to make room; report(ok)
     * hears how each save ended.
     */
    saverFor(id, state, base, { held = () => new Set(), report = () => {} } = {}) {
      const drop = (gone) => { for (const x of gone) db.remove(x).catch(() => {}); };
      return saver(db, id, base || emptyBase(), {
        state, storage, report,
        listed: (rev) => drop(ws.note(id, state(), { storage, held: held(), rev })),
        async makeRoom() {
          const x = ws.unlist(id, held(), storage);
          if (!x) return false;
          await db.remove(x);
          return true;
        },
      });
    },
    /** leave starts the last save of a workspace the tab leaves. */
    leave(id, s) {
      const p = s.flush().finally(() => { if (leaving.get(id) === p) leaving.delete(id); });
      leaving.set(id, p);
    },
  };
}

// localKeep keeps workspaces in localStorage, whole, on every change.
function localKeep(storage) {
  const read = async (id) => {
    const s = ws.read(id, storage);
    return s && { state: s, base: { rev: ws.list(storage).find((x) => x.id === id)?.rev || 0 } };
  };
  return {
    kind: "localStorage",
    read,
    starting: (session = globalThis.sessionStorage) => starting(read, storage, session),
    saverFor(id, state, base, { held = () => new Set(), report = () => {} } = {}) {
      // What a run depends on, as text: a new rev when it changes.
      const runText = () => { const s = state(); return JSON.stringify([s.files, s.entry, s.controls, s.links || {}]); };
      let rev = base?.rev || 0;
      let last = runText();
      const write = () => {
        const text = runText();
        if (text !== last) rev++;
        last = text;
        const ok = ws.write(id, state(), { storage, held: held(), rev });
        report(ok);
        return ok;
      };
      return {
        get rev() { return rev; },
        touch: write,
        flush: async () => true,
        journal() {},
      };
    },
    leave() {},
  };
}
