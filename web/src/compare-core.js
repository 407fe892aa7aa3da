// The Compare view's comparison (issue 30), with no DOM: show's output
// (YAML or JSON documents between --- lines, as the page shows it) cut
// into objects, each named as `kubecfg diff --against` names it, and each
// object of the new output matched with the baseline's object of the same
// API group, kind, namespace and name, as internal/objdiff matches them:
// the first baseline object of an identity counts, and an object without
// a namespace is matched with one without, or else with one in "default".
// Two objects are the same when their text is (show prints the same value
// as the same text); a changed object carries its line diff
// (compare-diff.js). It runs in the Compare worker (compare-worker.js) and
// in node's tests.
import { diffLines, hunks } from "./compare-diff.js";

/**
 * @typedef {object} Doc one object of an output
 * @property {string} group the API group: apiVersion before its "/", "" for the core group
 * @property {string} apiVersion
 * @property {string} kind
 * @property {string} namespace
 * @property {string} name
 * @property {number} line the 1-based output line of its first line (after its --- line)
 * @property {string[]} lines its text's lines
 * @property {string} text
 */

/**
 * splitDocs cuts an output into its documents: the lines between lines
 * that are exactly "---" (the first may be one). Each is {line, lines}.
 */
export function splitDocs(text) {
  const all = text.split("\n");
  if (all.length && all[all.length - 1] === "") all.pop();
  const docs = [];
  let cur = null;
  for (let i = 0; i < all.length; i++) {
    if (all[i] === "---") { cur = null; continue; }
    if (!cur) { cur = { line: i + 1, lines: [] }; docs.push(cur); }
    cur.lines.push(all[i]);
  }
  return docs;
}

// scalar reads a YAML scalar as kubecfg's YAML writes a string: plain,
// 'single-quoted' ('' is ') or "double-quoted" (JSON's escapes).
function scalar(s) {
  const v = s.trim();
  if (v.startsWith("'") && v.endsWith("'") && v.length > 1) return v.slice(1, -1).replace(/''/g, "'");
  if (v.startsWith('"')) {
    try { return JSON.parse(v); } catch { return v.slice(1, -1); }
  }
  return v;
}

// identityOf reads a document's apiVersion, kind, metadata.name and
// metadata.namespace: from its JSON when it is JSON, else from its YAML's
// top-level keys and the keys two spaces in under metadata.
function identityOf(lines) {
  const id = { apiVersion: "", kind: "", name: "", namespace: "" };
  if (lines[0]?.startsWith("{")) {
    try {
      const o = JSON.parse(lines.join("\n"));
      const str = (v) => (typeof v === "string" ? v : "");
      return { apiVersion: str(o?.apiVersion), kind: str(o?.kind), name: str(o?.metadata?.name), namespace: str(o?.metadata?.namespace) };
    } catch { return id; }
  }
  let inMeta = false;
  for (const l of lines) {
    if (l === "" || l[0] === " " || l[0] === "#") {
      if (!inMeta || !l.startsWith("  ") || l[2] === " ") continue;
      const m = /^ {2}(name|namespace):(?: (.*))?$/.exec(l);
      if (m) id[m[1]] = scalar(m[2] || "");
      continue;
    }
    inMeta = l === "metadata:";
    const m = /^(apiVersion|kind):(?: (.*))?$/.exec(l);
    if (m) id[m[1]] = scalar(m[2] || "");
  }
  return id;
}

/** parseOutput is an output's objects (Doc), in the output's order. */
export function parseOutput(text) {
  return splitDocs(text).map((d) => {
    const id = identityOf(d.lines);
    const slash = id.apiVersion.indexOf("/");
    return { ...id, group: slash >= 0 ? id.apiVersion.slice(0, slash) : "", line: d.line, lines: d.lines, text: d.lines.join("\n") };
  });
}

const keyOf = (d, ns) => JSON.stringify([d.group, d.kind, ns, d.name]);

// resourceName is a kind as kubecfg diff names it offline
// (internal/objdiff): the lowercase kind made plural as Kubernetes guesses.
function resourceName(kind) {
  const k = kind.toLowerCase();
  if (k === "endpoints") return k;
  if (!k) return "";
  if (/(s|x|z|ch|sh)$/.test(k)) return `${k}es`;
  if (/[^aeiou]y$/.test(k)) return `${k.slice(0, -1)}ies`;
  return `${k}s`;
}

/** describe names an object as kubecfg diff does: "deployments prod.web", "namespaces web". */
export function describe(d) {
  return `${resourceName(d.kind)} ${d.namespace ? `${d.namespace}.` : ""}${d.name}`;
}

