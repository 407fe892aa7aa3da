// The workspace's file tabs: one button per file, the entry marked. main.js
// renders them and wires their clicks; the boot script renders the same
// tabs, inert, for the workspace it paints before main.js has run.

/**
 * fileTabs makes the tab buttons for the files (paths in workspace order)
 * of a workspace with that entry file and active tab.
 */
export function fileTabs(doc, paths, entry, active) {
  return paths.map((path) => {
    const tab = doc.createElement("button");
    tab.type = "button";
    tab.role = "tab";
    tab.id = `file-tab-${encodeURIComponent(path)}`;
    tab.setAttribute("aria-controls", "editor-panel");
    tab.setAttribute("aria-selected", String(path === active));
    tab.tabIndex = path === active ? 0 : -1;
    tab.dataset.path = path;
    tab.textContent = path;
    if (path === entry) {
      const mark = doc.createElement("span");
      mark.className = "entry-mark";
      mark.textContent = "(entry)";
      tab.append(mark);
    }
    return tab;
  });
}
