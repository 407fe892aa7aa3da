// Files dropped on the page or picked with "Open…", read into workspace
// files. A .zip or .txtar archive adds the files it holds (and, if it names
// one, its entry: the playground's own downloads do); any other file adds
// itself. Every file must be UTF-8 text under a relative path, and what is
// opened at once is held to a budget, so a binary file, a hostile path or
// an archive bomb is left out with its reason instead of reaching the
// editor.

import { decodeTxtar } from "./txtar.js";
import { decodeZip, ZipError, bytesText } from "./zip.js";

/** maxOpenBytes caps the size of what one drop or pick opens. */
export const maxOpenBytes = 8 << 20;

/** maxOpenFiles caps the number of files one drop or pick opens. */
export const maxOpenFiles = 1000;

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * pathProblem says what is wrong with a workspace path, or "" if nothing
 * is: the rule of the file-name dialog and of opened archives.
 */
export function pathProblem(name) {
  if (!name) return "a file needs a name";
  if (name.startsWith("/") || name.split("/").includes("..")) return "use a relative path without ..";
  return "";
}

/**
 * linkProblem says what is wrong with a workspace link (path → target,
 * the target relative to the link's directory), or "" if nothing is: its
 * path must be a workspace path, and its target must stay in the
 * workspace (not absolute, no .. above the root, and no .. after a
 * name: that name may be another link, as x/y → .. makes z → x/y/..
 * the workspace's parent); neither may hold a line break or another
 * control character.
 */
export function linkProblem(path, target) {
  if (typeof target !== "string" || !target) return "a link needs a target";
  if (controlChar.test(path) || controlChar.test(target)) return "a link may not hold a line break or a control character";
  if (pathProblem(path)) return pathProblem(path);
  if (target.startsWith("/")) return `the link ${path} leads to an absolute path (${target})`;
  let depth = path.split("/").length - 1;
  let named = false;
  for (const part of target.split("/")) {
    if (part === "..") {
      if (named) return `the link ${path} has .. after a folder's name (${target}): that folder may be a link, so write the target without the detour`;
      depth--;
    } else if (part !== "." && part !== "") {
      depth++;
      named = true;
    }
    if (depth < 0) return `the link ${path} leads outside the workspace (${target})`;
  }
  return "";
}

const controlChar = /[\u0000-\u001f\u007f]/;

// lineBreak is every line break a terminal or an editor may show as one:
// each goes on as a "> " line in a download's comment, so that no line but
// the comment's own begins with "$ ".
const lineBreak = /\r\n|[\r\n\v\f\u0085\u2028\u2029]/;

/**
 * archiveComment is the comment of the playground's downloads: it names
 * the entry, for archiveEntry to read back; the shell commands that give
 * the CLI the same workspace, when it is unpacked (its links, which an
 * archive does not hold as links, then the command line, which has the
 * search paths); and the settings ({ controls, links }: the state's
 * search paths, flags and the rest of its controls, and links), for
 * archiveSettings to read back, so that a download reopens exactly.
 * Only the comment's own commands begin with "$ ": a command line that
 * spans lines (a quoted value holding a line break) goes on with "> "
 * lines. An entry name with a line break or a link that linkProblem
 * refuses throws: the download would not be what it says.
 */
export function archiveComment(entry, command = "", settings = null) {
  if (controlChar.test(entry)) throw new Error(`the entry's name ${JSON.stringify(entry)} holds a line break or a control character`);
  let out = `kubecfg playground workspace; entry: ${entry}\n`;
  for (const [path, target] of Object.entries(settings?.links || {})) {
    const problem = linkProblem(path, target);
    if (problem) throw new Error(problem);
    const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
    const end = [dir, target, path].some((w) => w.startsWith("-")) ? "-- " : ""; // a name is never a flag
    out += `$ ${dir ? `mkdir -p ${end}${shellWord(dir)} && ` : ""}ln -s ${end}${shellWord(target)} ${shellWord(path)}\n`;
  }
  if (command) out += `$ ${command.split(lineBreak).join("\n> ")}\n`;
  if (settings) out += `${settingsLabel}${JSON.stringify({ controls: settings.controls, links: settings.links || {} })}\n`;
  return out;
}

const settingsLabel = "playground settings: ";

// shellWord quotes s for a POSIX shell, when it needs it.
const shellWord = (s) => (/^[\w./@%+=:,-]+$/.test(s) ? s : `'${s.replaceAll("'", "'\\''")}'`);

/**
 * archiveEntry reads the entry an archive's comment names, as
 * archiveComment writes it ("…; entry: app.jsonnet"), or "".
 */
