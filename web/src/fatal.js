// Why an engine died, in the words the CLI uses (internal/fatal). The worker
// keeps the engine's table of the Go runtime's fatal reports (its
// kubecfg.fatalReports, [{prefix, message}]) from while it was alive, and
// the end of what the Go program wrote to standard error.

/**
 * isStackOverflow says whether an error (or its text) is the browser's
 * stack running out. Go's wasm port runs Go calls on that stack, so a
 * recursion that Jsonnet's limit does not count (comparing objects that
 * contain themselves) ends there, not in Go's own stack check.
 */
export function isStackOverflow(e) {
  return /Maximum call stack/i.test(String(e?.message ?? e));
}

/**
 * deathMessage names why the engine died: a stack overflow (the browser's
 * or Go's), else the most specific fatal report (the earliest in the
 * table) that starts any line of stderr, else the trap err; "" when
 * nothing is known. Any line, not the first: a runtime whose stack was
 * broken by the browser's overflow may fault on something else first
 * ("unexpected signal during runtime execution") and name the broken
 * stack only in a later report.
 */
export function deathMessage({ reports = [], stderr = "", stackOverflow = false, err = null }) {
  const overflow = reports.find((r) => r.prefix === "fatal error: stack overflow")?.message;
  if ((stackOverflow || isStackOverflow(err)) && overflow) return overflow;
  const lines = stderr.split("\n");
  const r = reports.find((r) => lines.some((line) => line.startsWith(r.prefix)));
  if (r) return r.message;
  return err?.message ? `the engine failed (${err.message}) during the evaluation` : "";
}
