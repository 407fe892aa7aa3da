// A line diff for the page's Compare view (issue 30): Myers' O(ND)
// greedy algorithm ("An O(ND) Difference Algorithm and Its Variations",
// 1986) over two arrays of lines, after the common head and tail are set
// aside. The edit script is a list of runs; unified hunks with context are
// cut from it (hunks). Written for this page; no other code is copied.

/** maxEdits is the edit distance past which diffLines gives up on a minimal script: the rest is one removal and one insertion (still correct, not minimal). */
export const maxEdits = 1000;

/**
 * diffLines is the edit script that turns lines a into lines b: runs
 * {op, a, b, n}, op "=" (n lines kept: a[a..a+n) equal b[b..b+n)), "-"
 * (n lines of a removed from a) or "+" (n lines of b inserted at b), in
 * order. Adjacent runs have different ops; a "-" run comes before a "+"
 * run at the same place.
 */
export function diffLines(a, b) {
  let head = 0;
  const min = Math.min(a.length, b.length);
  while (head < min && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < min - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const out = [];
  push(out, "=", 0, 0, head);
  middle(a, b, head, a.length - tail, head, b.length - tail, out);
  push(out, "=", a.length - tail, b.length - tail, tail);
  return out;
}

function push(out, op, a, b, n) {
  if (n <= 0) return;
  const last = out[out.length - 1];
  if (last && last.op === op) { last.n += n; return; }
  // A removal always goes before an insertion at the same place.
  if (op === "-" && last?.op === "+") {
    const before = out[out.length - 2];
    last.a += n; // the insertion now follows the removal
    if (before?.op === "-") { before.n += n; return; }
    out.splice(out.length - 1, 0, { op, a, b: last.b, n });
    return;
  }
  out.push({ op, a, b, n });
}

// middle diffs a[a0..a1) with b[b0..b1) (their ends differ) into out.
function middle(a, b, a0, a1, b0, b1, out) {
  const n = a1 - a0;
  const m = b1 - b0;
  if (!n || !m) {
    push(out, "-", a0, b0, n);
    push(out, "+", a1, b0, m);
    return;
  }
  // Lines as small integers: equal lines, equal ids.
  const ids = new Map();
  const id = (s) => {
    let v = ids.get(s);
    if (v === undefined) ids.set(s, (v = ids.size));
    return v;
  };
  const x = new Int32Array(n);
  const y = new Int32Array(m);
  for (let i = 0; i < n; i++) x[i] = id(a[a0 + i]);
  for (let j = 0; j < m; j++) y[j] = id(b[b0 + j]);
  const max = Math.min(n + m, maxEdits);
  const off = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trail = []; // v's diagonals -d..d after each round d, for the way back
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    for (let k = -d; k <= d; k += 2) {
      let i = k === -d || (k !== d && v[off + k - 1] < v[off + k + 1]) ? v[off + k + 1] : v[off + k - 1] + 1;
      let j = i - k;
      while (i < n && j < m && x[i] === y[j]) { i++; j++; }
      v[off + k] = i;
      if (i >= n && j >= m) { found = d; break; }
    }
    trail.push(v.slice(off - d, off + d + 1));
  }
  if (found < 0) { // past maxEdits: all of one out, all of the other in
    push(out, "-", a0, b0, n);
    push(out, "+", a1, b0, m);
    return;
  }
  // Back from (n, m) to (0, 0): each round d took one edit and a snake.
  const steps = [];
  let i = n;
  let j = m;
  for (let d = found; d > 0; d--) {
    const prev = trail[d - 1]; // diagonals -(d-1)..d-1 at index k+d-1
    const k = i - j;
    const at = (kk) => prev[kk + d - 1];
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const pk = down ? k + 1 : k - 1;
    const pi = at(pk);
    const pj = pi - pk;
    const si = down ? pi : pi + 1; // where the snake after the edit starts
    const sj = si - k;
    steps.push({ op: "=", a: si, b: sj, n: i - si });
    steps.push(down ? { op: "+", a: pi, b: pj, n: 1 } : { op: "-", a: pi, b: pj, n: 1 });
    i = pi;
    j = pj;
  }
  steps.push({ op: "=", a: 0, b: 0, n: i });
  for (let s = steps.length - 1; s >= 0; s--) {
    const st = steps[s];
    push(out, st.op, a0 + st.a, b0 + st.b, st.n);
  }
}

/**
 * applyDiff is lines b again, from lines a, the edit script of
 * diffLines(a, b) and b's lines (for the insertions): what the property
 * test holds.
 */
export function applyDiff(a, script, b) {
  const out = [];
  let at = 0;
  for (const r of script) {
    if (r.a !== at) throw new Error(`run at line ${r.a} of the old text, expected ${at}`);
    if (r.op === "=") { for (let k = 0; k < r.n; k++) out.push(a[r.a + k]); at += r.n; }
    if (r.op === "-") at += r.n;
    if (r.op === "+") for (let k = 0; k < r.n; k++) out.push(b[r.b + k]);
  }
  if (at !== a.length) throw new Error(`the script ends at line ${at} of ${a.length}`);
  return out;
}

/**
 * hunks cuts an edit script of a and b into unified hunks with context
 * lines of context: [{lines: [{op, text, a, b}]}], a and b the line's
 * 0-based index in a and b (a "+" line has no a, a "-" line no b).
 */
export function hunks(script, a, b, context = 3) {
  const lines = [];
  for (const r of script) {
    for (let k = 0; k < r.n; k++) {
      if (r.op === "=") lines.push({ op: " ", text: a[r.a + k], a: r.a + k, b: r.b + k });
      else if (r.op === "-") lines.push({ op: "-", text: a[r.a + k], a: r.a + k });
      else lines.push({ op: "+", text: b[r.b + k], b: r.b + k });
    }
  }
  const out = [];
  let cur = null;
  let lastChange = -Infinity;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].op === " ") continue;
    const from = Math.max(0, i - context);
    if (cur && from <= lastChange + context + 1) {
      for (let k = lastChange + 1; k <= i; k++) cur.lines.push(lines[k]);
    } else {
      if (cur) for (let k = lastChange + 1; k <= Math.min(lines.length - 1, lastChange + context); k++) cur.lines.push(lines[k]);
      cur = { lines: lines.slice(from, i + 1) };
      out.push(cur);
    }
    lastChange = i;
  }
  if (cur) for (let k = lastChange + 1; k <= Math.min(lines.length - 1, lastChange + context); k++) cur.lines.push(lines[k]);
  return out;
}