/**
 * @typedef {object} Entry one object's verdict
 * @property {"changed"|"added"|"removed"|"unchanged"} state added: no baseline object has its identity (the CLI's "doesn't exist on server"); removed: a baseline object no new object matched (the CLI's "doesn't exist in config")
 * @property {string} desc kubecfg diff's name of it
 * @property {string} kind
 * @property {string} namespace
 * @property {string} name
 * @property {number} line its first output line (the new output's; the baseline's for a removed object)
 * @property {number} lineCount
 * @property {{lines: {op: string, text: string, a?: number, b?: number}[]}[]} [hunks] a changed object's line diff: a and b are 1-based lines of the baseline's and the new output
 */

/**
 * compareDocs compares the objects of a new output with the baseline's
 * (parseOutput's). It returns {entries, counts}: an entry per object of
 * the new output in its order, then the removed ones in the baseline's
 * order; unchanged entries only when all is true (else only counted).
 */
export function compareDocs(base, now, { context = 3, all = false } = {}) {
  const index = new Map();
  base.forEach((d, i) => { const k = keyOf(d, d.namespace); if (!index.has(k)) index.set(k, i); });
  const used = new Uint8Array(base.length);
  const counts = { changed: 0, added: 0, removed: 0, unchanged: 0 };
  const entries = [];
  const entry = (d, state) => ({ state, desc: describe(d), kind: d.kind, namespace: d.namespace, name: d.name, line: d.line, lineCount: d.lines.length });
  for (const d of now) {
    let i = index.get(keyOf(d, d.namespace));
    if (i === undefined && !d.namespace) i = index.get(keyOf(d, "default"));
    if (i === undefined) {
      counts.added++;
      entries.push(entry(d, "added"));
      continue;
    }
    used[i] = 1;
    const b = base[i];
    if (b.text === d.text) {
      counts.unchanged++;
      if (all) entries.push(entry(d, "unchanged"));
      continue;
    }
    counts.changed++;
    const hs = hunks(diffLines(b.lines, d.lines), b.lines, d.lines, context);
    for (const h of hs) {
      for (const l of h.lines) {
        if (l.a !== undefined) l.a += b.line;
        if (l.b !== undefined) l.b += d.line;
      }
    }
    entries.push({ ...entry(d, "changed"), hunks: hs });
  }
  base.forEach((d, i) => {
    if (used[i]) return;
    counts.removed++;
    entries.push(entry(d, "removed"));
  });
  return { entries, counts };
}

/** compareOutputs compares two outputs' texts (compareDocs of parseOutput's). */
export function compareOutputs(baseText, nowText, opts) {
  return compareDocs(parseOutput(baseText), parseOutput(nowText), opts);
}

/**
 * summary is the count the Compare tab shows: "no object changed", "1
 * object changed", "3 objects changed", the added and removed ones
 * counted as changed.
 */
export function summary(counts) {
  const n = counts.changed + counts.added + counts.removed;
  if (!n) return "no object changed";
  return `${n} object${n === 1 ? "" : "s"} changed`;
}

/**
 * diffCommand is "Copy as command" for the Compare view: show's command
 * line (the engine's, kubecfg.Invocation.CommandLine) as `kubecfg diff
 * --against FILE`, with the diff-against feature on (unless --alpha is
 * there) and show's flags of the output left out (diff takes neither -o
 * nor --show-provenance, --export-* or --reorder). "" when the line is
 * not show's.
 */
export function diffCommand(show, file = "baseline.yaml") {
  const m = /(^|&& |\s)kubecfg((?: --alpha)?) show(?= |$)/.exec(show);
  if (!m) return "";
  let line = `${show.slice(0, m.index)}${m[1]}kubecfg${m[2]} diff --against ${file}${show.slice(m.index + m[0].length)}`;
  line = line.replace(/ -o (?:json|yaml|'[^']*')(?= |$)/, "").replace(/ --show-provenance(?= |$)/, "").replace(/ --reorder=\S+/, "")
    .replace(/ --export-(?:dir|filename-format|filename-extension) (?:'(?:[^']|'\\'')*'|\S+)/g, "");
  if (m[2]) return line;
  const f = / --features=('?)([^ ']*)\1(?= |$)/.exec(line);
  if (f) {
    if (f[2].split(",").includes("diff-against")) return line;
    return `${line.slice(0, f.index)} --features=${f[1]}${f[2]},diff-against${f[1]}${line.slice(f.index + f[0].length)}`;
  }
  const end = line.indexOf(" -- ", m.index);
  return end >= 0 ? `${line.slice(0, end)} --features=diff-against${line.slice(end)}` : `${line} --features=diff-against`;
}
