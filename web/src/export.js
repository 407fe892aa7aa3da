// "Download objects as files": what `kubecfg show --export-dir out` would
// write (one file per object, named by --export-filename-format and
// --export-filename-extension), as out.zip. The engine does the export
// (the response's exportFiles); this runs the page's request with
// exportDir "out" in the runner's export lane and zips the answer.
import { encodeZip } from "./zip.js";

/** exportDir is the directory the export's command line names, and the zip's top folder. */
export const exportDir = "out";

/**
 * exportZip zips an export's files ([{name, data}], names relative to the
 * export directory, "/" for directories) under exportDir/.
 */
export function exportZip(files, when = new Date(), comment = "") {
  const byPath = {};
  for (const f of files) byPath[`${exportDir}/${f.name}`] = f.data;
  return encodeZip(byPath, when, comment);
}

/**
 * exportObjects runs request with exportDir and offers the zip of its
 * files as out.zip. deps: runner the page's runner, download(name, bytes,
 * type), failed(resp) shows a failed answer in the errors pane, tell(text,
 * bad) the status line, stopped(err) runner.js's stoppedSentence (passed
 * in: this module is a chunk of its own, lazy.js).
 */
export async function exportObjects(request, { runner, download, failed, tell, stopped }) {
  tell("Exporting the objects…");
  /** @type {import("./envelope.gen.js").Response | undefined} */
  let resp;
  try {
    resp = await runner.run({ ...request, exportDir }, { lane: "export" });
  } catch (err) {
    tell(`Could not export the objects: ${stopped(err) || err.message}`, true);
    return;
  }
  if (!resp) return; // replaced by a newer export
  if ((resp.exitCode ?? 0) !== 0) {
    failed(resp);
    tell(`Could not export the objects: ${(resp.diagnostics?.[0]?.message || resp.stderr || "").split("\n")[0]}`, true);
    return;
  }
  const files = resp.exportFiles || [];
  if (!files.length) {
    tell("Nothing to export: the program has no objects.");
    return;
  }
  download(`${exportDir}.zip`, exportZip(files, new Date(), `${resp.command}\n`), "application/zip");
  tell(`Exported ${files.length} object${files.length === 1 ? "" : "s"} as ${exportDir}.zip: ${resp.command}`);
}
