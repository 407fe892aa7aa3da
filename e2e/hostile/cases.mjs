// The hostile-input corpus for JavaScript tests (the browser playground's
// Playwright tests, Node): loads cases.json and expands each case's
// generated files, so case.request is ready for kubecfg.run(request).
//
//   import { loadCorpus } from "../hostile/cases.mjs";
//   const { cases, harmless, harmlessStdout, forbidden } = await loadCorpus();
//
// See README.md for what each outcome (case.browser) asks of the page.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

/** expand returns the text of a generated file: its parts in order. */
export function expand(parts) {
  return parts.map((p) => p.text.repeat(p.times || 1)).join("");
}

/**
 * loadCorpus reads cases.json and resolves to { cases, harmless,
 * harmlessStdout, forbidden }, with every case's generated files (repeat)
 * expanded into case.request.files.
 */
export async function loadCorpus(file = path.join(here, "cases.json")) {
  const corpus = JSON.parse(await readFile(file, "utf8"));
  for (const c of corpus.cases) {
    for (const [name, parts] of Object.entries(c.repeat ?? {})) {
      c.request.files[name] = expand(parts);
    }
    delete c.repeat;
  }
  return corpus;
}

// node cases.mjs: print every case's files as JSON ({name: files}), for
// the Go test that holds this expansion to the Go one.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { cases } = await loadCorpus();
  const out = {};
  for (const c of cases) out[c.name] = c.request.files;
  process.stdout.write(JSON.stringify(out));
}
