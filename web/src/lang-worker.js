// The language service's worker: a second worker, apart from the
// evaluation worker, that runs static/kubecfg-lang.wasm (wasm/lang,
// pkg/langserv) and answers the editor's questions (completion, hover,
// definition, references, format, lint). The page starts it after its
// first result (web/src/lang.js), so it costs nothing before that, and an
// answer never waits behind an evaluation. It is a classic worker script
// (wasm_exec.js is loaded with importScripts); its name carries the URLs.
// The page's messages are update {session, update} (the files that
// changed), lang {id, session, rev, request}, answered by answer {id,
// response} or stale {id} when the engine does not hold that revision,
// lang {id, request} with the files inside, and dispose {session}; they
// are handled one at a time, in order.
/* global importScripts, Go */

let ready = null;

async function compile(url) {
  try {
    const hit = await caches.match(new URL(url, location.href).href).catch(() => null);
    return await WebAssembly.compileStreaming(hit || fetch(url));
  } catch {
    const r = await fetch(url);
    if (!r.ok) throw new Error(`loading ${url}: ${r.status} ${r.statusText}`);
    return WebAssembly.compile(await r.arrayBuffer());
  }
}

async function start({ wasmUrl, wasmExecUrl }) {
  const t0 = performance.now();
  const compiling = compile(wasmUrl);
  importScripts(wasmExecUrl);
  const module = await compiling;
  const go = new Go();
  const instance = await WebAssembly.instantiate(module, go.importObject);
  go.run(instance).then(() => postMessage({ type: "exited" }), () => postMessage({ type: "exited" }));
  if (!globalThis.kubecfg || typeof globalThis.kubecfg.lang !== "function") {
    throw new Error("the language service did not define globalThis.kubecfg.lang");
  }
  return { k: globalThis.kubecfg, startMs: performance.now() - t0 };
}

const boot = self.name ? JSON.parse(self.name) : null;
if (boot) {
  ready = start(boot);
  ready.then(({ k, startMs }) => postMessage({ type: "ready", version: k.version, startMs }),
    (err) => postMessage({ type: "failed", message: String(err && err.message || err) }));
}

let inOrder = Promise.resolve();

self.onmessage = (ev) => {
  const msg = ev.data;
  if (!ready || !["lang", "update", "dispose"].includes(msg.type)) return;
  inOrder = inOrder.then(() => handle(msg));
};

async function handle(msg) {
  let engine;
  try {
    engine = await ready;
  } catch {
    return; // the ready message has said why
  }
  if (msg.type === "update") {
    engine.k.update(msg.session, msg.update); // refused: the question after it answers stale
    return;
  }
  if (msg.type === "dispose") {
    engine.k.dispose(msg.session);
    return;
  }
  const started = performance.now();
  let response;
  try {
    response = msg.session === undefined ? await engine.k.lang(msg.request) : await engine.k.lang(msg.session, { rev: msg.rev, request: msg.request });
  } catch (err) {
    // kubecfg.lang turns every error and panic into a response: an
    // exception is the instance itself failing (the host's stack
    // exhausted), after which it is not usable. The page starts another.
    postMessage({ type: "exited", message: String(err && err.message || err) });
    return;
  }
  if (response?.stale) {
    postMessage({ type: "stale", id: msg.id, stale: response.stale });
    return;
  }
  postMessage({ type: "answer", id: msg.id, response, ms: performance.now() - started });
}
