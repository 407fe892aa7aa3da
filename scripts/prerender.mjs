// prerender puts the answer to the playground's first example, and those
// to the other gallery examples, into static/index.html, so that a first
// visit (or an #example= link's) shows it before the engine has started.
// The engine the page starts on (static/kubecfg-core.wasm, under Node)
// runs the request the page makes for each example. In place of the
// template's <!--prerendered:…--> markers the page then gets: the answers
// as data (web/src/saved.js reads them); the example's entry file and the
// output as plain text in the two panes (shown only when web/src/boot.js
// finds that the page starts on that example); and the Example menu's
// options. The page's engine still runs the request and its answer
// replaces this one; the e2e tests check that the two are the same.
//
// Run from the module root after ./scripts/build-web:
//   node scripts/prerender.mjs
import { readFile, writeFile } from "node:fs/promises";
import { examples } from "../web/src/examples.js";
import { fromExample, normalize, toRequest } from "../web/src/state.js";
import { prerenderedId, prerenderedRecord } from "../web/src/saved.js";
import { loadKubecfg } from "../web/node/run.mjs";

const page = "static/index.html";

const escapeHTML = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

// In a data block only "</script" and "<!--" could end it early: every
// "<" is written as \u003c, which JSON reads back as "<".
const dataBlock = (v) => `<script type="application/json" id="${prerenderedId}">${JSON.stringify(v).replace(/</g, "\\u003c")}</script>`;

// answer runs the request the page makes for example ex on kubecfg (the
// core engine) and returns it with its request; an example whose answer
// is not a success, or needs the full engine, fails the build.
async function answer(kubecfg, ex) {
  const state = normalize(fromExample(ex));
  const request = toRequest(state, "");
  const response = await kubecfg.run(request);
  if (response.needsFullEngine) throw new Error(`the example ${ex.name} needs the full engine: the page starts on the core engine, so it would wait for both`);
  if (response.exitCode !== 0) throw new Error(`the example ${ex.name} fails (exit ${response.exitCode}): ${response.stderr}`);
  return { state, request, response };
}

async function main() {
  let html = await readFile(page, "utf8");
  const kubecfg = await loadKubecfg({ wasm: "static/kubecfg-core.wasm" });
  const { state, request, response } = await answer(kubecfg, examples[0]);
  // Each other gallery example's answer, for an #example= link's first paint.
  const others = {};
  for (const ex of examples.slice(1)) {
    const a = await answer(kubecfg, ex);
    others[ex.name] = prerenderedRecord(a.request, a.response);
  }
  const fill = {
    // The Example menu's options, as main.js makes them ("(your
    // workspace)", then the gallery in order): the menu has its width from
    // the first paint.
    examples: [["", "(your workspace)"], ...examples.map((ex) => [ex.name, ex.title])]
      .map(([value, title]) => `<option value="${escapeHTML(value)}">${escapeHTML(title)}</option>`).join(""),
    source: `<pre class="prerendered" aria-hidden="true">${escapeHTML(state.files[state.entry])}</pre>`,
    output: `<pre class="prerendered" aria-hidden="true" elementtiming="kubecfg-prerendered">${escapeHTML(response.output)}</pre>`,
    // With the first example's title and description, which the boot
    // script shows (under the menu, in the help panel) on a first visit.
    data: dataBlock({ ...prerenderedRecord(request, response, examples[0].name, others), about: { title: examples[0].title, description: examples[0].description } }),
  };
  for (const [name, text] of Object.entries(fill)) {
    const marker = `<!--prerendered:${name}-->`;
    if (html.split(marker).length !== 2) throw new Error(`${page}: want one ${marker} (run ./scripts/build-web first)`);
    html = html.replace(marker, () => text);
  }
  await writeFile(page, html);
  console.log(`prerender: ${page}: the answers to ${examples.map((ex) => ex.name).join(", ")} (${response.output.length} bytes of output for the first)`);
}

main().then(() => process.exit(0), (err) => {
  console.error(`prerender: ${err.message}`);
  process.exit(1);
});
