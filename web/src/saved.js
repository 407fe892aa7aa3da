// Answers shown before the engine has started.
//
// The saved result: the engine's last answer on the playground page, kept
// in localStorage with the exact request it answered and the build of the
// engines that gave it. A later visit whose first request is that request
// shows the answer at once, while the engine is still starting; the engine
// then runs the request anyway (which also readies it for the next edit)
// and its answer replaces the saved one. An evaluation is a function of
// the request and the engine build (the browser's engine reads no network,
// clock or randomness), so a saved answer is the engine's answer.
//
// The prerendered result: the answer to the first example, computed by the
// same engine when the site was built (scripts/prerender.mjs) and kept in
// the page, for a first visit.

import { list, tabWorkspace } from "./workspaces.js";
import { requestKey } from "./trace.js";

const storageKey = "kubecfg-playground/last-result";

// A request is saved and looked up without its version field (requestKey),
// which says which engine the page had when it made the request ("" before
// the engine is ready, so always on a visit's first request); build says
// that better.

// asResponse returns r when it has the shape of the engine's response
// (what show() reads), else null.
const asResponse = (r) =>
  r && typeof r === "object" && typeof r.exitCode === "number" && typeof r.output === "string" ? r : null;

/** maxChars bounds what is saved: a larger answer is not kept. */
export const maxChars = 1 << 20;

/**
 * saveResult keeps response as the answer to request from the engines of
 * build; it reports whether it did (storage full or off, or an answer past
 * maxChars, is not kept, and a smaller older one is dropped). stamp ({ id,
 * rev }: tab-workspace.js) names the workspace and the edit of it that the
 * request was made from, for firstAnswer.
 */
export function saveResult(build, request, response, storage = globalThis.localStorage, stamp = null) {
  try {
    const text = JSON.stringify({ build, request: requestKey(request), response, stamp });
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
    return asResponse(s.response);
  } catch {
    return null;
  }
}

/** prerenderedId is the id of the page's prerendered answer: a JSON data block. */
export const prerenderedId = "kubecfg-prerendered";

// records are the page's prerendered records ({ request, response }):
// the first example's, then each gallery example's by name (a page of an
// earlier build has the first one only).
function records(doc) {
  const p = JSON.parse(doc.getElementById(prerenderedId)?.textContent ?? "null");
  if (!p || typeof p !== "object") return [];
  const named = p.examples && typeof p.examples === "object" ? Object.values(p.examples) : [];
  return [p, ...named].filter((r) => r && typeof r === "object");
}

/**
 * prerenderedResult returns the answer the build computed for request (the
 * first example's or a gallery example's), or null when the page has none
 * for exactly that request. The page and its engines come from one build,
 * so the build needs no check here.
 */
export function prerenderedResult(request, doc = globalThis.document) {
  try {
    const key = requestKey(request);
    const r = records(doc).find((x) => x.request === key);
    return r ? asResponse(r.response) : null;
  } catch {
    return null;
  }
}

/**
 * prerenderedTabs returns the files (paths in order), the entry and the
 * request itself (its version "") that the page's prerendered answer is
 * for, with the example's name and about ({ title, description }, when
 * the block has them: scripts/prerender.mjs), or null when the page has
 * none or its data block is not complete yet.
 */
export function prerenderedTabs(doc = globalThis.document) {
  try {
    const p = JSON.parse(doc.getElementById(prerenderedId).textContent);
    const r = JSON.parse(p.request);
    if (!r.files || typeof r.files !== "object" || typeof r.entry !== "string") return null;
    const about = typeof p.about?.title === "string" && typeof p.about.description === "string" ? { title: p.about.title, description: p.about.description } : null;
    return { paths: Object.keys(r.files), entry: r.entry, active: r.entry, request: { ...r, version: "" }, example: typeof p.example === "string" ? p.example : "", about };
  } catch {
    return null;
  }
}

/**
 * prerenderedExample returns what the boot script paints for the gallery
 * example name from the page's data block: { source, output, paths, entry,
 * active } (the entry file's text, the build's answer, the tabs), as
 * firstAnswer's saved case; null when the block is not complete yet or
 * has no successful answer for that example.
 */
export function prerenderedExample(name, doc = globalThis.document) {
  try {
    const p = JSON.parse(doc.getElementById(prerenderedId).textContent);
    const x = p.example === name ? p : p.examples && Object.hasOwn(p.examples, name) ? p.examples[name] : null;
    const r = x && asResponse(x.response);
    if (!r || r.exitCode !== 0) return null;
    const req = JSON.parse(x.request);
    if (!req.files || typeof req.files[req.entry] !== "string") return null;
    return { source: req.files[req.entry], output: r.output, paths: Object.keys(req.files), entry: req.entry, active: req.entry };
  } catch {
    return null;
  }
}

/**
 * prerenderedRecord is what scripts/prerender.mjs puts in the page for
 * request and the engine's response to it. For the page's block, example
 * names the first example, and examples maps each other gallery example's
 * name to its own record.
 */
export const prerenderedRecord = (request, response, example = undefined, examples = undefined) => ({ request: requestKey(request), response, example, examples });

/**
 * firstAnswer says what a page at loc may paint before main.js has run,
 * following main.js's initialState for the starts it can tell without the
 * network or decompression (not a #s= fragment or a /s/ID path): for an
 * #example=NAME fragment, { example: NAME }, the build's answer to that
 * gallery example (prerenderedExample; when the page has none, nothing is
 * painted, as main.js then starts elsewhere); for the first example (no
 * saved workspace), "build", the page's prerendered answer; for the saved workspace the tab starts on
 * (the tab's own, else the most recently saved: workspaces.js's list),
 * when the engines of build saved a successful answer to the edit of it
 * that the list says is saved (its rev), { source, output, paths, entry,
 * active }: the open file's text, the answer, and the tabs, all read from
 * the saved answer's request, so that this paint waits on no IndexedDB;
 * else null. main.js makes the same choice once it has read the
 * workspace, and replaces what was painted (when another tab has that
 * workspace, main.js starts on a copy: the same files).
 */
export function firstAnswer(build, loc = globalThis.location, storage = undefined, session = undefined) {
  if (/\/s\/[^/]+$/.test(loc.pathname)) return null;
  if (loc.hash.length > 1) {
    // links.js initialState: an #example= of the gallery comes before anything else.
    const name = new URLSearchParams(loc.hash.slice(1)).get("example");
    return name ? { example: name } : null;
  }
  try {
    storage ??= globalThis.localStorage;
    session ??= globalThis.sessionStorage;
    const kept = list(storage); // a damaged one is no workspace, as in main.js
    if (!kept.length) return "build";
    const own = tabWorkspace(session);
    const x = kept.find((y) => y.id === own) || kept[0];
    const s = JSON.parse(storage.getItem(storageKey));
    const r = s && s.build === build && s.stamp?.id === x.id && Number.isInteger(x.rev) && s.stamp.rev === x.rev ? asResponse(s.response) : null;
    if (!r || r.exitCode !== 0) return null;
    const req = JSON.parse(s.request);
    const active = Object.hasOwn(req.files, x.active) ? x.active : req.entry;
    if (typeof req.files[active] !== "string") return null;
    return { source: req.files[active], output: r.output, paths: Object.keys(req.files), entry: req.entry, active };
  } catch {
    return null;
  }
}
