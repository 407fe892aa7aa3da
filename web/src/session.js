// The page's side of the engines' session protocol (ARCHITECTURE.md):
// what a worker holds of each session's workspace, and the update that
// brings it to a request's files. The evaluation runner (runner.js) and
// the language client (lang.js) send the same stream of updates.

/**
 * sessionsOf is what worker w holds of each session: {files, linksKey,
 * rev} as last sent. A new worker holds nothing, so its first run of a
 * session sends the whole workspace.
 */
const held = new WeakMap();
export function sessionsOf(w) {
  let m = held.get(w);
  if (!m) held.set(w, (m = new Map()));
  return m;
}

/** texts says whether files is an object whose values are all strings. */
export function texts(files) {
  if (!files || typeof files !== "object" || Array.isArray(files)) return false;
  for (const k in files) if (typeof files[k] !== "string") return false;
  return true;
}

/**
 * delta is the update that takes a worker holding held (or nothing) to
 * files and the links of linksKey: {full, files} with every file, or
 * {files} with those that changed (null: removed); null when nothing did.
 * An unchanged file is the same string as before, and is not sent, so a
 * keystroke sends the file it changed and no other.
 */
export function delta(held, files, linksKey) {
  if (!held) return { full: true, files: { ...files } };
  const changed = Object.create(null); // a file may be named __proto__
  let n = 0;
  for (const p of Object.keys(files)) {
    if (!Object.hasOwn(held.files, p) || held.files[p] !== files[p]) { changed[p] = files[p]; n++; }
  }
  for (const p of Object.keys(held.files)) {
    if (!Object.hasOwn(files, p)) { changed[p] = null; n++; }
  }
  if (!n && held.linksKey === linksKey) return null;
  return { files: changed };
}

