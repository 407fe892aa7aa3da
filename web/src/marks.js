// The editors' marks of diagnostics (CodeMirror's @codemirror/lint: the
// squiggles, their tooltips and the gutter): a chunk of its own (lazy.js,
// late.js), loaded with the first diagnostics to draw or after the first
// result, so that it is not among the bytes before that result.
export { lintGutter, setDiagnostics } from "@codemirror/lint";
