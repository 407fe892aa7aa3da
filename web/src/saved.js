// The saved result: the engine's last answer on the playground page, kept
// in localStorage with the exact request it answered and the build of the
// engines that gave it. A later visit whose first request is that request
// shows the answer at once, while the engine is still starting; the engine
// then runs the request anyway (which also readies it for the next edit)
// and its answer replaces the saved one. An evaluation is a function of
// the request and the engine build (the browser's engine reads no network,
// clock or randomness), so a saved answer is the engine's answer.

const storageKey = "kubecfg-playground/last-result";

// requestKey is the request without its version field, which says which
// engine the page had when it made the request ("" before the engine is
// ready, so always on a visit's first request); build says that better.
const requestKey = (request) => JSON.stringify({ ...request, version: undefined });

/** maxChars bounds what is saved: a larger answer is not kept. */
export const maxChars = 1 << 20;

/**
 * saveResult keeps response as the answer to request from the engines of
 * build; it reports whether it did (storage full or off, or an answer past
 * maxChars, is not kept, and a smaller older one is dropped).
 */
export function saveResult(build, request, response, storage = globalThis.localStorage) {
  try {
    const text = JSON.stringify({ build, request: requestKey(request), response });
    if (text.length > maxChars) {
      storage.removeItem(storageKey);
      return false;
    }
    storage.setItem(storageKey, text);
    return true;
  } catch {
    return false;
  }
}

/**
 * savedResult returns the saved answer to request from the engines of
 * build, or null when none is saved for exactly that request and build.
 */
export function savedResult(build, request, storage = globalThis.localStorage) {
  try {
    const s = JSON.parse(storage.getItem(storageKey));
    if (!s || s.build !== build || s.request !== requestKey(request)) return null;
    const r = s.response;
    if (!r || typeof r !== "object" || typeof r.exitCode !== "number" || typeof r.output !== "string") return null;
    return r;
  } catch {
    return null;
  }
}
