// Autosave of one workspace into IndexedDB (idb-store.js), file by file.
//
// Every change of the page state calls touch(); the saver writes a while
// later (quietMs after the last change, and at least every maxWaitMs while
// changes keep coming), so typing queues no write per key. A save writes
// only the files whose text is not the text last written (compared by
// identity first: an unchanged file is the same string), deletes the
// removed ones, and writes the small record of the rest of the state. One
// save is in flight at a time; changes made meanwhile go in the next.
//
// Nothing typed is lost on a reload: each change puts what IndexedDB does
// not have yet (the changed files, up to journalMax characters, and the
// rest of the state) in a journal in localStorage, synchronously, and so
// does the page going away (pagehide, or hidden, which may be the last
// event a page gets), whatever its size, before it starts a save; read()
// (keep.js) lays a journal newer than the saved record over it.
//
// rev says which edit of the workspace a state is: it goes up with each
// change that makes a run of the state differ (a change of the open file
// does not), and is written with the state (and in the list of workspaces,
// for the boot script, which paints a saved answer only for the rev it
// answered).

/** quietMs is how long after the last change a save starts. */
export const quietMs = 300;
/** maxWaitMs is the longest a change waits for its save while changes keep coming. */
export const maxWaitMs = 1500;
/**
 * journalMax is how many characters of changed files each change puts in
 * the journal at once (beyond it, only the page going away does).
 */
export const journalMax = 256 << 10;

const journalPrefix = "kubecfg-playground/journal/";
/** journalKey is the localStorage key of workspace id's journal. */
export const journalKey = (id) => journalPrefix + id;

/** emptyBase is what a workspace never saved has in the store. */
export const emptyBase = () => ({ rev: 0, versions: new Map(), texts: new Map(), rest: null });

/**
 * metaOf is the record of a state besides its files' texts: entry, active
 * file, controls, links, example and the paths in order with versions.
 */
export function metaOf(state, versions) {
  return {
    entry: state.entry, active: state.active, controls: state.controls,
    links: state.links || {}, example: state.example || "",
    paths: Object.keys(state.files).map((p) => [p, versions.get(p) || 0]),
  };
}

/**
 * restOf is what metaOf holds besides the paths, as text to compare: what
 * a run depends on (entry, controls, links) and, after a tab, what it
 * does not (the open file, the example).
 */
export const restOf = (s) => `${JSON.stringify([s.entry, s.controls, s.links || {}])}\t${JSON.stringify([s.active, s.example || ""])}`;
const runPart = (rest) => rest?.slice(0, rest.lastIndexOf("\t"));

/**
 * diff compares state's files with texts (path → text last written): it
 * returns { put: Map path → { text, v }, removed: [path], versions } where
 * versions are the files' versions after the save (a written file's goes
 * up by one).
 */
export function diff(state, texts, versions) {
  const put = new Map();
  const next = new Map();
  for (const p of Object.keys(state.files)) {
    const t = state.files[p];
    const v = versions.get(p) || 0;
    if (texts.get(p) !== t || !texts.has(p)) {
      put.set(p, { text: t, v: v + 1 });
      next.set(p, v + 1);
    } else next.set(p, v);
  }
  const removed = [...texts.keys()].filter((p) => !Object.hasOwn(state.files, p));
  return { put, removed, versions: next };
}

/** journalRev is the rev of a journal's text, or -1 for none. */
export function journalRev(text) {
  try {
    const j = JSON.parse(text);
    return Number.isInteger(j?.rev) ? j.rev : -1;
  } catch {
    return -1;
  }
}

/**
 * withJournal lays the journal text (as a saver wrote it) over a loaded
 * workspace ({ rev, state } or null); it returns the newer of the two as
 * { rev, state }, or loaded when the journal is older, damaged or names a
 * file neither holds.
 */
export function withJournal(loaded, text) {
  let j;
  try { j = JSON.parse(text); } catch { return loaded; }
  if (!j || !Number.isInteger(j.rev) || !j.meta || !Array.isArray(j.meta.paths) || !j.put || typeof j.put !== "object") return loaded;
  if (loaded && loaded.rev >= j.rev) return loaded;
  const files = Object.create(null);
  for (const [p] of j.meta.paths) {
    if (Object.hasOwn(j.put, p) && typeof j.put[p] === "string") files[p] = j.put[p];
    else if (loaded && Object.hasOwn(loaded.state.files, p)) files[p] = loaded.state.files[p];
    else return loaded;
  }
  const { paths, ...meta } = j.meta;
  return { rev: j.rev, state: { ...meta, files } };
}

/**
 * saver keeps workspace id of db saved. base ({ rev, versions, texts,
 * rest }) is what db holds of it (emptyBase() for a new one). deps:
 * state() is the workspace's state; listed(rev) records it in the list of
 * workspaces (workspaces.js); makeRoom() resolves to whether it dropped an
 * older workspace to make room after a save failed for lack of it;
 * report(ok, err) hears how each save ended; storage is localStorage (the
 * journal), now() the clock, setTimer/clearTimer the timers (a test's).
 */