export function archiveEntry(comment) {
  return /(?:^|; )entry: ([^\n]+)/m.exec(comment)?.[1].trim() || "";
}

/**
 * archiveSettings reads the settings an archive's comment holds, as
 * archiveComment writes them: { controls, links } (links only to
 * strings), or null when it holds none or they are damaged.
 */
export function archiveSettings(comment) {
  const line = comment.split("\n").find((l) => l.startsWith(settingsLabel));
  if (!line) return null;
  try {
    const v = JSON.parse(line.slice(settingsLabel.length));
    if (!isObject(v?.controls)) return null;
    const links = Object.fromEntries(Object.entries(isObject(v.links) ? v.links : {}).filter(([p, t]) => typeof t === "string" && !linkProblem(p, t)));
    return { controls: v.controls, links };
  } catch {
    return null;
  }
}

const isObject = (v) => !!v && typeof v === "object" && !Array.isArray(v);

/**
 * readOpened reads items (File-like: name, size, arrayBuffer()) into
 * { files, entry, settings, skipped }, opening at most maxFiles files of
 * maxBytes in all. files is a Map of path → text in the order found; entry
 * is the entry the last archive that names one among its own files names,
 * or ""; settings, that archive's settings (archiveSettings) or null;
 * skipped lists { name, why } for what was left out (an archive's files
 * are named "archive: path").
 */
export async function readOpened(items, { maxBytes = maxOpenBytes, maxFiles = maxOpenFiles } = {}) {
  const files = new Map();
  const skipped = [];
  let entry = "";
  let settings = null;
  let used = 0;
  const text = (shown, data) => {
    try {
      return utf8.decode(data);
    } catch {
      skipped.push({ name: shown, why: "it is not UTF-8 text" });
      return null;
    }
  };
  const add = (shown, path, content) => {
    if (pathProblem(path)) skipped.push({ name: shown, why: path ? "its path is absolute or has .." : "it has no name" });
    else if (files.has(path)) skipped.push({ name: shown, why: "another file opened with it has the same path" });
    else if (files.size >= maxFiles) skipped.push({ name: shown, why: `at most ${maxFiles} files are opened at once` });
    else files.set(path, content);
  };
  for (const item of items) {
    const room = maxBytes - used;
    if (item.size > room) {
      skipped.push({ name: item.name, why: `it is too large (${bytesText(item.size)}; what is opened at once is limited to ${bytesText(maxBytes)})` });
      continue;
    }
    let bytes;
    try {
      bytes = new Uint8Array(await item.arrayBuffer());
    } catch {
      // A dropped folder is a File that cannot be read.
      skipped.push({ name: item.name, why: "it could not be read (a folder is not opened: drop its files, or a zip of it)" });
      continue;
    }
    const lower = item.name.toLowerCase();
    if (lower.endsWith(".zip")) {
      let zip;
      try {
        zip = await decodeZip(bytes, { maxBytes: room, maxFiles: Math.max(maxFiles - files.size, 0) });
      } catch (err) {
        if (!(err instanceof ZipError)) throw err;
        skipped.push({ name: item.name, why: err.message });
        continue;
      }
      for (const s of zip.skipped) skipped.push({ name: `${item.name}: ${s.name}`, why: s.why });
      for (const f of zip.files) {
        const content = text(`${item.name}: ${f.name}`, f.data);
        if (content !== null) add(`${item.name}: ${f.name}`, f.name, content);
        used += f.data.length;
      }
      const named = archiveEntry(zip.comment);
      if (named && zip.files.some((f) => f.name === named) && files.has(named)) {
        entry = named;
        settings = archiveSettings(zip.comment);
      }
      continue;
    }
    used += bytes.length;
    const content = text(item.name, bytes);
    if (content === null) continue;
    if (!lower.endsWith(".txtar")) {
      add(item.name, item.name, content);
      continue;
    }
    let archive;
    try {
      archive = decodeTxtar(content);
    } catch (err) {
      skipped.push({ name: item.name, why: err.message });
      continue;
    }
    for (const [path, t] of Object.entries(archive.files)) add(`${item.name}: ${path}`, path, t);
    const named = archiveEntry(archive.comment);
    if (named && Object.hasOwn(archive.files, named) && files.has(named)) {
      entry = named;
      settings = archiveSettings(archive.comment);
    }
  }
  return { files, entry, settings, skipped };
}

/** maxListed is how many of the files left out the status line names. */
const maxListed = 5;

/**
 * openedMessage is the status line after opening: what was added,
 * replaced or kept as it was, the new entry, and what was left out and
 * why (the first few of them, and how many more).
 */
