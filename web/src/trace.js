// "Where does this line come from?": the plain logic behind the page's
// trace marks (provenance.js draws them). The engine answers a request
// with traceLine N with the trace of output line N: the places (file,
// line) whose fields feed the value there, kubecfg's causal trace; with
// traceAll, the trace of every output line that holds a value. From those
// this module finds which lines to mark in which file, and the reverse:
// which output lines a source line feeds.

/**
 * traceable says whether the answer resp to request has an output whose
 * lines can be traced: a successful show or eval printed as YAML or JSON
 * (not the compiled view, eval -k, or an export, which prints nothing).
 */
export function traceable(request, resp) {
  if (!request || !resp || (resp.exitCode ?? 0) !== 0 || !resp.output) return false;
  if (request.output === "jsonnet" || request.showKeys || request.exportDir) return false;
  return request.command === "show" || request.command === "eval";
}

/** requestKey is what makes two requests trace alike: the request without its version. */
export function requestKey(request) {
  if (!request) return "";
  const { version: _v, traceLine: _l, traceAll: _a, ...rest } = request;
  return JSON.stringify(rest);
}

/** placeName is a place as the list shows it: file:line. */
export const placeName = (p) => `${p.file}:${p.line}`;

/**
 * listPlaces is a trace's places as the list shows them: each place once,
 * in the trace's order (the most recent evaluation first), with link true
 * for a workspace file the page has (files: path → text).
 */
export function listPlaces(places, files) {
  const seen = new Set();
  const out = [];
  for (const p of places || []) {
    if (!p || typeof p.file !== "string" || !(p.line > 0)) continue;
    const name = placeName(p);
    if (seen.has(name)) continue;
    seen.add(name);
    out.push({ file: p.file, line: p.line, link: !!p.workspace && Object.hasOwn(files, p.file) });
  }
  return out;
}

/**
 * marksByFile groups the workspace places of a trace by file: a Map from
 * path to its lines, ascending, each once.
 */
export function marksByFile(places, files) {
  const marks = new Map();
  for (const p of listPlaces(places, files)) {
    if (!p.link) continue;
    if (!marks.has(p.file)) marks.set(p.file, []);
    marks.get(p.file).push(p.line);
  }
  for (const lines of marks.values()) lines.sort((a, b) => a - b);
  return marks;
}

/**
 * indexTraces indexes a traceAll answer both ways: byLine (output line →
 * its trace) and bySource ("file:line" of a workspace place → the output
 * lines it feeds, ascending).
 */
export function indexTraces(traces) {
  const byLine = new Map();
  const bySource = new Map();
  for (const t of traces || []) {
    if (!t || !(t.line > 0) || t.error) continue;
    byLine.set(t.line, t);
    for (const p of t.places || []) {
      if (!p.workspace) continue;
      const key = placeName(p);
      if (!bySource.has(key)) bySource.set(key, []);
      const lines = bySource.get(key);
      if (lines[lines.length - 1] !== t.line) lines.push(t.line);
    }
  }
  for (const lines of bySource.values()) lines.sort((a, b) => a - b);
  return { byLine, bySource };
}

/** fedBy is the output lines that source line of file feeds, from indexTraces' bySource. */
export function fedBy(bySource, file, line) {
  return bySource.get(`${file}:${line}`) || [];
}

/**
 * lineRanges writes ascending line numbers as ranges: [2,3,4,9] → "2–4, 9".
 */
export function lineRanges(lines) {
  const parts = [];
  for (let i = 0; i < lines.length; i++) {
    let j = i;
    while (j + 1 < lines.length && lines[j + 1] === lines[j] + 1) j++;
    parts.push(j > i ? `${lines[i]}–${lines[j]}` : `${lines[i]}`);
    i = j;
  }
  return parts.join(", ");
}
