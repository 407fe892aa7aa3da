// embed.js: include it in a docs page and every <pre data-kubecfg> block
// becomes a live, editable snippet (an iframe of the playground's /embed
// page, sized to fit) with its output and an "Open in playground" link
// that carries the snippet as edited.
// Without JavaScript the block stays as it is: a readable code block.
//
//   <pre data-kubecfg="app.jsonnet" data-features="yakl" data-command="show"
//        data-expr="" data-output="yaml">…code…</pre>
//
// A block may carry its whole workspace instead, as data-state="FRAGMENT"
// (what #s= holds): the docs pages do, so an example of several files is
// live too. data-validate (empty, or a Kubernetes version: "1.31") turns
// on the Validate switch for the block: its output is checked against
// Kubernetes' schemas, and each problem marked at the line that made it.
//   <script src="https://PLAYGROUND/embed.js" defer></script>
import { encodeFragment } from "./share.js";

const script = document.currentScript;
const base = new URL(".", script ? script.src : location.href);

/** stateFor turns one block and its data- attributes into a playground state. */
export function stateFor(pre) {
  const d = pre.dataset;
  const entry = d.kubecfg && d.kubecfg !== "" ? d.kubecfg : "main.jsonnet";
  const features = {};
  for (const item of (d.features || "").split(",").map((s) => s.trim()).filter(Boolean)) {
    const [name, value] = item.split("=");
    features[name] = value !== "false";
  }
  let text = pre.textContent;
  if (!text.endsWith("\n")) text += "\n";
  return {
    files: { [entry]: text },
    entry,
    controls: {
      command: d.command || "show", expr: d.expr || "", output: d.output || "yaml",
      features, alpha: false, vars: { extStr: "", extCode: "", tlaStr: "", tlaCode: "" },
    },
  };
}

/**
 * validateParam is the embed page's fragment parameter for a block's
 * data-validate: "&validate=VERSION" ("&validate=" for the default
 * version), or "" without the attribute.
 */
export function validateParam(pre) {
  const v = pre.dataset.validate;
  if (v === undefined) return "";
  return `&validate=${/^1\.\d{1,3}$/.test(v.trim()) ? v.trim() : ""}`;
}

async function upgrade(pre) {
  // data-state carries a whole workspace (an rc file beside the entry, say)
  // as a #s= fragment; without it the block is the one file.
  const frag = /^[A-Za-z0-9_-]+$/.test(pre.dataset.state || "") ? pre.dataset.state : await encodeFragment(stateFor(pre));
  const frame = document.createElement("iframe");
  frame.src = new URL(`embed#s=${frag}${validateParam(pre)}`, base).href;
  frame.title = `kubecfg snippet: ${pre.dataset.kubecfg || "main.jsonnet"}`;
  frame.loading = "lazy";
  frame.style.cssText = "width:100%;border:0;display:block;height:" + Math.max(160, pre.offsetHeight + 140) + "px";
  const box = document.createElement("div");
  box.className = "kubecfg-embed";
  box.append(frame); // the frame has the "Open in playground" link
  pre.replaceWith(box);
  box.kubecfgSource = pre;
}

addEventListener("message", (ev) => {
  if (ev.data?.type !== "kubecfg:embed-size" || typeof ev.data.height !== "number") return;
  for (const f of document.querySelectorAll(".kubecfg-embed iframe")) {
    if (f.contentWindow === ev.source) f.style.height = `${Math.min(Math.max(ev.data.height, 80), 2000)}px`;
  }
});

function all() {
  for (const pre of document.querySelectorAll("pre[data-kubecfg]")) upgrade(pre);
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", all);
else all();