export function openedMessage({ added = [], replaced = [], kept = [], unchanged = 0, entry = "", skipped = [] }) {
  const files = (n) => `${n} file${n === 1 ? "" : "s"}`;
  const parts = [];
  if (added.length) parts.push(`added ${files(added.length)}`);
  if (replaced.length) parts.push(`replaced ${replaced.join(", ")}`);
  if (kept.length) parts.push(`kept your version of ${kept.join(", ")}`);
  if (entry) parts.push(`the entry is now ${entry}`);
  let text = parts.length ? parts.join("; ") + "."
    : unchanged ? `The workspace already has ${unchanged === 1 ? "this file" : "these files"} as opened.` : "Opened nothing.";
  text = text[0].toUpperCase() + text.slice(1);
  if (skipped.length) {
    const listed = skipped.slice(0, maxListed).map((s) => `${s.name} (${s.why})`);
    const more = skipped.length - maxListed;
    if (more > 0) listed.push(`and ${more} more file${more === 1 ? "" : "s"}`);
    text += ` Not opened: ${listed.join("; ")}.`;
  }
  return text;
}

/** maxFolderBytes and maxFolderFiles cap what opening a project's folder takes. */
export const maxFolderBytes = 32 << 20;
export const maxFolderFiles = 4000;

// The files of a project a Jsonnet program can import: Jsonnet, YAKL and
// the data formats it reads (import for JSON, importstr and parseYaml for
// YAML, importstr for text), the rc file included.
const importable = /\.(jsonnet|libsonnet|jsonnet\.TEMPLATE|json|yaml|yml|yakl|txt)$/i;
// Folders no program imports from: version control, tools' caches.
const toolDirs = new Set(["node_modules", "__pycache__"]);

/**
 * folderSkip says why a file of a project folder (path relative to the
 * folder) is not opened, or "" when it is: "hidden" (in a folder or a
 * file whose name starts with a dot, .git included, but not the rc file),
 * "tool" (node_modules and the like) or "type" (not a file a Jsonnet
 * program imports).
 */
export function folderSkip(path) {
  const parts = path.split("/");
  const dirs = parts.slice(0, -1);
  const name = parts.at(-1);
  if (dirs.some((d) => d.startsWith("."))) return "hidden";
  if (dirs.some((d) => toolDirs.has(d))) return "tool";
  if (name === ".kubecfgrc.jsonnet") return "";
  if (name.startsWith(".")) return "hidden";
  return importable.test(name) ? "" : "type";
}

/**
 * folderEntry picks a project's entry among its paths: main.jsonnet,
 * example.jsonnet or index.jsonnet at the top, else the first .jsonnet (or
 * .yakl) at the top, else the first anywhere, else the first file.
 */
export function folderEntry(paths) {
  const top = paths.filter((p) => !p.includes("/"));
  for (const name of ["main.jsonnet", "example.jsonnet", "index.jsonnet"]) if (top.includes(name)) return name;
  const program = (p) => /\.(jsonnet|yakl)$/i.test(p);
  return top.filter(program).sort()[0] || paths.filter(program).sort()[0] || paths[0] || "";
}

/**
 * readFolder reads a project folder's files: items are { path, file }
 * with path relative to the folder (its own name first, which is taken
 * off). It returns readOpened's { files, skipped } with the files a
 * Jsonnet program can import, their entry (folderEntry), the folder's
 * name, and left: the counts of what was passed over by folderSkip, by
 * reason, and the extensions of those of the wrong type.
 */
export async function readFolder(items, { maxBytes = maxFolderBytes, maxFiles = maxFolderFiles } = {}) {
  const first = items[0]?.path.split("/")[0] || "";
  const common = first && items.every((it) => it.path.startsWith(first + "/"));
  const left = { hidden: 0, tool: 0, type: 0, kinds: new Map() };
  const taken = [];
  for (const it of items) {
    const path = common ? it.path.slice(first.length + 1) : it.path;
    const why = folderSkip(path);
    if (why) {
      left[why]++;
      if (why === "type") {
        const ext = /\.[^./]+$/.exec(path)?.[0] || "(no extension)";
        left.kinds.set(ext, (left.kinds.get(ext) || 0) + 1);
      }
      continue;
    }
    // readOpened names a file by its name: the path here. An archive in a
    // folder is not importable, so it is never unpacked.
    taken.push({ name: path, size: it.file.size, arrayBuffer: () => it.file.arrayBuffer() });
  }
  const opened = await readOpened(taken, { maxBytes, maxFiles });
  return { ...opened, entry: folderEntry([...opened.files.keys()]), folder: common ? first : "", left };
}

/**
 * folderMessage is the status line after opening a folder: what was
 * opened, the entry, and in one line what was passed over and why.
 */
