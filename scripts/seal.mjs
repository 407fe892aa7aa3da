// seal keys the service worker's list to the build: it adds to
// SITE/dist/assets.json (written by scripts/build-web) the docs pages, their
// CSS and images (every file under SITE/docs/ that the site serves, but
// the compressed copies), and "build", a SHA-256 over every listed file's path and content. The
// service worker caches one build per cache, named by that key, so a new
// build of any listed file (the page, docs/docs.css) is a new cache and the
// previous one is evicted. Run it last, after the page is prerendered and
// the docs are written:
//
//   node scripts/seal.mjs static
import { createHash } from "node:crypto";
import { readFile, writeFile, readdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** docsFiles lists the site's docs files, relative to root, sorted. */
async function docsFiles(root) {
  const out = [];
  const walk = async (dir) => {
    let entries;
    try {
      entries = await readdir(path.join(root, dir), { withFileTypes: true });
    } catch (err) {
      if (err.code === "ENOENT") return;
      throw err;
    }
    for (const e of entries) {
      // The site serves no dot or underscore names (internal/site).
      if (/^[._]/.test(e.name)) continue;
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) await walk(rel);
      else if (e.isFile() && !/\.(br|gz)$/.test(e.name)) out.push(rel);
    }
  };
  await walk("docs");
  return out.sort();
}

/** seal rewrites root's dist/assets.json with the docs and the build key; it returns the key. */
export async function seal(root) {
  const listFile = path.join(root, "dist", "assets.json");
  const { assets } = JSON.parse(await readFile(listFile, "utf8"));
  if (!Array.isArray(assets)) throw new Error(`${listFile}: no "assets" list`);
  const docs = await docsFiles(root);
  const h = createHash("sha256");
  for (const url of [...assets, ...docs]) {
    const file = path.join(root, url.replace(/[?#].*$/, ""));
    const body = await readFile(file).catch((err) => { throw new Error(`${url}: ${err.message}`); });
    h.update(`${url}\0${createHash("sha256").update(body).digest("hex")}\n`);
  }
  const build = h.digest("hex").slice(0, 16);
  await writeFile(listFile, JSON.stringify({ assets, docs, build }, null, 2) + "\n");
  return build;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.argv[2];
  if (!root || process.argv.length !== 3) {
    console.error("usage: node scripts/seal.mjs SITE");
    process.exit(2);
  }
  seal(root).then((build) => console.log(`seal: ${root}/dist/assets.json is build ${build}`), (err) => {
    console.error(`seal: ${err.message}`);
    process.exit(1);
  });
}
