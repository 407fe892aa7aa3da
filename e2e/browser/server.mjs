// A tiny static file server for the browser tests: serves static/ on
// 127.0.0.1 with the MIME types the page needs (application/wasm for
// instantiateStreaming) and the headers the real server sends. It stands in
// until `kubecfg --features=playground playground` serves the site
// (set KUBECFG_PLAYGROUND_URL to test that server instead).
import http from "node:http";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
/** staticRoot is the site root the tests serve. */
export const staticRoot = path.resolve(here, "..", "..", "static");

const types = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8", ".wasm": "application/wasm", ".json": "application/json",
  ".webmanifest": "application/manifest+json", ".svg": "image/svg+xml", ".png": "image/png", ".map": "application/json",
};

/**
 * serve starts the server and resolves to { url, close, setRoot };
 * setRoot(dir) serves another site root from then on (a new build of the
 * site at the same origin).
 */
export async function serve(root = staticRoot) {
  const server = http.createServer(async (req, res) => {
    try {
      const u = new URL(req.url, "http://127.0.0.1");
      let p = path.normalize(decodeURIComponent(u.pathname)).replace(/^(\.\.[/\\])+/, "");
      if (p.endsWith("/")) p += "index.html";
      if (p === "/embed") p = "/embed.html";
      const file = path.join(root, p);
      if (!file.startsWith(root)) { res.writeHead(403).end(); return; }
      const st = await stat(file).catch(() => null);
      if (!st || !st.isFile()) { res.writeHead(404, { "content-type": "application/json" }).end('{"error":"not found"}'); return; }
      res.writeHead(200, {
        "content-type": types[path.extname(file)] || "application/octet-stream",
        "x-content-type-options": "nosniff",
        "cache-control": "no-cache",
      });
      res.end(await readFile(file));
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    setRoot: (dir) => { root = dir; },
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); }),
  };
}
