// Line mapping between a .yakl source and its compiled Jsonnet. The
// compiler's Compile output keeps every node on its source line, but
// Desugar (what -o jsonnet prints) is reformatted, so the map is built from
// the text: each source line that names a key or holds a list item is
// matched, in order, with the next output line that names the same key.
// The result is monotone, and identical lines map to themselves.

const yamlKey = /^\s*(?:-\s+)*(?:'([^']*)'|"([^"]*)"|([^\s:#'"][^:#]*?))\s*:(?:\s|$)/;
const jsonnetKey = /^\s*(?:\[\s*)?(?:'([^']*)'|"([^"]*)"|([A-Za-z_][A-Za-z0-9_]*))\s*(?:\]\s*)?\+?::?:?(?:\s|$)/;
const localKey = /^\s*(?:local\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/;

function keyOf(re, line) {
  const m = re.exec(line);
  if (!m) return null;
  const k = (m[1] ?? m[2] ?? m[3] ?? "").replace(/^&/, "").replace(/\+$/, "");
  return k;
}

/**
 * buildLineMap returns { toOutput: Map<srcLine, outLine>, toSource:
 * Map<outLine, srcLine> } with 1-based line numbers.
 */
export function buildLineMap(source, output) {
  const src = source.split("\n");
  const out = output.split("\n");
  const toOutput = new Map();
  const toSource = new Map();
  const outKeys = out.map((l) => keyOf(jsonnetKey, l) ?? keyOf(localKey, l));
  let j = 0;
  for (let i = 0; i < src.length; i++) {
    const key = keyOf(yamlKey, src[i]);
    if (key == null || key === "") continue;
    const same = i >= j && outKeys[i] === key ? i : -1; // Compile keeps lines
    for (let k = same >= 0 ? same : j; k < out.length; k++) {
      if (outKeys[k] === key) {
        toOutput.set(i + 1, k + 1);
        toSource.set(k + 1, i + 1);
        j = k + 1;
        break;
      }
    }
  }
  return { toOutput, toSource };
}
