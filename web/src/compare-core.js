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
 * @property {string} text
 */

/**
 * splitDocs cuts an output into its documents: the lines between lines
 * that are exactly "---" (the first may be one). Each is {line, text}:
 * its first line's 1-based number and its text, without the newline
 * that ends its last line. (It walks the text by indexOf, without
 * splitting it: a 5.8 MB output is 150,000 lines.)
 */
export function splitDocs(text) {
  const docs = [];
  let pos = 0;
  let line = 1;
  let start = -1; // the open document's first character
  let startLine = 0;
  const close = (end) => {
    if (start >= 0) docs.push({ line: startLine, text: text.slice(start, Math.max(start, end - 1)) });
    start = -1;
  };
  while (pos < text.length) {
    let end = text.indexOf("\n", pos);
    if (end < 0) end = text.length;
    if (end - pos === 3 && text.startsWith("---", pos)) close(pos);
    else if (start < 0) { start = pos; startLine = line; }
    pos = end + 1;
    line++;
  }
  if (start >= 0) docs.push({ line: startLine, text: text.slice(start, text.endsWith("\n") ? text.length - 1 : text.length) });
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

// jsonScalar reads the value of a line "key": VALUE[,] of indented JSON: a string, or "".
function jsonScalar(s) {
  try {
    const v = JSON.parse(s.trim().replace(/,$/, ""));
    return typeof v === "string" ? v : "";
  } catch { return ""; }
}

// topKey finds a top-level key's line in a document (pre: how a key's
// line begins, at the document's start or after a newline) and returns
// the rest of the line, or null.
function topKey(doc, pre) {
  let i = doc.startsWith(pre) ? 0 : doc.indexOf(`\n${pre}`);
  if (i < 0) return null;
  if (i > 0 || doc[0] === "\n") i++;
  const from = i + pre.length;
  const end = doc.indexOf("\n", from);
  return doc.slice(from, end < 0 ? doc.length : end);
}

// identityOf reads a document's apiVersion, kind, metadata.name and
// metadata.namespace as show prints them (keys sorted; YAML, or JSON
// indented by two spaces): the top-level keys' lines, and the lines one
// level in under metadata, found by indexOf, not by parsing the whole
// document (a ConfigMap's data comes before its kind).
function identityOf(doc) {
  const json = doc.startsWith("{");
  const id = { apiVersion: "", kind: "", name: "", namespace: "" };
  const [top, inner, read] = json ? ['  "', '    "', jsonScalar] : ["", "  ", scalar];
  const q = json ? '"' : "";
  for (const k of ["apiVersion", "kind"]) {
    const v = topKey(doc, `${top}${k}${q}:`);
    if (v !== null) id[k] = read(v);
  }
  const meta = json ? `\n  "metadata": {\n` : "\nmetadata:\n";
  let at;
  if (doc.startsWith(meta.slice(1))) at = meta.length - 1;
  else {
    const i = doc.indexOf(meta);
    if (i < 0) return id;
    at = i + meta.length;
  }
  while (at < doc.length) {
    let end = doc.indexOf("\n", at);
    if (end < 0) end = doc.length;
    const l = doc.slice(at, end);
    if (!l.startsWith(json ? "    " : "  ")) break; // out of metadata
    if (l.startsWith(inner) && l[inner.length] !== " ") {
      for (const k of ["name", "namespace"]) {
        if (l.startsWith(`${inner}${k}${q}:`)) id[k] = read(l.slice(inner.length + k.length + q.length + 1));
      }
    }
    at = end + 1;
  }
  return id;
}

/** parseOutput is an output's objects (Doc), in the output's order. */
export function parseOutput(text) {
  return splitDocs(text).map((d) => {
    const id = identityOf(d.text);
    const slash = id.apiVersion.indexOf("/");
    return { ...id, group: slash >= 0 ? id.apiVersion.slice(0, slash) : "", line: d.line, text: d.text };
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
  const entry = (d, state) => ({ state, desc: describe(d), kind: d.kind, namespace: d.namespace, name: d.name, line: d.line });
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
    const [bl, dl] = [b.text.split("\n"), d.text.split("\n")];
    const hs = hunks(diffLines(bl, dl), bl, dl, context);
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

// The flags a variant may set, and the request's field each fills.
const varFlags = { "-V": "extStr", "--ext-str": "extStr", "--ext-code": "extCode", "-A": "tlaStr", "--tla-str": "tlaStr", "--tla-code": "tlaCode" };

// shellWords splits text into words as a shell does, for what a variant
// needs: blanks between words, '…' and "…" (with \ escapes) quoting.
function shellWords(text) {
  const out = [];
  let cur = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (/\s/.test(c)) {
      if (cur !== null) out.push(cur);
      cur = null;
      continue;
    }
    cur ??= "";
    if (c === "'" || c === '"') {
      let j = i + 1;
      for (; j < text.length && text[j] !== c; j++) {
        if (c === '"' && text[j] === "\\" && j + 1 < text.length) j++;
        cur += text[j];
      }
      if (j >= text.length) throw new Error(`cannot read the flags at column ${i + 1}: an unclosed quote`);
      i = j;
      continue;
    }
    cur += c;
  }
  if (cur !== null) out.push(cur);
  return out;
}

/**
 * parseVariant reads the flags of a variant ("the same workspace with one
 * feature, ext var or TLA set otherwise"), as a command line writes them:
 * --features=NAME[=BOOL] (or --features NAME), -V/--ext-str, --ext-code,
 * -A/--tla-str, --tla-code NAME=VALUE (or FLAG=NAME=VALUE); a value may
 * be quoted ('…' or "…"). It returns {features: [items], extStr, extCode,
 * tlaStr, tlaCode} or throws an error that names the flag.
 */
export function parseVariant(text) {
  const words = shellWords(text);
  const out = { features: [], extStr: {}, extCode: {}, tlaStr: {}, tlaCode: {} };
  for (let i = 0; i < words.length; i++) {
    let flag = words[i];
    let value = null;
    const eq = flag.startsWith("--") ? flag.indexOf("=") : -1;
    if (eq > 0) { value = flag.slice(eq + 1); flag = flag.slice(0, eq); }
    if (flag !== "--features" && !varFlags[flag]) throw new Error(`${flag}: a variant sets --features, -V/--ext-str, --ext-code, -A/--tla-str or --tla-code`);
    if (value === null) {
      if (i + 1 >= words.length) throw new Error(`${flag} needs a value`);
      value = words[++i];
    }
    if (flag === "--features") {
      for (const item of value.split(",").filter(Boolean)) {
        if (!/^[a-z0-9-]+(=(true|false))?$/.test(item)) throw new Error(`--features: ${item} is not NAME, NAME=true or NAME=false`);
        out.features.push(item);
      }
      continue;
    }
    const e = value.indexOf("=");
    if (e <= 0) throw new Error(`${flag} ${value}: want NAME=VALUE`);
    out[varFlags[flag]][value.slice(0, e)] = value.slice(e + 1);
  }
  if (!out.features.length && !["extStr", "extCode", "tlaStr", "tlaCode"].some((k) => Object.keys(out[k]).length)) throw new Error("no flag to set otherwise");
  return out;
}

/**
 * applyVariant is request with the variant's flags set: its features
 * items replace the request's items of the same names, its variables the
 * request's of the same names (a variable is one of ext or tla, of str or
 * code: the other kind of the same name goes).
 */
export function applyVariant(request, v) {
  const name = (item) => item.split("=")[0];
  const names = new Set(v.features.map(name));
  const r = { ...request, features: [...(request.features || []).filter((f) => !names.has(name(f))), ...v.features] };
  for (const kinds of [["extStr", "extCode"], ["tlaStr", "tlaCode"]]) {
    for (const k of kinds) {
      for (const n of Object.keys(v[k])) {
        for (const other of kinds) {
          if (r[other] && Object.hasOwn(r[other], n)) { r[other] = { ...r[other] }; delete r[other][n]; }
        }
      }
    }
    for (const k of kinds) if (Object.keys(v[k]).length) r[k] = { ...r[k], ...v[k] };
  }
  return r;
}
