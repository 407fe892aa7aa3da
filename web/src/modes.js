// Stream-language modes for the editor: Jsonnet (written here, none exists
// for CodeMirror 6) and YAKL, which is YAML with ${...} Jsonnet expressions
// (the legacy YAML mode, switching to the Jsonnet tokenizer inside ${ }).
import { yaml } from "@codemirror/legacy-modes/mode/yaml";

const keywords = new Set([
  "assert", "else", "error", "false", "for", "function", "if", "import",
  "importstr", "importbin", "in", "local", "null", "tailstrict", "then",
  "self", "super", "true",
]);
const atoms = new Set(["true", "false", "null"]);
const builtins = new Set(["std", "kubecfg", "$"]);

/** Fresh Jsonnet tokenizer state. */
export function jsonnetStartState() {
  return { inComment: false, textBlock: null, quote: null, verbatim: false, depth: 0, open: null };
}

function tokenString(stream, state) {
  let escaped = false;
  let ch;
  while ((ch = stream.next()) != null) {
    if (ch === state.quote && (state.verbatim ? stream.peek() !== state.quote : !escaped)) {
      state.quote = null;
      state.verbatim = false;
      return "string";
    }
    if (state.verbatim && ch === state.quote) { stream.next(); continue; }
    escaped = !state.verbatim && !escaped && ch === "\\";
  }
  return "string";
}

/**
 * jsonnetToken reads one Jsonnet token. It keeps the brace depth in
 * state.depth so an embedding mode (YAKL) knows where an expression ends.
 */
export function jsonnetToken(stream, state) {
  if (state.textBlock !== null) {
    if (stream.sol()) {
      const indent = stream.indentation();
      if (stream.match(/^\s*\|\|\|-?/)) { state.textBlock = null; return "string"; }
      if (state.textBlock < 0) state.textBlock = indent;
      if (indent < state.textBlock && !stream.match(/^\s*$/, false)) { state.textBlock = null; }
    }
    if (state.textBlock !== null) { stream.skipToEnd(); return "string"; }
  }
  if (state.inComment) {
    if (stream.match(/^.*?\*\//)) { state.inComment = false; } else { stream.skipToEnd(); }
    return "comment";
  }
  if (state.quote) return tokenString(stream, state);
  if (stream.eatSpace()) return null;
  if (stream.match("//") || stream.match("#")) { stream.skipToEnd(); return "comment"; }
  if (stream.match("/*")) { state.inComment = true; return jsonnetToken(stream, state) || "comment"; }
  if (stream.match(/^\|\|\|-?/)) { stream.skipToEnd(); state.textBlock = -1; return "string"; }
  if (stream.match(/^@['"]/)) { state.quote = stream.current()[1]; state.verbatim = true; return tokenString(stream, state); }
  const ch = stream.peek();
  if (ch === '"' || ch === "'") { stream.next(); state.quote = ch; return tokenString(stream, state); }
  if (stream.match(/^\d+(\.\d+)?([eE][+-]?\d+)?/)) return "number";
  if (stream.match(/^[A-Za-z_][A-Za-z0-9_]*/)) {
    const w = stream.current();
    if (atoms.has(w)) return "atom";
    if (keywords.has(w)) return "keyword";
    if (builtins.has(w)) return "variableName.standard";
    if (stream.match(/^\s*(::?:?|\+:)/, false)) return "propertyName";
    return "variableName";
  }
  if (stream.eat("$")) return "variableName.standard";
  // state.open lists the open brackets, innermost first, each with the
  // indentation of its line (a list never changed, as copyState shares it).
  if (ch === "{" || ch === "[" || ch === "(") { stream.next(); state.depth++; state.open = { indent: stream.indentation(), up: state.open }; return "bracket"; }
  if (ch === "}" || ch === "]" || ch === ")") { stream.next(); state.depth--; state.open = state.open?.up ?? null; return "bracket"; }
  if (stream.match(/^[-+*/%<>=!&|^~.,;:?]+/)) return "operator";
  stream.next();
  return null;
}

/** jsonnet is the StreamParser for .jsonnet and .libsonnet files. */
export const jsonnet = {
  name: "jsonnet",
  startState: jsonnetStartState,
  token: jsonnetToken,
  copyState: (s) => ({ ...s }),
  indent: jsonnetIndent,
  languageData: {
    commentTokens: { line: "//", block: { open: "/*", close: "*/" } }, closeBrackets: { brackets: ["(", "[", "{", "'", '"'] },
    // A closing bracket typed first on a line puts the line back to its opener's indentation.
    indentOnInput: /^\s*[}\])]$/,
  },
};

/**
 * jsonnetIndent is the indentation of a line by brackets: one unit more
 * than the line of the innermost bracket open before it, or that line's
 * when the line starts by closing it; 0 outside brackets. Inside a
 * string, a text block or a comment the line keeps its own (null).
 */
export function jsonnetIndent(state, textAfter, cx) {
  if (state.quote || state.inComment || state.textBlock !== null) return null;
  const top = state.open;
  if (!top) return 0;
  return /^\s*[}\])]/.test(textAfter) ? top.indent : top.indent + cx.unit;
}

/** yakl is the StreamParser for .yakl files: YAML with ${...} Jsonnet. */
export const yakl = {
  name: "yakl",
  startState: () => ({ yaml: yaml.startState(), js: null }),
  copyState: (s) => ({ yaml: { ...s.yaml }, js: s.js ? { ...s.js } : null }),
  token(stream, state) {
    if (state.js) {
      if (state.js.depth === 0 && !state.js.quote && !state.js.inComment && state.js.textBlock === null && stream.eat("}")) {
        state.js = null;
        return "meta";
      }
      return jsonnetToken(stream, state.js);
    }
    if (stream.match("${")) { state.js = jsonnetStartState(); return "meta"; }
    const start = stream.pos;
    const style = yaml.token(stream, state.yaml);
    // Do not let a YAML token swallow the start of an expression.
    const text = stream.string.slice(start, stream.pos);
    const at = text.indexOf("${");
    if (at > 0) stream.pos = start + at;
    return style;
  },
  languageData: { commentTokens: { line: "#" } },
};

/** modeFor picks a mode name from a file name. */
export function modeFor(path) {
  if (/\.(jsonnet|libsonnet|json)$/.test(path) || path.endsWith(".kubecfgrc.jsonnet")) return "jsonnet";
  if (/\.yakl$/.test(path)) return "yakl";
  if (/\.ya?ml$/.test(path)) return "yaml";
  return "text";
}
