// The playground's service worker: makes the site usable offline after one
// visit, and an updated site the site a user sees after "reload to update".
//
// dist/assets.json lists the build's files (the page, the content-hashed
// bundles, the wasm engines, embed.html and embed.js) and its docs pages
// with their CSS and images; scripts/seal.mjs keys the list to the build
// ("build", a hash over every listed file). Each build is cached whole in a
// cache of its own, kubecfg-build-KEY: install caches the build; after a
// page load the worker reads the list on the network, and when its key is
// new it caches that build, makes it the one it serves and tells the pages
// "update-ready". The page asks the user to reload and never reloads by
// itself, so nothing typed is lost. The previous build's cache stays while
// a page of it is open (its lazily loaded chunks are there) and is evicted
// after, or when a new worker activates.
//
// The build's files are answered from its cache first; the docs, and any
// file the list does not name, from the network first (a copy is kept in
// the build's cache for offline use), so nothing outside the list is ever
// older than the network's.
const PREFIX = "kubecfg-build-";
const META = "kubecfg-sw";
const PAGES = new Set(["", "index.html", "embed", "embed.html"]);

function scoped(url) {
  const scope = new URL(self.registration.scope);
  return url.origin === scope.origin && url.pathname.startsWith(scope.pathname)
    ? url.pathname.slice(scope.pathname.length) : null;
}

async function sha256(text) {
  const sum = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(sum)].slice(0, 8).map((b) => b.toString(16).padStart(2, "0")).join("");
}

// readList fetches the build's list from the network: { key, urls }. A
// list that was not sealed is keyed by its own text.
async function readList() {
  const res = await fetch("dist/assets.json", { cache: "no-cache" });
  if (!res.ok) throw new Error(`dist/assets.json: ${res.status}`);
  const text = await res.text();
  const { assets, docs = [], build } = JSON.parse(text);
  return { key: build || await sha256(text), urls: [...assets, ...docs] };
}

// The build the worker serves: { key, urls: Set } or null, kept in META
// so that a restarted worker knows it.
let served = null;
async function current() {
  if (served) return served;
  const hit = await (await caches.open(META)).match("current");
  if (!hit) return null;
  const { key, urls } = await hit.json();
  served = { key, urls: new Set(urls) };
  return served;
}

async function setCurrent(key, urls) {
  await (await caches.open(META)).put("current", new Response(JSON.stringify({ key, urls }), {
    headers: { "content-type": "application/json" },
  }));
  served = { key, urls: new Set(urls) };
}

// fill caches every file of a build in its own cache, all or nothing.
async function fill(key, urls) {
  const cache = await caches.open(PREFIX + key);
  try {
    await cache.addAll(urls.map((u) => new Request(u, { cache: "no-cache" })));
  } catch (err) {
    await caches.delete(PREFIX + key);
    throw err;
  }
}

// The build of each page (window client) this worker served, by client
// id: a build's cache stays while a page of it is open.
const pageBuild = new Map();

// evict deletes every cache but the served build's and those of open
// pages; with all, the open pages' too (a new worker is activating). A
// page this worker did not serve (the browser stopped and restarted the
// worker since, as it does after half a minute idle) may be of an older
// build: then the newest build before the served one is kept too (caches
// are listed in the order they were made), so an open page of it still
// finds its chunks and the caches stay at two builds, not one per deploy.
async function evict(all) {
  const cur = await current();
  const keep = new Set([META]);
  if (cur) keep.add(PREFIX + cur.key);
  if (!all) {
    let unknown = false;
    for (const c of await self.clients.matchAll({ type: "window" })) {
      if (pageBuild.has(c.id)) keep.add(PREFIX + pageBuild.get(c.id));
      else unknown = true;
    }
    if (unknown) {
      const older = (await caches.keys()).filter((k) => k.startsWith(PREFIX) && !keep.has(k));
      if (older.length) keep.add(older[older.length - 1]);
    }
  }
  for (const k of await caches.keys()) if (!keep.has(k)) await caches.delete(k);
}

self.addEventListener("install", (ev) => {
  ev.waitUntil((async () => {
    const { key, urls } = await readList();
    await fill(key, urls);
    await setCurrent(key, urls);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (ev) => {
  ev.waitUntil((async () => {
    await evict(true);
    await self.clients.claim();
  })());
});

let checking = null;
async function checkForUpdate() {
  const cur = await current();
  const list = await readList().catch(() => null);
  if (list && (!cur || list.key !== cur.key)) {
    await fill(list.key, list.urls);
    await setCurrent(list.key, list.urls);
    if (cur) for (const c of await self.clients.matchAll({ type: "window" })) c.postMessage({ type: "update-ready" });
  }
  await evict(false);
}

// cached answers from the served build's cache, then from any (an open
// page of the previous build loads its chunks from its own).
async function cached(req) {
  const cur = await current();
  const hit = cur && await (await caches.open(PREFIX + cur.key)).match(req);
  return hit || caches.match(req);
}

// keep stores a network answer in the served build's cache.
async function keep(req, res) {
  const cur = await current();
  if (!cur || !res.ok || res.type !== "basic") return;
  await (await caches.open(PREFIX + cur.key)).put(req, res);
}

// networkFirst answers from the network, keeping a copy, and from the
// cache offline; a folder's URL is its index.html there.
async function networkFirst(req, rel) {
  try {
    const res = await fetch(req);
    keep(req, res.clone()).catch(() => {});
    return res;
  } catch (err) {
    const hit = await cached(req) || (rel.endsWith("/") || rel === "docs" ? await cached(rel.replace(/\/?$/, "/index.html")) : null);
    if (hit) return hit;
    throw err;
  }
}

self.addEventListener("fetch", (ev) => {
  const req = ev.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  const rel = scoped(url);
  if (rel === null || rel.startsWith("api/")) return;
  // /s/ID (a 22-character ID) is the page; any other /s/X is the root's X,
  // as the site serves it, because the page of /s/ID loads files relative
  // to /s/.
  const snippet = /^s\/[A-Za-z0-9_-]{22}$/.test(rel);
  const page = PAGES.has(rel) || snippet;
  const asset = !snippet && rel.startsWith("s/") ? rel.slice(2) + url.search : null;
  ev.respondWith((async () => {
    const cur = await current();
    if (page) {
      const name = rel.startsWith("embed") ? "embed.html" : "index.html";
      const hit = cur && await (await caches.open(PREFIX + cur.key)).match(name);
      if (!checking) checking = checkForUpdate().finally(() => { checking = null; });
      ev.waitUntil(checking.catch(() => {}));
      if (hit) {
        if (req.mode === "navigate" && ev.resultingClientId) pageBuild.set(ev.resultingClientId, cur.key);
        return hit;
      }
      return fetch(req);
    }
    if (req.mode === "navigate" && cur && ev.resultingClientId) {
      pageBuild.set(ev.resultingClientId, cur.key);
      ev.waitUntil(evict(false).catch(() => {}));
    }
    const path = asset ?? rel + url.search;
    const target = asset !== null ? new URL(asset, self.registration.scope).href : req;
    // The build's own files, but the docs, which are revalidated.
    if (cur && cur.urls.has(path) && !path.startsWith("docs/")) {
      const hit = await cached(target);
      if (hit) return hit;
      const res = await fetch(target);
      keep(target, res.clone()).catch(() => {});
      return res;
    }
    return networkFirst(target, path);
  })());
});
