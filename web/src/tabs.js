// The page's tabs. The workspace's file tabs: one button per file, the
// entry marked; files.js renders them and wires their clicks, and the boot
// script renders the same tabs, inert, for the workspace it paints before
// main.js has run. And the keyboard of a tablist (arrow keys, Home, End),
// and the result panes' tabs, which show the panel they control.

/**
 * fileTabs makes the tab buttons for the files (paths in workspace order)
 * of a workspace with that entry file and active tab; the files in marked
 * (a Set) hold lines the trace marked, and their tabs say so.
 */
export function fileTabs(doc, paths, entry, active, marked = new Set()) {
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
    if (marked.has(path)) {
      tab.classList.add("traced");
      const dot = doc.createElement("span");
      dot.className = "trace-mark";
      dot.title = "Holds lines that feed the traced output line";
      dot.textContent = "●";
      dot.setAttribute("aria-hidden", "true");
      const said = doc.createElement("span");
      said.className = "sr-only";
      said.textContent = " (marked lines)";
      tab.append(dot, said);
    }
    return tab;
  });
}

/**
 * tabKeys moves between list's tabs with the arrow keys, Home and End:
 * onMove(tab) selects the tab, which then gets the focus.
 */
export function tabKeys(list, onMove) {
  list.addEventListener("keydown", (ev) => {
    const tabs = [...list.querySelectorAll("[role=tab]")];
    const i = tabs.indexOf(document.activeElement);
    if (i < 0) return;
    let j = -1;
    if (ev.key === "ArrowRight") j = (i + 1) % tabs.length;
    else if (ev.key === "ArrowLeft") j = (i - 1 + tabs.length) % tabs.length;
    else if (ev.key === "Home") j = 0;
    else if (ev.key === "End") j = tabs.length - 1;
    if (j < 0) return;
    ev.preventDefault();
    onMove(tabs[j]);
    list.querySelectorAll("[role=tab]")[j]?.focus();
  });
}

/**
 * panelTabs makes list's tabs (the result panes': Output, Features,
 * Variables) select on a click or a key, showing the panel each controls
 * (aria-controls, found in doc) and hiding the others. It returns
 * select(tab), which selects a tab as a click does.
 */
export function panelTabs(list, doc) {
  const select = (tab) => {
    for (const t of list.querySelectorAll("[role=tab]")) {
      const on = t === tab;
      t.setAttribute("aria-selected", String(on));
      t.tabIndex = on ? 0 : -1;
      doc.getElementById(t.getAttribute("aria-controls")).hidden = !on;
    }
  };
  for (const t of list.querySelectorAll("[role=tab]")) t.addEventListener("click", () => select(t));
  tabKeys(list, select);
  return select;
}
