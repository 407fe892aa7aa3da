// The workspace's files when there are too many for a row of tabs (a
// project opened with its vendor/ tree has hundreds): the tab row keeps
// the entry, the open file and the files opened last, and "All files…"
// opens a dialog with every file as a tree of folders, filtered by name as
// you type.

/** manyFiles is the count of files past which the tab row shows only some. */
export const manyFiles = 12;

/** recentTabs is how many files opened last keep a tab in a big workspace. */
export const recentTabs = 6;

/**
 * tabPaths chooses the files that get a tab among paths (workspace order):
 * all of them up to manyFiles, else the entry, the active file and the
 * recent ones (most recent first), in workspace order.
 */
export function tabPaths(paths, entry, active, recent) {
  if (paths.length <= manyFiles) return paths;
  const keep = new Set([entry, active, ...recent.slice(0, recentTabs)]);
  return paths.filter((p) => keep.has(p));
}

/**
 * treeOf groups paths (sorted) into folders: { dirs: Map(name → tree),
 * files: [path] }.
 */
export function treeOf(paths) {
  const root = { dirs: new Map(), files: [] };
  for (const p of [...paths].sort()) {
    const parts = p.split("/");
    let node = root;
    for (const d of parts.slice(0, -1)) {
      if (!node.dirs.has(d)) node.dirs.set(d, { dirs: new Map(), files: [] });
      node = node.dirs.get(d);
    }
    node.files.push(p);
  }
  return root;
}

/** matches says whether path matches filter: every word of it, in any case, in the path. */
export function matches(path, filter) {
  const p = path.toLowerCase();
  return filter.toLowerCase().split(/\s+/).filter(Boolean).every((w) => p.includes(w));
}

/**
 * fileTree makes the "All files" dialog. deps: paths() the workspace's
 * paths, entry() its entry, open(path) opens a file. It returns show(),
 * which opens the dialog with the filter focused, and the dialog element.
 */
export function fileTree(doc, { paths, entry, open }) {
  const dlg = doc.createElement("dialog");
  dlg.id = "files-dialog";
  dlg.className = "files-dialog";
  dlg.setAttribute("aria-labelledby", "files-dialog-title");
  const title = doc.createElement("h2");
  title.id = "files-dialog-title";
  const filter = doc.createElement("input");
  filter.type = "search";
  filter.placeholder = "Filter by name (e.g. prometheus rules)";
  filter.setAttribute("aria-label", "Filter files");
  filter.spellcheck = false;
  const count = doc.createElement("p");
  count.className = "muted files-count";
  count.setAttribute("aria-live", "polite");
  const list = doc.createElement("div");
  list.className = "files-tree";
  const close = doc.createElement("button");
  close.type = "button";
  close.textContent = "Close";
  close.addEventListener("click", () => dlg.close());
  const menu = doc.createElement("menu");
  menu.append(close);
  dlg.append(title, filter, count, list, menu);
  doc.body.append(dlg);

  const fileButton = (p, label) => {
    const b = doc.createElement("button");
    b.type = "button";
    b.className = "file";
    b.dataset.path = p;
    b.textContent = label;
    if (p === entry()) {
      const mark = doc.createElement("span");
      mark.className = "entry-mark";
      mark.textContent = " (entry)";
      b.append(mark);
    }
    b.addEventListener("click", () => {
      dlg.close();
      open(p);
    });
    const li = doc.createElement("li");
    li.append(b);
    return li;
  };

  // folder draws a tree node: its folders as <details> (open when the
  // tree is small or filtered), then its files.
  const folder = (node, openAll) => {
    const ul = doc.createElement("ul");
    for (const [name, sub] of node.dirs) {
      const li = doc.createElement("li");
      const det = doc.createElement("details");
      det.open = openAll;
      const sum = doc.createElement("summary");
      sum.textContent = `${name}/`;
      det.append(sum, folder(sub, openAll));
      li.append(det);
      ul.append(li);
    }
    for (const p of node.files) ul.append(fileButton(p, p.split("/").at(-1)));
    return ul;
  };

  function draw() {
    const all = paths();
    const f = filter.value.trim();
    const shown = f ? all.filter((p) => matches(p, f)) : all;
    title.textContent = `Files (${all.length})`;
    count.textContent = f ? `${shown.length} of ${all.length} files match.` : "";
    list.replaceChildren(folder(treeOf(shown), !!f || shown.length <= 40));
  }

  filter.addEventListener("input", draw);
  filter.addEventListener("keydown", (e) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    list.querySelector("button.file")?.click(); // the first match
  });

  return {
    dialog: dlg,
    show() {
      filter.value = "";
      draw();
      dlg.showModal();
      filter.focus();
    },
  };
}