export function folderMessage({ folder, files, entry, skipped, left }) {
  let bytes = 0;
  for (const t of files.values()) bytes += t.length;
  const n = (k, what) => `${k} ${what}${k === 1 ? "" : "s"}`;
  let text = `Opened ${folder ? `the folder ${folder}` : "the folder"}: ${n(files.size, "file")} (${bytesText(bytes)})${entry ? `; the entry is ${entry} (Make entry changes it)` : ""}.`;
  const over = [];
  if (left.type) {
    const kinds = [...left.kinds].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([k]) => k);
    over.push(`${n(left.type, "file")} a Jsonnet program does not import (${kinds.join(", ")}${left.kinds.size > 4 ? ", …" : ""})`);
  }
  if (left.hidden) over.push(`${n(left.hidden, "hidden file")} (.git and other dot folders)`);
  if (left.tool) over.push(`${n(left.tool, "file")} in node_modules and the like`);
  if (over.length) text += ` Passed over: ${over.join("; ")}.`;
  if (skipped.length) text += " " + openedMessage({ skipped }).replace(/^Opened nothing\. /, "");
  return text;
}

/**
 * droppedEntries walks what was dropped (the FileSystemEntry of each
 * DataTransferItem, taken in the drop's handler) and returns { path, file }
 * for every file in the dropped folders and the files dropped beside
 * them, or null when no folder was dropped.
 */
export async function droppedEntries(roots) {
  if (!roots.some((e) => e.isDirectory)) return null;
  const out = [];
  const file = (e) => new Promise((resolve, reject) => e.file(resolve, reject));
  const children = async (dir) => {
    const reader = dir.createReader();
    const all = [];
    for (;;) {
      const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
      if (!batch.length) return all;
      all.push(...batch);
    }
  };
  const walk = async (e, prefix) => {
    const path = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isFile) out.push({ path, file: await file(e) });
    else if (e.isDirectory) for (const c of await children(e)) await walk(c, path);
  };
  for (const e of roots) await walk(e, "");
  return out;
}

/**
 * bundlerLinks makes the links jsonnet-bundler lays out in vendor/ for a
 * project's files (a Map or object of path → text), which a browser does
 * not pass on when a folder is opened: for each dependency in
 * jsonnetfile.lock.json (else jsonnetfile.json), vendor/NAME → its
 * directory, NAME being the dependency's name, else its subdirectory's
 * last element, else its repository's. A link is made only where the
 * project has files under its target and none under the link. It returns
 * { path: target }, the target relative to vendor/ as on disk.
 */
export function bundlerLinks(files) {
  const paths = files instanceof Map ? [...files.keys()] : Object.keys(files);
  const text = (p) => (files instanceof Map ? files.get(p) : files[p]);
  const spec = paths.includes("jsonnetfile.lock.json") ? "jsonnetfile.lock.json" : paths.includes("jsonnetfile.json") ? "jsonnetfile.json" : "";
  if (!spec) return {};
  let deps;
  try {
    deps = JSON.parse(text(spec)).dependencies;
  } catch {
    return {};
  }
  if (!Array.isArray(deps)) return {};
  const under = (dir) => paths.some((p) => p.startsWith(dir + "/"));
  const links = {};
  for (const d of deps) {
    const git = d?.source?.git;
    const local = d?.source?.local;
    let target = "";
    let name = typeof d?.name === "string" ? d.name : "";
    if (git && typeof git.remote === "string") {
      const repo = git.remote.replace(/^[a-z+]+:\/\//, "").replace(/^git@([^:]+):/, "$1/").replace(/\.git$/, "").replace(/\/+$/, "");
      const subdir = typeof git.subdir === "string" ? git.subdir.replace(/^\/+|\/+$/g, "") : "";
      target = subdir ? `${repo}/${subdir}` : repo;
      name ||= (subdir || repo).split("/").at(-1);
      if (!under(`vendor/${target}`)) continue;
    } else if (local && typeof local.directory === "string") {
      const dir = local.directory.replace(/^\.\/|\/+$/g, "");
      name ||= dir.split("/").at(-1);
      if (!under(dir)) continue;
      target = `../${dir}`;
    } else {
      continue;
    }
    const link = `vendor/${name}`;
    if (!name || name.includes("/") || name === ".." || under(link) || pathProblem(dir(target, link))) continue;
    links[link] = target;
  }
  return links;
}

// dir is where a link's target leads, relative to the project.
function dir(target, link) {
  const parts = link.split("/").slice(0, -1);
  for (const p of target.split("/")) {
    if (p === "..") parts.pop();
    else if (p !== ".") parts.push(p);
  }
  return parts.join("/");
}
