// The workspaces' contents in IndexedDB, one record per file, so that an
// edit writes the file it changed and not the whole workspace (a project
// opened from a folder can be 300 files and 8 MB, past what localStorage
// holds). The list of workspaces stays in localStorage (workspaces.js):
// it is small, read before the first paint, and other tabs hear of its
// changes through the storage event.
//
// Two object stores:
//   - "files": { ws, path, text, v } keyed by [ws, path]; v is the file's
//     version, which goes up by one each time its text is written.
//   - "meta": { ws, rev, at, state } keyed by ws: the rest of the state
//     (entry, active, controls, links, example), the paths in order with
//     their versions (state.paths: [[path, v], …]), and rev, which says
//     which edit of the workspace this is (autosave.js).
// One transaction writes a save's files and its meta record, so a record
// never names a file version that is not there.

const dbName = "kubecfg-playground";
const dbVersion = 1;

// req turns an IDBRequest into a promise of its result.
const req = (r) => new Promise((resolve, reject) => {
  r.onsuccess = () => resolve(r.result);
  r.onerror = () => reject(r.error);
});

// done resolves when tx commits, and rejects with why it did not.
const done = (tx) => new Promise((resolve, reject) => {
  tx.oncomplete = () => resolve();
  tx.onerror = () => reject(tx.error || new Error("the transaction failed"));
  tx.onabort = () => reject(tx.error || new Error("the transaction was aborted"));
});

// A workspace's files are the keys [ws, path] for every string path:
// arrays sort after strings in IndexedDB's order, and a shorter array
// before the longer ones it starts.
const filesOf = (ws) => IDBKeyRange.bound([ws], [ws, []]);

/**
 * openDb opens the playground's database, creating its object stores the
 * first time, and resolves to the IDBDatabase (or rejects). The boot
 * script calls it before the page's bundle has loaded (a fresh profile
 * takes 150-350 ms to create the database), and openStore takes that
 * opening over.
 */
export function openDb(idb = globalThis.indexedDB) {
  const open = idb.open(dbName, dbVersion);
  open.onupgradeneeded = () => {
    const d = open.result;
    if (!d.objectStoreNames.contains("files")) d.createObjectStore("files", { keyPath: ["ws", "path"] });
    if (!d.objectStoreNames.contains("meta")) d.createObjectStore("meta", { keyPath: "ws" });
  };
  // Another tab of an older build holding the database open would block
  // an upgrade; there is only one version yet, so this does not wait.
  return req(open);
}

/**
 * openStore opens the playground's database, or takes over opening (a
 * promise of openDb's, started earlier). It resolves to a store
 * ({ load, save, remove, ids, close }), or to null when this browser gives
 * no IndexedDB (some private modes, a sandboxed frame): the page then keeps
 * workspaces in localStorage as before.
 */
export async function openStore(idb = globalThis.indexedDB, opening = null) {
  if (!idb) return null;
  let db;
  try {
    db = await (opening || openDb(idb));
  } catch {
    return null;
  }
  // A newer build in another tab upgrading the database: let it.
  db.onversionchange = () => db.close();
  return store(db);
}

function store(db) {
  return {
    /**
     * load resolves to workspace ws as { rev, at, state, versions } (state
     * has files as a prototype-less map; versions maps path → v), or null
     * when it is not kept. A record whose files are not all there (which a
     * transaction makes impossible, but storage can be damaged) is loaded
     * with the files it has.
     */
    async load(ws) {
      const tx = db.transaction(["meta", "files"], "readonly");
      const [meta, recs] = await Promise.all([req(tx.objectStore("meta").get(ws)), req(tx.objectStore("files").getAll(filesOf(ws)))]);
      if (!meta || !meta.state || !Array.isArray(meta.state.paths)) return null;
      const byPath = new Map(recs.map((r) => [r.path, r]));
      const files = Object.create(null);
      const versions = new Map();
      for (const [path] of meta.state.paths) {
        const r = byPath.get(path);
        if (!r || typeof r.text !== "string") continue;
        files[path] = r.text;
        versions.set(path, r.v);
      }
      const { paths, ...rest } = meta.state;
      return { rev: meta.rev, at: meta.at, state: { ...rest, files }, versions };
    },

    /**
     * save writes one save of workspace ws in one transaction: put
     * (path → { text, v }) the files whose text changed, removed the paths
     * no longer in it, and meta ({ rev, at, state: the state without its
     * files, with paths: [[path, v], …] }). It resolves when the save is
     * on disk and rejects with the reason it is not (QuotaExceededError).
     * The transaction is made before save returns, so a load made after
     * it reads what it wrote.
     */
    save(ws, { put, removed, meta }) {
      try {
        const tx = db.transaction(["meta", "files"], "readwrite");
        const files = tx.objectStore("files");
        for (const [path, { text, v }] of put) files.put({ ws, path, text, v });
        for (const path of removed) files.delete([ws, path]);
        tx.objectStore("meta").put({ ws, ...meta });
        return done(tx);
      } catch (err) {
        return Promise.reject(err); // the database was closed (another tab upgrades it)
      }
    },

    /**
     * adopt writes workspace ws whole (a localStorage workspace moved
     * here), unless it is kept here already; it resolves to whether it
     * wrote it.
     */
    async adopt(ws, state, at = 0) {
      const tx = db.transaction(["meta", "files"], "readwrite");
      const had = await req(tx.objectStore("meta").getKey(ws));
      if (had !== undefined) {
        await done(tx);
        return false;
      }
      const files = tx.objectStore("files");
      const paths = [];
      for (const path of Object.keys(state.files)) {
        files.put({ ws, path, text: state.files[path], v: 1 });
        paths.push([path, 1]);
      }
      const { files: _, ...rest } = state;
      tx.objectStore("meta").put({ ws, rev: 1, at, state: { ...rest, paths } });
      await done(tx);
      return true;
    },

    /** remove deletes workspace ws and its files. */
    remove(ws) {
      try {
        const tx = db.transaction(["meta", "files"], "readwrite");
        tx.objectStore("files").delete(filesOf(ws));
        tx.objectStore("meta").delete(ws);
        return done(tx);
      } catch (err) {
        return Promise.reject(err);
      }
    },

    /** ids resolves to the ids of the workspaces kept here. */
    async ids() {
      return req(db.transaction("meta", "readonly").objectStore("meta").getAllKeys());
    },

    /** close closes the database (a test's clean-up). */
    close() { db.close(); },
  };
}
