// Code the page's first result does not need (opening and downloading
// archives, exporting objects) is in chunks of its own (scripts/build-web
// splits the bundle at each import()), so it is not among the bytes
// loaded before that result (issue 21's 2.0 MB). A chunk is loaded
// on first use, or by loadAll once the first result is shown; a click
// that comes first waits for its chunk, and a chunk that failed to load
// (offline before the service worker had it) is tried again next time.

const loaders = [];

/**
 * lazy returns get(): a promise of the module load() imports, imported
 * once. load must be `() => import("./literal.js")` for the bundler to see it.
 */
export function lazy(load) {
  let module = null;
  const get = () => (module ||= load().catch((err) => {
    module = null;
    throw err;
  }));
  loaders.push(get);
  return get;
}

/** loadAll loads every lazy module (after the first result); failures are left for first use. */
export function loadAll() {
  return Promise.allSettled(loaders.map((get) => get()));
}
