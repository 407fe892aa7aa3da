// The Features panel's table (#features-table): one row per feature gate
// as the engine reports it (kubecfg features: stage, default, enabled, the
// SOURCE that decided it, since), with a checkbox that sets it for the
// workspace (--features) and a button that resets it to its default.

/**
 * featuresPanel drives table. controls() is the workspace's controls,
 * whose features object (name → true/false, only the ones set) the
 * checkboxes and reset buttons change; changed() is called after each
 * change.
 */
export function featuresPanel(table, { controls, changed }) {
  let rows = [];

  // render draws the rows, making them afresh when the set of features is
  // not the one drawn.
  function render() {
    const body = table.tBodies[0];
    if (!rows || !rows.length) return;
    const byName = new Map([...body.rows].map((r) => [r.dataset.name, r]));
    if (byName.size !== rows.length || rows.some((r) => !byName.has(r.name))) {
      body.replaceChildren();
      byName.clear();
      for (const r of rows) byName.set(r.name, newRow(body, r));
    }
    for (const r of rows) {
      const tr = byName.get(r.name);
      const set = controls().features[r.name];
      const box = tr.cells[0].querySelector("input");
      box.checked = set === undefined ? r.enabled : set;
      tr.cells[1].textContent = r.stage;
      tr.cells[2].textContent = r.default ? "on" : "off";
      tr.cells[3].textContent = r.enabled ? "on" : "off";
      tr.cells[3].className = r.enabled ? "on" : "";
      tr.cells[4].textContent = r.source;
      tr.cells[4].className = "src";
      tr.cells[5].textContent = r.since;
      tr.cells[6].querySelector("button").hidden = set === undefined;
    }
  }

  function newRow(body, r) {
    const tr = body.insertRow();
    tr.dataset.name = r.name;
    const nameCell = tr.insertCell();
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.setAttribute("aria-label", r.name);
    box.addEventListener("change", () => {
      controls().features[r.name] = box.checked;
      changed();
      render();
    });
    const code = document.createElement("code");
    code.textContent = r.name;
    label.append(box, code);
    label.title = r.doc;
    nameCell.append(label);
    // The labels a narrow page shows before each value (layout.css), where
    // the table's head is not shown.
    for (const label of ["", "default", "enabled", "source", "since"]) {
      const td = tr.insertCell();
      if (label) td.dataset.label = label;
    }
    const reset = document.createElement("button");
    reset.type = "button";
    reset.textContent = "reset";
    reset.setAttribute("aria-label", `reset ${r.name} to its default`);
    reset.addEventListener("click", () => {
      delete controls().features[r.name];
      changed();
      render();
    });
    tr.insertCell().append(reset);
    return tr;
  }

  return {
    /** rows are the features table last drawn (the engine's latest). */
    get rows() { return rows; },
    /** set draws the engine's features table. */
    set(next) {
      rows = next;
      render();
    },
    /** render draws the last table again, for the workspace's settings. */
    render,
  };
}
