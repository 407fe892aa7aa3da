// A big workspace on disk (issue 22): 300 files, about 8 MB, with a small
// entry that imports one of them, for the autosave test and benchmark.
import { mkdtemp, mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/** bigFiles is how many files makeBigFolder writes, bigBytes about how many bytes. */
export const bigFiles = 300;
export const bigBytes = 8_000_000;

/**
 * makeBigFolder writes the workspace under a fresh temporary directory and
 * resolves to { root (to remove), dir (to open as a folder) }.
 */
export async function makeBigFolder() {
  const root = await mkdtemp(path.join(os.tmpdir(), "kubecfg-bigws-"));
  const dir = path.join(root, "big");
  await mkdir(path.join(dir, "lib"), { recursive: true });
  await writeFile(path.join(dir, "main.jsonnet"), "local l = import 'lib/f000.libsonnet';\n{ cm: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'big' }, data: { n: std.toString(l.n) } } }\n");
  const each = Math.floor(bigBytes / (bigFiles - 1));
  for (let i = 0; i < bigFiles - 1; i++) {
    const name = `f${String(i).padStart(3, "0")}.libsonnet`;
    const head = `{ n: ${i}, rows:: [\n`;
    const row = `  'row of file ${i}, padding padding padding padding',\n`;
    const text = head + row.repeat(Math.floor((each - head.length - 4) / row.length)) + "] }\n";
    await writeFile(path.join(dir, "lib", name), text);
  }
  return { root, dir };
}

/**
 * savedRecords reads this page's IndexedDB: the workspace records
 * ({ ws, rev, paths: [[path, v]] }) and every file record as [ws, path,
 * v, text length].
 */
export async function savedRecords(page) {
  return page.evaluate(async () => {
    const db = await new Promise((resolve, reject) => {
      const r = indexedDB.open("kubecfg-playground");
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    const all = (store) => new Promise((resolve, reject) => {
      const r = db.transaction(store, "readonly").objectStore(store).getAll();
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    const meta = (await all("meta")).map((m) => ({ ws: m.ws, rev: m.rev, entry: m.state.entry, paths: m.state.paths, controls: m.state.controls, links: m.state.links }));
    const files = (await all("files")).map((f) => [f.ws, f.path, f.v, f.text.length]);
    db.close();
    return { meta, files };
  });
}
