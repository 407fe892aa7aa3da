// The playground's service worker: makes the site usable offline after one
// visit. Install caches the files listed in dist/assets.json (the page, the
// content-hashed bundles, kubecfg.wasm, wasm_exec.js); every request is
// answered from the cache first. After a page load it checks index.html on
// the network; when a new build is there it caches that build and tells the
// pages "update-ready". The page asks the user to reload and never reloads
// by itself, so nothing typed is lost.
const CACHE = "kubecfg-playground-v1";
const PAGES = new Set(["", "index.html", "embed", "embed.html"]);

function scoped(url) {
  const scope = new URL(self.registration.scope);
  return url.origin === scope.origin && url.pathname.startsWith(scope.pathname)
    ? url.pathname.slice(scope.pathname.length) : null;
}

async function precache() {
  const res = await fetch("dist/assets.json", { cache: "no-cache" });
  if (!res.ok) throw new Error(`dist/assets.json: ${res.status}`);
  const { assets } = await res.json();
  const cache = await caches.open(CACHE);
  await cache.addAll(assets.map((a) => new Request(a, { cache: "no-cache" })));
  return cache;
}

self.addEventListener("install", (ev) => {
  ev.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (ev) => {
  ev.waitUntil((async () => {
    for (const k of await caches.keys()) if (k !== CACHE) await caches.delete(k);
    await self.clients.claim();
  })());
});

// networkFirst answers a navigation outside the playground's pages (the
// docs) from the network, keeping a copy, and from that copy offline.
async function networkFirst(req) {
  const cache = await caches.open(CACHE);
  try {
    const res = await fetch(req);
    if (res.ok && res.type === "basic") cache.put(req, res.clone());
    return res;
  } catch (err) {
    const hit = await cache.match(req);
    if (hit) return hit;
    throw err;
  }
}

let checking = null;
async function checkForUpdate() {
  const cache = await caches.open(CACHE);
  const [cached, fresh] = await Promise.all([
    cache.match("index.html"),
    fetch("index.html", { cache: "no-cache" }).catch(() => null),
  ]);
  if (!fresh || !fresh.ok) return;
  const [a, b] = await Promise.all([cached ? cached.text() : "", fresh.clone().text()]);
  if (a === b) return;
  await precache(); // the new build's files, then its page
  await cache.put("index.html", fresh);
  if (!cached) return;
  for (const c of await self.clients.matchAll({ type: "window" })) c.postMessage({ type: "update-ready" });
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
  // The playground's own pages; any other navigation (a docs page) is that
  // page: from the network, from the cache when offline.
  const page = PAGES.has(rel) || snippet;
  if (!page && req.mode === "navigate") {
    ev.respondWith(networkFirst(req));
    return;
  }
  const asset = !snippet && rel.startsWith("s/") ? new URL(rel.slice(2) + url.search, self.registration.scope).href : null;
  ev.respondWith((async () => {
    const cache = await caches.open(CACHE);
    if (page) {
      const name = rel.startsWith("embed") ? "embed.html" : "index.html";
      const hit = await cache.match(name);
      if (hit) {
        if (!checking) checking = checkForUpdate().finally(() => { checking = null; });
        ev.waitUntil(checking.catch(() => {}));
        return hit;
      }
      return fetch(req);
    }
    const hit = await cache.match(asset || req);
    if (hit) return hit;
    const res = await fetch(asset || req);
    if (res.ok && res.type === "basic") cache.put(asset || req, res.clone());
    return res;
  })());
});
