// The help panel (#help-dialog): what the page is, its keys and the docs,
// opened by the header's ? button and shown by itself on a browser's very
// first visit, unless that visit opens a link (then a small dismissible
// "New here?" line offers it instead of a modal over what the link shows);
// and the chosen example's description, under the Example menu and in
// the panel.

/** seenKey is the localStorage key that says the help was seen and closed. */
export const seenKey = "kubecfg:help-seen";

/**
 * helpPanel makes button open dialog (a <dialog>, closed by its own form
 * button, Escape or a click on the backdrop). storage is where the panel
 * remembers that it was closed once. It returns { open, firstVisit,
 * opened }.
 */
export function helpPanel({ button, dialog }, storage = globalThis.localStorage) {
  const remember = () => {
    try { storage?.setItem(seenKey, "1"); } catch { /* storage off: shown again next time, nothing worse */ }
  };
  const open = () => {
    if (!dialog.open) dialog.showModal();
  };
  button.addEventListener("click", open);
  dialog.addEventListener("close", remember);
  // The backdrop is the dialog element itself, outside its content box.
  dialog.addEventListener("click", (ev) => {
    if (ev.target !== dialog) return;
    const r = dialog.getBoundingClientRect();
    const inside = ev.clientX >= r.left && ev.clientX <= r.right && ev.clientY >= r.top && ev.clientY <= r.bottom;
    if (!inside) dialog.close();
  });
  let seen = true;
  try { seen = !!storage?.getItem(seenKey); } catch { /* no storage: do not show it on every visit */ }
  return {
    open,
    /**
     * firstVisit opens the panel when this browser has never closed it;
     * for a visit that opens a link (link true), it shows a "New here?"
     * line after the element after (a button opens the panel, another
     * dismisses the line, and either counts as seen) instead.
     */
    firstVisit({ link = false, after = null } = {}) {
      if (!seen && link && after) {
        // The boot script may have put the line there already (boot.js).
        if (!after.nextElementSibling?.classList.contains("new-here")) newHere(after, open, remember);
      } else if (!seen) open();
      seen = true;
    },
    /** opened says whether the panel is open. */
    get opened() { return dialog.open; },
  };
}

/**
 * opensLink says whether the page's address (loc) names what to show: a
 * #s= or #example= fragment, or a /s/ID short link. A first visit there
 * gets the "New here?" line, not the help panel over what the link shows.
 */
export function opensLink(loc = location) {
  const params = new URLSearchParams(loc.hash.slice(1));
  return params.has("s") || params.has("example") || /\/s\/[^/]+$/.test(loc.pathname);
}

/**
 * newHere puts the "New here?" line after the element after: its first
 * button opens the help (open), its second dismisses the line; both
 * remember that the help was seen.
 */
export function newHere(after, open, remember) {
  const doc = after.ownerDocument;
  const line = doc.createElement("p");
  line.className = "new-here";
  line.setAttribute("role", "note");
  const what = Object.assign(doc.createElement("button"), { type: "button", textContent: "What is this playground?" });
  const close = Object.assign(doc.createElement("button"), { type: "button", textContent: "✕", title: "Dismiss" });
  close.setAttribute("aria-label", "Dismiss");
  line.append("New here? ", what, " ", close);
  what.addEventListener("click", () => { line.remove(); remember(); open(); });
  close.addEventListener("click", () => { line.remove(); remember(); });
  after.after(line);
}

/**
 * exampleAbout shows an example's description: in line (the text under
 * the Example menu, which the menu is described by), as the menu's title,
 * and in the help panel's example paragraph (help). byName finds an
 * example ({ title, description }) by name; show(name) shows that
 * example's, or says the workspace is the user's own when name is none.
 */
export function exampleAbout({ menu, line, help }, byName) {
  return {
    show(name) {
      const ex = name ? byName(name) : undefined;
      const text = ex ? ex.description : "";
      line.textContent = text;
      menu.title = text || "Pick an example; “(your workspace)” is the one you edit, saved in this browser";
      if (!help) return;
      help.hidden = !ex;
      help.replaceChildren();
      if (!ex) return;
      const b = help.ownerDocument.createElement("strong");
      b.textContent = `This example, ${ex.title}: `;
      help.append(b, text);
    },
  };
}