export function saver(db, id, base, deps) {
  const { state, listed = () => {}, makeRoom = async () => false, report = () => {} } = deps;
  const storage = deps.storage ?? globalThis.localStorage;
  const setTimer = deps.setTimer ?? ((f, ms) => setTimeout(f, ms));
  const clearTimer = deps.clearTimer ?? ((t) => clearTimeout(t));
  const now = deps.now ?? (() => Date.now());
  // What db holds: the texts (by identity) and versions of its files, the
  // rest of the state as text (restOf), and its rev.
  let saved = { texts: new Map(base.texts), versions: new Map(base.versions), rest: base.rest ?? null, rev: base.rev };
  let rev = base.rev;
  let timer = 0;
  let since = 0; // when the oldest change not yet being saved was made
  let inFlight = null; // the save being written
  let again = false; // a change came while it was
  let failed = false; // the last save did not get to disk
  let touches = { n: 0, ms: 0, maxMs: 0 }; // what touch() cost since the last save began
  let waiting = []; // flush()'s promises, resolved when nothing is left to write
  // The state as it was when rev was given (its files' texts and what a
  // run depends on besides them): a change that makes a run differ from
  // a run of it is a new rev.
  const snapshot = () => {
    const s = state();
    return { texts: new Map(Object.keys(s.files).map((p) => [p, s.files[p]])), run: runPart(restOf(s)) };
  };
  let seen = snapshot();

  // differs tells whether the state is not what db holds.
  function differs() {
    const s = state();
    const paths = Object.keys(s.files);
    if (paths.length !== saved.texts.size) return true;
    for (const p of paths) if (saved.texts.get(p) !== s.files[p]) return true;
    return restOf(s) !== saved.rest;
  }

  // start writes the state now, unless a save is in flight (then after it).
  function start() {
    clearTimer(timer);
    timer = 0;
    if (inFlight) {
      again = true;
      return;
    }
    const s = state();
    const t0 = performance.now();
    const d = diff(s, saved.texts, saved.versions);
    const r = rev;
    const meta = { rev: r, at: now(), state: metaOf(s, d.versions) };
    const after = { texts: new Map(Object.keys(s.files).map((p) => [p, s.files[p]])), versions: d.versions, rest: restOf(s), rev: r };
    let bytes = 0;
    for (const { text } of d.put.values()) bytes += text.length;
    // The measure's detail: what was written, the time spent finding it,
    // and what the changes it saves cost the page's thread when made.
    const mark = { files: d.put.size, removed: d.removed.length, bytes, diffMs: performance.now() - t0, touches };
    touches = { n: 0, ms: 0, maxMs: 0 };
    since = 0;
    failed = false;
    listed(r);
    inFlight = db.save(id, { put: d.put, removed: d.removed, meta }).then(() => {
      saved = after;
      // The journal is of no use once what it holds is on disk.
      try { if (journalRev(storage.getItem(journalKey(id))) <= r) storage.removeItem(journalKey(id)); } catch { /* no storage */ }
      performance.measure?.("kubecfg:autosave", { start: t0, detail: mark });
      return true;
    }, async (err) => {
      // Out of room: drop an older workspace and try again, as long as
      // that frees some; else say so, and keep the change for the next
      // touch or flush.
      if (err?.name === "QuotaExceededError" && await makeRoom().catch(() => false)) return null;
      failed = true;
      report(false, err);
      return false;
    }).then((ok) => {
      inFlight = null;
      if (ok) report(true);
      if (ok === null || (ok && (again || differs()))) {
        again = false;
        start();
        return;
      }
      again = false;
      const w = waiting;
      waiting = [];
      for (const resolve of w) resolve(ok);
    });
  }

  // writeJournal puts the changes db does not hold in the journal, when
  // their files' texts are at most max characters in all.
  function writeJournal(max) {
    const s = state();
    const d = diff(s, saved.texts, saved.versions);
    const put = {};
    let size = 0;
    for (const [p, { text }] of d.put) {
      put[p] = text;
      size += text.length;
    }
    if (size > max) return;
    try {
      storage.setItem(journalKey(id), JSON.stringify({ rev, meta: metaOf(s, d.versions), put }));
    } catch { /* too large for localStorage: the save is all there is */ }
  }

  function schedule() {
    if (!since) since = now();
    clearTimer(timer);
    const wait = Math.max(0, Math.min(quietMs, since + maxWaitMs - now()));
    timer = setTimer(start, wait);
  }

  return {
    /** rev is the edit of the workspace the state is. */
    get rev() { return rev; },
    /**
     * touch notes a change of the state: it gets a new rev when a run of
     * it differs from one of the state of the rev before, and a save is
     * scheduled.
     */
    touch() {
      const t0 = performance.now();
      const s = state();
      const paths = Object.keys(s.files);
      if (paths.length !== seen.texts.size || paths.some((p) => seen.texts.get(p) !== s.files[p]) || runPart(restOf(s)) !== seen.run) {
        rev++;
        seen = snapshot();
      }
      schedule();
      // Until the save is on disk, a small change is in the journal too,
      // so that not even a crash loses it.
      writeJournal(journalMax);
      const ms = performance.now() - t0;
      touches.n++;
      touches.ms += ms;
      touches.maxMs = Math.max(touches.maxMs, ms);
    },
    /**
     * flush starts the save of the changes touch() was told of now; it
     * resolves to whether all went to disk.
     */
    flush() {
      if (!timer && !inFlight && !failed) return Promise.resolve(true);
      const p = new Promise((resolve) => waiting.push(resolve));
      if (timer || !inFlight) start();
      return p;
    },
    /**
     * journal puts what db does not hold yet in localStorage at once (the
     * page is going away: a save may not finish), then starts the save.
     */
    journal() {
      if (!timer && !inFlight && !failed) return;
      writeJournal(Infinity);
      this.flush();
    },
  };
}
